import { unauthorized } from "../errors.js";
import { describeKind } from "../option-checks.js";
import { andThen, type MaybePromise } from "./maybe-async.js";

/**
 * Checks an API key: return `true` (exactly) to accept. Called with the `X-Api-Key` value only
 * when one was sent.
 */
export type ApiKeyVerifier<N = unknown> = (key: string, request: N) => boolean | Promise<boolean>;

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
  const accepted = (typeof keys === "string" ? [keys] : keys).filter((key) => key !== "");
  return (key) => {
    let match = false;
    for (const candidate of accepted) match = constantTimeEqual(key, candidate) || match;
    return match;
  };
}

/** Equal strings, compared over every code unit of `expected` whatever the first difference. */
function constantTimeEqual(given: string, expected: string): boolean {
  let diff = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++)
    diff |= (given.charCodeAt(i) | 0) ^ expected.charCodeAt(i);
  return diff === 0;
}

/**
 * Checks a resource's `apiKey` option when the resource is defined: a verifier function (or none).
 * A key given as a string would 401 every request without a key, so auth would look fine, and fail
 * every request that sends one.
 *
 * @throws {TypeError} for anything but a function or `undefined`
 */
export function assertApiKeyOption(value: unknown): void {
  if (value === undefined || value === null || typeof value === "function") return;
  throw new TypeError(
    `apiKey must be a function (key, request) => boolean; got ${describeKind(value)}. Use apiKeyVerifier(keys) or a function.`,
  );
}

/**
 * Checks the `X-Api-Key` header with the verifier (synchronously when the verifier is).
 *
 * @throws {PagewiseError} 401 `unauthorized` when the key is missing or rejected
 */
export function checkApiKey<N>(
  verify: ApiKeyVerifier<N>,
  key: string | undefined,
  request: N,
): MaybePromise<void> {
  if (key === undefined || key === "") {
    throw unauthorized("Send your API key in the X-Api-Key header.");
  }
  return andThen(verify(key, request), (valid) => {
    // Only `true` accepts: a verifier answering "false" or 1 by mistake never lets a key through.
    if (valid !== true) {
      throw unauthorized("The API key is not valid.");
    }
  });
}
