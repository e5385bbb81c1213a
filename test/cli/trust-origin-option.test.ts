import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { addTrustedOrigin } from "../../src/cli/trust-origin-option.js";

describe("addTrustedOrigin", () => {
  it.each([
    ["https://cdn.example.com", "https://cdn.example.com"],
    ["https://CDN.example.com:443/", "https://cdn.example.com"],
    ["http://127.0.0.1:8080", "http://127.0.0.1:8080"],
  ])("reads %j as %j", (text, origin) => {
    expect(addTrustedOrigin(text, ["http://a.test"])).toStrictEqual(["http://a.test", origin]);
  });

  it.each([
    "cdn.example.com",
    "ftp://cdn.example.com",
    "https://cdn.example.com/items/",
    "https://cdn.example.com/?page=2",
    "https://cdn.example.com#top",
    "https://user:secret@cdn.example.com",
  ])("refuses %j, naming what it takes", (text) => {
    expect(() => addTrustedOrigin(text)).toThrow(
      new InvalidArgumentError(
        `must be an origin such as https://api.example.com (scheme, host and port; nothing after them), got ${JSON.stringify(text)}`,
      ),
    );
  });
});
