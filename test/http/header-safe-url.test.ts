import { describe, expect, it } from "vitest";
import { toHeaderSafeUrl } from "../../src/http/header-safe-url.js";

describe("toHeaderSafeUrl", () => {
  it.each<[string, string]>([
    ["/package/o/r/packages/?page=2", "/package/o/r/packages/?page=2"],
    ["https://api.example.com/a?b=c&d=e#f", "https://api.example.com/a?b=c&d=e#f"],
    ["/a-b._~!$&()*+=:@/?#", "/a-b._~!$&()*+=:@/?#"],
    ["/already%2Fescaped%20ok", "/already%2Fescaped%20ok"],
    ["/a,b;c", "/a%2Cb%3Bc"],
    ["/x?q=a b", "/x?q=a%20b"],
    ["/x\r\nSet-Cookie: a=b", "/x%0D%0ASet-Cookie:%20a=b"],
    ["/<script>", "/%3Cscript%3E"],
    ['/"quoted"', "/%22quoted%22"],
    ["/it's", "/it%27s"],
    ["/{x}|^`[y]\\", "/%7Bx%7D%7C%5E%60%5By%5D%5C"],
    ["/100%", "/100%25"],
    ["/%zz%4", "/%25zz%254"],
    ["/\u0000\u001f\u007f", "/%00%1F%7F"],
    ["/café", "/caf%C3%A9"],
    ["/😀", "/%F0%9F%98%80"],
    ["/\ud800x", "/%EF%BF%BDx"],
    ["/x\udc00", "/x%EF%BF%BD"],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(toHeaderSafeUrl(input)).toBe(expected);
  });

  it("encodes a 1 MB hostile string without a regex blow-up", () => {
    const hostile = `${"%".repeat(500_000)}${"<".repeat(500_000)}`;
    const out = toHeaderSafeUrl(hostile);
    expect(out).toBe(`${"%25".repeat(500_000)}${"%3C".repeat(500_000)}`);
  });
});
