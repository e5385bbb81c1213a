import { PagewiseError } from "./problem-error.js";
import type { ApiKeyVerifier } from "./resource.js";

const encoder = new TextEncoder();

/**
 * A verifier that accepts the given key(s), comparing in time that does not depend on where a
 * guess first differs.
 *
 * @param keys - the accepted key, or several (e.g. during a rotation); empty keys are never accepted
 * @example
 * ```ts
 * defineResource(methods, { apiKey: apiKeyVerifier(process.env.API_KEY ?? "") });
 * ```
 */
export function apiKeyVerifier(keys: string | readonly string[]): ApiKeyVerifier {
  const accepted = (typeof keys === "string" ? [keys] : keys)
    .filter((key) => key !== "")
    .map((key) => encoder.encode(key));
  return (key) => {
    const given = encoder.encode(key);
    let match = false;
    for (const candidate of accepted) match = constantTimeEqual(given, candidate) || match;
    return match;
  };
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= (a[i] ?? 0) ^ (b[i] as number);
  return diff === 0;
}

const CHALLENGE = { "WWW-Authenticate": 'ApiKey header="X-Api-Key"' };

/**
 * Checks the `X-Api-Key` header with the verifier.
 *
 * @throws {PagewiseError} 401 `unauthorized` when the key is missing or rejected
 */
export async function checkApiKey<N>(
  verify: ApiKeyVerifier<N>,
  key: string | undefined,
  request: N,
): Promise<void> {
  if (key === undefined || key === "") {
    throw new PagewiseError(
      401,
      "unauthorized",
      "Send your API key in the X-Api-Key header.",
      {},
      CHALLENGE,
    );
  }
  if (!(await verify(key, request))) {
    throw new PagewiseError(401, "unauthorized", "The API key is not valid.", {}, CHALLENGE);
  }
}
