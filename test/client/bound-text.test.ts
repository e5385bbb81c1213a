import { describe, expect, it } from "vitest";
import { bytesText, clockText, msText } from "../../src/client/bound-text.js";

describe("a bound's figures as words", () => {
  it.each([
    [300, "300 ms"],
    [999, "999 ms"],
    [1000, "1 s"],
    [1500, "1.5 s"],
    [30_000, "30 s"],
  ])("msText(%i) is %j", (ms, text) => {
    expect(msText(ms)).toBe(text);
  });

  it.each([
    [8 * 1024 * 1024, "8 MiB"],
    [64 * 1024, "64 KiB"],
    [1536 * 1024, "1536 KiB"],
    [1000, "1000 bytes"],
    [1, "1 byte"],
  ])("bytesText(%i) is %j", (bytes, text) => {
    expect(bytesText(bytes)).toBe(text);
  });

  it.each([
    ["2026-11-27T10:42:07.900Z", "10:42:07 UTC"],
    ["2026-11-28T00:00:01Z", "2026-11-28 00:00:01 UTC"],
  ])("clockText(%s) on 2026-11-27 is %j", (at, text) => {
    expect(clockText(new Date(at), new Date("2026-11-27T10:00:00Z"))).toBe(text);
  });
});
