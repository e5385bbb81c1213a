import { describe, expect, it } from "vitest";
import { formatLinkHeader, type LinkValue } from "../../src/page/index.js";

describe("formatLinkHeader", () => {
  it.each<[string, readonly LinkValue[] | Record<string, string>, string]>([
    ["no links", [], ""],
    ["one link", [{ url: "/a?page=2", rel: "next" }], '</a?page=2>; rel="next"'],
    [
      'spec form: <url>; rel="name" joined by commas, order kept',
      [
        { url: "/p/?page=1", rel: "first" },
        { url: "/p/?page=1", rel: "prev" },
        { url: "/p/?page=3", rel: "next" },
        { url: "/p/?page=3", rel: "last" },
      ],
      '</p/?page=1>; rel="first", </p/?page=1>; rel="prev", </p/?page=3>; rel="next", </p/?page=3>; rel="last"',
    ],
    [
      "record form keeps insertion order",
      { next: "/x?page=3", last: "/x?page=9" },
      '</x?page=3>; rel="next", </x?page=9>; rel="last"',
    ],
    ["several rels in one", [{ url: "/x", rel: "next last" }], '</x>; rel="next last"'],
    [
      "extension rel URI",
      [{ url: "/x", rel: "https://example.com/rels/item" }],
      '</x>; rel="https://example.com/rels/item"',
    ],
    ["comma and semicolon encoded", [{ url: "/a,b;c", rel: "next" }], '</a%2Cb%3Bc>; rel="next"'],
    [
      "CR LF and angle brackets encoded",
      [{ url: "/a>\r\n<b", rel: "next" }],
      '</a%3E%0D%0A%3Cb>; rel="next"',
    ],
    [
      "quoted parameter with escapes",
      [{ url: "/x", rel: "next", params: { title: 'say "hi" \\o/' } }],
      '</x>; rel="next"; title="say \\"hi\\" \\\\o/"',
    ],
    [
      "RFC 8187 star parameter",
      [{ url: "/x", rel: "next", params: { "title*": "nächste Seite (100%)'*" } }],
      "</x>; rel=\"next\"; title*=UTF-8''n%C3%A4chste%20Seite%20%28100%25%29%27%2A",
    ],
    [
      "star parameter with a lone surrogate",
      [{ url: "/x", rel: "next", params: { "title*": "a\ud800" } }],
      "</x>; rel=\"next\"; title*=UTF-8''a%EF%BF%BD",
    ],
    [
      "several parameters in order",
      [{ url: "/x", rel: "next", params: { type: "application/json", hreflang: "en" } }],
      '</x>; rel="next"; type="application/json"; hreflang="en"',
    ],
  ])("%s", (_name, links, expected) => {
    expect(formatLinkHeader(links)).toBe(expected);
  });

  it.each<[string, LinkValue, string]>([
    ["empty rel", { url: "/x", rel: "" }, 'Invalid link relation: ""'],
    ["rel with a quote", { url: "/x", rel: 'next"' }, 'Invalid link relation: "next\\""'],
    [
      "rel with CR LF",
      { url: "/x", rel: "next\r\nX: y" },
      'Invalid link relation: "next\\r\\nX: y"',
    ],
    [
      "rel with double space",
      { url: "/x", rel: "next  last" },
      'Invalid link relation: "next  last"',
    ],
    ["rel with a trailing space", { url: "/x", rel: "next " }, 'Invalid link relation: "next "'],
    ["non-ASCII rel", { url: "/x", rel: "nächste" }, 'Invalid link relation: "nächste"'],
    ["rel with a comma", { url: "/x", rel: "next,last" }, 'Invalid link relation: "next,last"'],
    ["rel with a semicolon", { url: "/x", rel: "next;x=1" }, 'Invalid link relation: "next;x=1"'],
    ["rel with angle brackets", { url: "/x", rel: "<next>" }, 'Invalid link relation: "<next>"'],
    [
      "param name with a space",
      { url: "/x", rel: "next", params: { "ti tle": "x" } },
      'Invalid link parameter name: "ti tle"',
    ],
    [
      "a second rel",
      { url: "/x", rel: "next", params: { REL: "last" } },
      'Invalid link parameter name: "REL"',
    ],
    [
      "param value with LF",
      { url: "/x", rel: "next", params: { title: "a\nb" } },
      'Link parameter title must be printable ASCII; use "title*" for other characters',
    ],
    [
      "param value with a tab",
      { url: "/x", rel: "next", params: { title: "a\tb" } },
      'Link parameter title must be printable ASCII; use "title*" for other characters',
    ],
    [
      "non-ASCII param value",
      { url: "/x", rel: "next", params: { title: "é" } },
      'Link parameter title must be printable ASCII; use "title*" for other characters',
    ],
  ])("rejects %s with a TypeError", (_name, link, message) => {
    expect(() => formatLinkHeader([link])).toThrow(new TypeError(message));
  });
});
