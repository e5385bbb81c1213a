import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ParsedLink, parseLinkHeader } from "../../src/client/index.js";
import { toHeaderSafeUrl, toWellFormed } from "../../src/http/header-safe-url.js";
import { formatLinkHeader, paginate, paginationHeaders } from "../../src/page/index.js";
import { growthRatio, LINEAR_MOST } from "../support/linear-growth.js";

const link = (
  url: string,
  rel: string,
  params: Record<string, string> = {},
  languages: Pick<ParsedLink, "hreflang" | "titleLanguage"> = {},
): ParsedLink => ({ url, rel, params, ...languages });

const de = { titleLanguage: "de" };

describe("parseLinkHeader: RFC 8288 section 3.5 examples", () => {
  it.each<[string, ParsedLink[]]>([
    [
      '<http://example.com/TheBook/chapter2>; rel="previous"; title="previous chapter"',
      [link("http://example.com/TheBook/chapter2", "previous", { title: "previous chapter" })],
    ],
    ['</>; rel="http://example.net/foo"', [link("/", "http://example.net/foo")]],
    ['</terms>; rel="copyright"; anchor="#foo"', [link("/terms", "copyright", { anchor: "#foo" })]],
    [
      "</TheBook/chapter2>; rel=\"previous\"; title*=UTF-8'de'letztes%20Kapitel, </TheBook/chapter4>; rel=\"next\"; title*=UTF-8'de'n%c3%a4chstes%20Kapitel",
      [
        link("/TheBook/chapter2", "previous", { "title*": "letztes Kapitel" }, de),
        link("/TheBook/chapter4", "next", { "title*": "nächstes Kapitel" }, de),
      ],
    ],
    [
      '<http://example.org/>; rel="start http://example.net/relation/other"',
      [
        link("http://example.org/", "start"),
        link("http://example.org/", "http://example.net/relation/other"),
      ],
    ],
  ])("%s", (header, expected) => {
    expect(parseLinkHeader(header)).toStrictEqual(expected);
  });
});

