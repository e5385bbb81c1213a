import { describe, expect, it } from "vitest";
import { forwardedBase } from "../../src/http/forwarded-base.js";

describe("forwardedBase", () => {
  it.each<[Record<string, string>, string | undefined]>([
    [{ host: "api.example" }, "http://api.example"],
    [{ host: "api.example:8080", "x-forwarded-proto": "https" }, "https://api.example:8080"],
    [
      {
        host: "internal",
        "x-forwarded-host": "Shop.Example, proxy",
        "x-forwarded-proto": "HTTPS, http",
      },
      "https://shop.example",
    ],
    [{ host: "[::1]:3000" }, "http://[::1]:3000"],
    [{ host: "127.0.0.1" }, "http://127.0.0.1"],
    [{}, undefined],
    [{ host: "" }, undefined],
    [{ host: "evil.example/path" }, undefined],
    [{ host: "user@evil.example" }, undefined],
    [{ host: "a b" }, undefined],
    [{ host: "a.example", "x-forwarded-proto": "javascript" }, undefined],
    [{ host: "-bad.example" }, undefined],
    [{ host: `${"a".repeat(300)}.example` }, undefined],
  ])("%j → %s", (headers, expected) => {
    expect(forwardedBase((name) => headers[name])).toBe(expected);
  });
});
