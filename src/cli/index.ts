/**
 * The `pagewise` bin (`npx pagewise walk URL`): runs the command line and exits with its status.
 * The shebang is added by the build (tsup's banner for this entry).
 * @packageDocumentation
 */
import { readFileSync } from "node:fs";
import { main } from "./main.js";

const { version } = JSON.parse(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
) as { version: string };

process.exitCode = await main(process.argv.slice(2), version);
