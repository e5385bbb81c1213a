/** The example server's settings, read from the environment. */
export interface Config {
  readonly host: string;
  readonly port: number;
  readonly apiKey: string;
  readonly apiKeyIsDefault: boolean;
  readonly seed: number;
  readonly publicUrl?: string | undefined;
}

/**
 * Reads `HOST` (default 127.0.0.1), `PORT` (3000; 0 picks a free port), `API_KEY` (`dev-key`),
 * `SEED` (120 demo packages in demo/tools; 0 starts empty) and `PUBLIC_URL` (optional).
 *
 * @throws {Error} for a PORT or SEED that is not a whole number in range
 */
export function readConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Config {
  return {
    host: env.HOST || "127.0.0.1",
    port: wholeNumber("PORT", env.PORT, 3000, 65535),
    apiKey: env.API_KEY || "dev-key",
    apiKeyIsDefault: !env.API_KEY,
    seed: wholeNumber("SEED", env.SEED, 120, 1_000_000),
    publicUrl: env.PUBLIC_URL || undefined,
  };
}

function wholeNumber(
  name: string,
  value: string | undefined,
  fallback: number,
  max: number,
): number {
  if (value === undefined || value === "") return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) > max) {
    throw new Error(
      `${name} must be a whole number from 0 to ${max}, got ${JSON.stringify(value)}`,
    );
  }
  return Number(value);
}
