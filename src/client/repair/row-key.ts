/**
 * How a walk tells one row from another when it makes up for rows that moved: by `rowKey`'s
 * value, else by the row's `id` when it is a string or a number, else by the row's JSON (a row
 * without an id that changes during a walk then looks like another row). Rows with one key are
 * one row to the walk.
 *
 * @param rowKey - the key of a row, compared as JSON
 * @returns a function giving a row's key as text
 * @example
 * ```ts
 * rowKeyOf()({ id: 7, status: "failed" }); // 'id:7'
 * rowKeyOf((p: { name: string }) => p.name)({ name: "left-pad" }); // 'key:"left-pad"'
 * ```
 */
export function rowKeyOf<T>(rowKey?: (item: T) => unknown): (item: unknown) => string {
  if (rowKey !== undefined) return (item) => `key:${JSON.stringify(rowKey(item as T))}`;
  return (item) => {
    const id =
      typeof item === "object" && item !== null ? (item as { id?: unknown }).id : undefined;
    if (typeof id === "string" || typeof id === "number") return `id:${JSON.stringify(id)}`;
    return `${JSON_KEY}${JSON.stringify(item)}`;
  };
}

/** How a key made of a row's whole JSON begins (a row with no id and no `rowKey`). */
const JSON_KEY = "row:";

/**
 * Whether a key from {@link rowKeyOf} is a row's whole JSON: rows with no id may rightly share it.
 *
 * @param key - a row's key
 * @example
 * ```ts
 * isJsonKey(rowKeyOf()({ v: 1 })); // true
 * isJsonKey(rowKeyOf()({ id: 1 })); // false
 * ```
 */
export function isJsonKey(key: string): boolean {
  return key.startsWith(JSON_KEY);
}
