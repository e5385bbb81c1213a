import { describe, expect, it } from "vitest";
import { type CorsRequest, corsHeaders } from "../../src/adapters/index.js";
import { type CorsOptions, headerNamePresets } from "../../src/index.js";

const exposed =
  "Link, X-Pagination-Count, X-Pagination-Page, X-Pagination-PageTotal, X-Pagination-PageSize, X-Pagination-CountAtLeast, X-Pagination-CountEstimate";
const simple = (origin?: string): CorsRequest => ({ origin, preflight: false });
const preflight = (origin?: string): CorsRequest => ({ origin, preflight: true });

describe("corsHeaders", () => {
  it.each<[string, true | CorsOptions, CorsRequest, Record<string, string>]>([
    ["no Origin: nothing", true, simple(), {}],
    [
      "any origin: *, pagination headers exposed",
      true,
      simple("https://a.example"),
      { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": exposed },
    ],
    [
      "preflight: methods, headers, max age",
      true,
      preflight("https://a.example"),
      {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": "GET, OPTIONS",
        "Access-Control-Allow-Headers": "X-Api-Key, Content-Type",
        "Access-Control-Max-Age": "600",
      },
    ],
    [
      "listed origin echoed with Vary",
      { origin: ["https://a.example", "https://b.example"] },
      simple("https://b.example"),
      {
        Vary: "Origin",
        "Access-Control-Allow-Origin": "https://b.example",
        "Access-Control-Expose-Headers": exposed,
      },
    ],
    [
      "unlisted origin: only Vary",
      { origin: "https://a.example" },
      simple("https://evil.example"),
      { Vary: "Origin" },
    ],
    [
      "dynamic origin without an Origin header: Vary",
      { origin: "https://a.example" },
      simple(),
      { Vary: "Origin" },
    ],
    [
      "predicate",
      { origin: (o) => o.endsWith(".example") },
      simple("https://x.example"),
      {
        Vary: "Origin",
        "Access-Control-Allow-Origin": "https://x.example",
        "Access-Control-Expose-Headers": exposed,
      },
    ],
    [
      "credentials never use *",
      { credentials: true },
      simple("https://a.example"),
      {
        Vary: "Origin",
        "Access-Control-Allow-Origin": "https://a.example",
        "Access-Control-Allow-Credentials": "true",
        "Access-Control-Expose-Headers": exposed,
      },
    ],
    [
      "custom preflight headers and max age",
      { allowHeaders: ["X-Api-Key"], maxAge: 60 },
      preflight("https://a.example"),
      {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": "GET, OPTIONS",
        "Access-Control-Allow-Headers": "X-Api-Key",
        "Access-Control-Max-Age": "60",
      },
    ],
  ])("%s", (_name, cors, request, expected) => {
    expect(corsHeaders(cors, request, "GET, OPTIONS")).toStrictEqual(expected);
  });

  it("exposes the header names in use", () => {
    expect(
      corsHeaders(true, simple("https://a.example"), "GET, OPTIONS", headerNamePresets.totalCount),
    ).toStrictEqual({
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Expose-Headers": "Link, X-Total-Count",
    });
  });
});
