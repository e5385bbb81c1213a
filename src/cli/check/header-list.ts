/**
 * A comma-separated header value (`Allow`, `Access-Control-Expose-Headers`, …) as its entries.
 */

/**
 * The entries of a list-valued header, trimmed and upper case (methods and header names are
 * compared without regard to case).
 *
 * @param value - the header's value, or `undefined` when absent
 * @returns its entries, e.g. `["GET", "OPTIONS"]`
 * @example
 * ```ts
 * headerList("GET, options"); // ["GET", "OPTIONS"]
 * ```
 */
export function headerList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim().toUpperCase())
    .filter((entry) => entry !== "");
}
