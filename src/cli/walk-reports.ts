import type { ListChange } from "../client/walk-options.js";
import { counted } from "./progress-text.js";

/**
 * The line for a change the walker saw in the list during the walk (rows created or deleted): the
 * walker makes up for rows that moved where the list is linked by page number (docs/client.md).
 *
 * @param change - what `onListChange` was told
 * @example
 * ```ts
 * listChangeLine({ url: "http://x/?page=3", count: { from: 120, to: 100 } });
 * // "pagewise: the list changed during the walk (count 120 → 100), seen at http://x/?page=3"
 * ```
 */
export function listChangeLine(change: ListChange): string {
  const how = change.count ? ` (count ${change.count.from} → ${change.count.to})` : "";
  return `pagewise: the list changed during the walk${how}, seen at ${change.url}`;
}

/**
 * The line for a key that an item after the first has and the CSV has no column for.
 *
 * @param key - the key left out
 * @example
 * ```ts
 * newKeyLine("tags"); // 'pagewise: later items have a key the first had not, "tags": its values are left out of the CSV'
 * ```
 */
export function newKeyLine(key: string): string {
  return `pagewise: later items have a key the first had not, ${JSON.stringify(key)}: its values are left out of the CSV`;
}

/**
 * The lines that say how to go on from where the walk stopped.
 *
 * @param why - why it stopped (`interrupted`, `stopped by the error above`)
 * @param pages - the pages written
 * @param items - the items written
 * @param next - the URL to go on from
 * @example
 * ```ts
 * goOnLine("interrupted", 3, 60, "http://x/?page=4");
 * // "pagewise: interrupted after 3 pages (60 items); to go on, run the same command with --from 'http://x/?page=4'"
 * ```
 */
export function goOnLine(why: string, pages: number, items: number, next: string): string {
  const quoted = `'${next.replaceAll("'", "'\\''")}'`;
  return `pagewise: ${why} after ${counted(pages, "page")} (${counted(items, "item")}); to go on, run the same command with --from ${quoted}`;
}
