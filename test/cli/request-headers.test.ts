import { Command } from "commander";
import { describe, expect, it } from "vitest";
import {
  addHeaderOptions,
  type HeaderFlags,
  requestHeaders,
} from "../../src/cli/request-headers.js";

/** The headers `args` make a command of a program at `version` send. */
function sent(version: string | undefined, args: string[]): Record<string, string> {
  let headers: Record<string, string> = {};
  const command = addHeaderOptions(new Command("walk")).action((flags: HeaderFlags) => {
    headers = requestHeaders(flags);
  });
  const program = new Command("pagewise").addCommand(command);
  if (version !== undefined) program.version(version);
  program.parse(["walk", ...args], { from: "user" });
  return headers;
}

describe("requestHeaders", () => {
  it.each<[string | undefined, string[], Record<string, string>]>([
    ["1.2.3", [], { "User-Agent": "pagewise/1.2.3" }],
    [undefined, [], { "User-Agent": "pagewise" }],
    [
      "1.2.3",
      ["--api-key", "k", "-H", "Accept: application/json"],
      { Accept: "application/json", "X-Api-Key": "k", "User-Agent": "pagewise/1.2.3" },
    ],
    ["1.2.3", ["-H", "User-Agent: mine/2"], { "User-Agent": "mine/2" }],
    ["1.2.3", ["-H", "user-agent: mine/2"], { "user-agent": "mine/2" }],
  ])("at version %s, %j sends %j", (version, args, headers) => {
    expect(sent(version, args)).toStrictEqual(headers);
  });
});