describe("parseLinkHeader: what real headers hold", () => {
  it.each<[string, string, ParsedLink[]]>([
    [
      "GitHub-style next and last",
      '<https://api.github.com/user/9287/repos?page=2&per_page=100>; rel="next", <https://api.github.com/user/9287/repos?page=3&per_page=100>; rel="last"',
      [
        link("https://api.github.com/user/9287/repos?page=2&per_page=100", "next"),
        link("https://api.github.com/user/9287/repos?page=3&per_page=100", "last"),
      ],
    ],
    ["unquoted rel", "</a>; rel=next, </b>; rel=last", [link("/a", "next"), link("/b", "last")]],
    [
      "spaces around = and ;",
      '</a> ;  rel = "next" ; title = x',
      [link("/a", "next", { title: "x" })],
    ],
    [
      "upper-case names and registered rels",
      '</a>; REL="Next"; TITLE="T"',
      [link("/a", "next", { title: "T" })],
    ],
    [
      "escaped quotes in a quoted value",
      '</a>; rel="next"; title="say \\"hi\\""',
      [link("/a", "next", { title: 'say "hi"' })],
    ],
    [
      "; and , inside quotes",
      '</a>; rel="next"; title="one, two; three"',
      [link("/a", "next", { title: "one, two; three" })],
    ],
    ["; and , inside the URL", '</a;b,c?x=1,2>; rel="next"', [link("/a;b,c?x=1,2", "next")]],
    [
      "base64 padding in an unquoted value",
      "</a>; rel=next; hash=YWJj==",
      [link("/a", "next", { hash: "YWJj==" })],
    ],
    ["only the first rel counts", '</a>; rel="next"; rel="last"', [link("/a", "next")]],
    [
      "every hreflang (RFC 8288 section 3.4.1: each a language available), the first in params",
      '</a>; rel="alternate"; hreflang=de; hreflang="en-GB"; HREFLANG=fr',
      [link("/a", "alternate", { hreflang: "de" }, { hreflang: ["de", "en-GB", "fr"] })],
    ],
    [
      "only the first media, title, title* and type",
      "</a>; rel=next; media=screen; media=print; title=one; title=two; type=text/html; type=text/plain; title*=UTF-8'de'eins; title*=UTF-8'en'two",
      [
        link(
          "/a",
          "next",
          { media: "screen", title: "one", type: "text/html", "title*": "eins" },
          { titleLanguage: "de" },
        ),
      ],
    ],
    [
      "a title* without a language",
      "</a>; rel=next; title*=UTF-8''caf%C3%A9",
      [link("/a", "next", { "title*": "café" })],
    ],
    ["a link without rel", '</a>; title="t"', [link("/a", "", { title: "t" })]],
    [
      "a parameter without a value",
      "</a>; rel=next; crossorigin",
      [link("/a", "next", { crossorigin: "" })],
    ],
    [
      "folded across lines and commas",
      '</a>; rel="next",\r\n\t </b>; rel="last",,',
      [link("/a", "next"), link("/b", "last")],
    ],
    [
      "__proto__ is just a rel",
      '</a>; rel="__proto__"; __proto__="x"',
      [link("/a", "__proto__", JSON.parse('{"__proto__":"x"}'))],
    ],
    [
      "template links are kept as sent",
      '</items/?page=3{&page_size}>; rel="next"',
      [link("/items/?page=3{&page_size}", "next")],
    ],
    [
      "RFC 8187 in ISO-8859-1",
      "</a>; rel=next; title*=iso-8859-1'en'%A3%20rates",
      [link("/a", "next", { "title*": "£ rates" }, { titleLanguage: "en" })],
    ],
    [
      "RFC 8187 with a bad escape stays raw",
      "</a>; rel=next; title*=UTF-8''%E0%A4%A",
      [link("/a", "next", { "title*": "UTF-8''%E0%A4%A" })],
    ],
  ])("%s", (_name, header, expected) => {
    expect(parseLinkHeader(header)).toStrictEqual(expected);
  });

  it("keeps __proto__ an own parameter, with no prototype touched", () => {
    const [parsed] = parseLinkHeader('</a>; rel="next"; __proto__="polluted"');
    expect(Object.getPrototypeOf(parsed?.params)).toBe(Object.prototype);
    expect(Object.keys(parsed?.params ?? {})).toStrictEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("parseLinkHeader: garbage", () => {
  it.each<[string, string, ParsedLink[]]>([
    ["empty", "", []],
    ["whitespace", "   \t ", []],
    ["no angle brackets", 'rel="next"', []],
    ["an unclosed <", '<https://x/?page=2; rel="next"', []],
    [
      "garbage before a link is skipped",
      'garbage; rel="x", </a>; rel="next"',
      [link("/a", "next")],
    ],
    [
      "garbage after the parameters is skipped",
      '</a>; rel="next" junk here, </b>; rel="last"',
      [link("/a", "next"), link("/b", "last")],
    ],
    ["an unclosed quote drops the link", '</a>; rel="next, </b>; rel=last', []],
  ])("%s", (_name, header, expected) => {
    expect(parseLinkHeader(header)).toStrictEqual(expected);
  });

  it("refuses a value that is not a string with a TypeError", () => {
    expect(() => parseLinkHeader(undefined as unknown as string)).toThrow(TypeError);
  });
});

describe("parseLinkHeader: linear time on hostile input", () => {
  const hostile: readonly [string, (n: number) => string][] = [
    ["whitespace runs", (n) => `</a>;${" ".repeat(n)}rel="next"`],
    ["< repeated", (n) => "<".repeat(n)],
    ["<x> repeated without separators", (n) => "<x>".repeat(n / 3)],
    [";, repeated", (n) => `</a>${";,".repeat(n / 2)}`],
    ["an unclosed quoted string", (n) => `</a>; title="${"\\\\".repeat(n / 2)}`],
    ["= repeated", (n) => `</a>; rel${"=".repeat(n)}`],
    ["hreflang repeated", (n) => `</a>; rel=alternate${";hreflang=de".repeat(n / 12)}`],
  ];

  it.each(hostile)("%s: one long input costs its pieces' CPU, not PIECES times", (_name, make) => {
    expect(growthRatio(make, parseLinkHeader)).toBeLessThan(LINEAR_MOST);
  });
});

describe("parseLinkHeader: round trips", () => {
  it("reads back every header paginationHeaders writes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 60 }),
        fc.string(),
        (count, pageSize, page, filter) => {
          const p = paginate({ count, page, pageSize });
          const url = `/items/?q=${encodeURIComponent(filter)}&page=${page}`;
          const value = paginationHeaders(p, { url }).Link ?? "";
          const rels = parseLinkHeader(value).map((l) => [
            l.rel,
            new URL(l.url, "http://h").searchParams.get("page"),
          ]);
          const expected = (["first", "prev", "next", "last"] as const)
            .filter((rel) => p[rel] !== undefined)
            .map((rel) => [rel, String(p[rel])]);
          expect(rels).toStrictEqual(expected);
        },
      ),
    );
  });

  it("reads back what formatLinkHeader writes, parameters and RFC 8187 values included", () => {
    const rel = fc.stringMatching(/^[a-z][a-z0-9.-]{0,10}$/);
    const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,6}$/).filter((n) => n !== "rel");
    const quotable = fc.stringMatching(/^[\x20-\x7e]{0,12}$/);
    const one = fc.record({
      url: fc.string(),
      rel,
      params: fc.dictionary(name, quotable, { maxKeys: 3 }),
      title: fc.string(),
    });
    fc.assert(
      fc.property(fc.array(one, { maxLength: 5 }), (links) => {
        const written = links.map(({ url, rel, params, title }) => ({
          url,
          rel,
          params: { ...params, "title*": title },
        }));
        // What comes back: the header-safe URL the formatter wrote, and every value as given
        // (a lone surrogate in a title* is written, and so read, as U+FFFD).
        const expected = written.map(({ url, rel, params }) => ({
          url: toHeaderSafeUrl(url),
          rel,
          params: { ...params, "title*": toWellFormed(params["title*"]) },
        }));
        expect(parseLinkHeader(formatLinkHeader(written))).toStrictEqual(expected);
      }),
    );
  });
});
