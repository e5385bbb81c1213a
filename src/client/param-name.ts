/**
 * Checks the name of a parameter a client sends (`pageParam`, `sortParam`): text, not empty.
 *
 * @param name - the option's name, for the message
 * @param value - the option's value
 * @throws {TypeError} for anything else
 * @example
 * ```ts
 * assertParamName("sortParam", ""); // TypeError: sortParam must be a parameter name (text, not empty); got ""
 * ```
 */
export function assertParamName(name: string, value: unknown): asserts value is string {
  if (typeof value !== "string" || value === "") {
    throw new TypeError(
      `${name} must be a parameter name (text, not empty); got ${JSON.stringify(value)}`,
    );
  }
}
