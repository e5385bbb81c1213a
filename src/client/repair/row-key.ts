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
    return `row:${JSON.stringify(item)}`;
  };
}
