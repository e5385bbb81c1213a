/**
 * The rows a walk remembers having read, at most: a row pushed on further is taken for new, and
 * a walk that must read back further than this to find the rows it wrote ends with an error.
 */
export const MAX_ROWS_REMEMBERED = 20_000;

/** Which rows a walk has read lately, by key; and a row's key noted as read. */
export interface KnownRows {
  has(key: string): boolean;
  add(key: string): void;
}

/** The rows a walk read, the last {@link MAX_ROWS_REMEMBERED}: pages noted, keys asked of them. */
export interface ReadRows extends KnownRows {
  /** Notes the rows of a page read (a row read again is remembered afresh). */
  remember(items: readonly unknown[]): void;
}

/**
 * Remembers the rows a walk reads, cheaply until a key is first asked for: until then only the
 * pages (references) are kept, and only as many as the last {@link MAX_ROWS_REMEMBERED} rows
 * need; from then on each row's key and when it was last read, old ones pruned now and then.
 *
 * @param keyOf - a row's key (see `rowKeyOf`)
 * @example
 * ```ts
 * const read = readRows(rowKeyOf());
 * read.remember([{ id: 1 }]);
 * read.has("id:1"); // true
 * ```
 */
export function readRows(keyOf: (item: unknown) => string): ReadRows {
  let pages: (readonly unknown[])[] = [];
  let pagedRows = 0;
  let keys: Map<string, number> | undefined;
  let rows = 0;
  const note = (map: Map<string, number>, key: string) => {
    map.delete(key); // insertion order is age order: the oldest first
    map.set(key, ++rows);
    if (map.size <= 2 * MAX_ROWS_REMEMBERED) return;
    for (const [old, at] of map) {
      if (rows - at < MAX_ROWS_REMEMBERED) break;
      map.delete(old);
    }
  };
  const keyed = (): Map<string, number> => {
    if (keys === undefined) {
      const map = new Map<string, number>();
      for (const items of pages) for (const item of items) note(map, keyOf(item));
      keys = map;
      pages = [];
    }
    return keys;
  };
  return {
    remember(items) {
      if (keys !== undefined) {
        for (const item of items) note(keys, keyOf(item));
        return;
      }
      pages.push(items);
      pagedRows += items.length;
      while (pagedRows - (pages[0]?.length ?? 0) >= MAX_ROWS_REMEMBERED) {
        pagedRows -= pages.shift()?.length ?? 0;
      }
    },
    has(key) {
      const at = keyed().get(key);
      return at !== undefined && rows - at < MAX_ROWS_REMEMBERED;
    },
    add(key) {
      note(keyed(), key);
    },
  };
}
