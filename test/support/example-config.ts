/**
 * The example server's settings in a test: on a free port of 127.0.0.1, with the test's own API
 * key (never the default), 120 demo packages unless the test says otherwise.
 */
import type { Config } from "../../examples/package-store/config.js";

/**
 * The example's {@link Config} for a test server.
 *
 * @param apiKey - the key its writes and lists require (`x-api-key`)
 * @param settings - what the test sets beside (`seed`, `countCap`, `cursorSecret`, `store`, …);
 *   `seed` @default 120
 * @example
 * ```ts
 * const server = await startFastify(exampleConfig("e2e-key", { seed: 0, countCap: 5 }));
 * ```
 */
export function exampleConfig(apiKey: string, settings: Partial<Config> = {}): Config {
  return { host: "127.0.0.1", port: 0, apiKey, apiKeyIsDefault: false, seed: 120, ...settings };
}
