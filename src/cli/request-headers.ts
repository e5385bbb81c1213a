/**
 * The request headers every command sends: `-H 'Name: value'` (repeatable), `--api-key` (or the
 * `PAGEWISE_API_KEY` environment variable) and `--api-key-header`. One definition, which `walk` and
 * `check` both add, so their help and their reading are the same.
 */
import { type Command, Option } from "commander";
import { addHeader } from "./options.js";

/** The environment variable `--api-key` falls back to. */
export const API_KEY_VARIABLE = "PAGEWISE_API_KEY";

/** The product name the `User-Agent` header gives, before the version: `pagewise/0.1.0`. */
export const USER_AGENT_PRODUCT = "pagewise";

/** The header options as commander reads them. */
export interface HeaderFlags {
  readonly header?: Record<string, string>;
  readonly apiKey?: string;
  readonly apiKeyHeader: string;
  /** `pagewise/<version>`, set before the command runs from the program's `--version`. */
  readonly userAgent?: string;
}

/**
 * Adds `-H`, `--api-key` and `--api-key-header` to `command`, and before its action the
 * `User-Agent` it sends: `pagewise/` and the version the program's `--version` prints (the
 * package's, read once by the bin).
 *
 * @param command - the command to add them to
 * @returns the command
 * @example
 * ```ts
 * addHeaderOptions(new Command("check")).parse(["--api-key", "k"], { from: "user" });
 * ```
 */
export function addHeaderOptions(command: Command): Command {
  return command
    .option("-H, --header <header>", "a request header, 'Name: value' (repeatable)", addHeader)
    .addOption(
      new Option("--api-key <key>", "the API key, sent as --api-key-header").env(API_KEY_VARIABLE),
    )
    .option("--api-key-header <name>", "the header the API key is sent in", "X-Api-Key")
    .hook("preAction", (self) => {
      const version = self.parent?.version();
      const userAgent = version ? `${USER_AGENT_PRODUCT}/${version}` : USER_AGENT_PRODUCT;
      self.setOptionValue("userAgent", userAgent);
    });
}

/**
 * The headers the flags ask for: `-H`'s, the API key in its header, and `User-Agent` (the flags'
 * `userAgent`) unless `-H` gave one.
 *
 * @param flags - the options as commander read them
 * @returns the headers to send on every request
 * @example
 * ```ts
 * requestHeaders({ apiKey: "k", apiKeyHeader: "X-Api-Key", userAgent: "pagewise/0.1.0" });
 * // { "X-Api-Key": "k", "User-Agent": "pagewise/0.1.0" }
 * ```
 */
export function requestHeaders(flags: HeaderFlags): Record<string, string> {
  const headers = { ...flags.header };
  if (flags.apiKey !== undefined) headers[flags.apiKeyHeader] = flags.apiKey;
  const named = Object.keys(headers).some((name) => name.toLowerCase() === "user-agent");
  if (flags.userAgent !== undefined && !named) headers["User-Agent"] = flags.userAgent;
  return headers;
}
