import { describe, expect, it } from "vitest";
import { waitLine, waitText } from "../../src/cli/wait-line.js";

describe("waitLine", () => {
  const now = new Date("2026-11-27T10:00:00Z");
  it.each([
    [429, "rate limited (429)"],
    [503, "unavailable (503)"],
  ])("says a %i as %j, and when it is asked again", (status, words) => {
    const until = new Date("2026-11-27T10:42:07Z");
    expect(waitLine({ url: "http://x/?page=2", status, until }, now)).toBe(
      `pagewise: ${words} at http://x/?page=2; asking again at 10:42:07 UTC`,
    );
  });
});

describe("waitText", () => {
  it("says what the progress waits for, in place of the time left", () => {
    const until = new Date("2026-11-27T11:00:00Z");
    const now = new Date("2026-11-27T10:00:00Z");
    expect(waitText({ url: "http://x/?page=2", status: 429, until }, now)).toBe(
      "rate limited (429), asking again at 11:00:00 UTC",
    );
  });
});
