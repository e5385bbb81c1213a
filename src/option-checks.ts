/**
 * Throws a TypeError unless `value` is one of `allowed` (or `undefined`, the default): an option
 * misspelt as `linkParams: "All"` must not fall back silently to another behaviour.
 */
export function assertOption(name: string, value: unknown, allowed: readonly unknown[]): void {
  if (value !== undefined && !allowed.includes(value)) {
    throw new TypeError(
      `${name} must be one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}; got ${JSON.stringify(value)}`,
    );
  }
}
