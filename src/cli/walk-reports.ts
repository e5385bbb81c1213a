import type { ListChange } from "../client/walk-options.js";
import { headerNamePresets } from "../page/header-name-presets.js";
import type { GoOn } from "./go-on.js";
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
 * The line for a page size the server did not serve: asked for one, it serves another (clamped
 * to its maximum, or the parameter ignored), so the walk goes on at the size served.
 *
 * @param asked - the size asked for (`--page-size`, else the URL's `page_size`)
 * @param served - the size the first page was served at (`X-Pagination-PageSize`)
 * @example
 * ```ts
 * pageSizeLine(1000, 500);
 * // "pagewise: asked for 1000 items a page, the server serves 500 (X-Pagination-PageSize)"
 * ```
 */
export function pageSizeLine(asked: number, served: number): string {
  return `pagewise: asked for ${counted(asked, "item")} a page, the server serves ${served} (${headerNamePresets.xPagination.pageSize})`;
}

/**
 * The line that says where the walk stopped and how to go on: the options to add to the same
 * command, each value quoted for a POSIX shell (a number needs none), or why no command goes on.
 *
 * @param why - why it stopped (`interrupted`, `stopped`)
 * @param pages - the pages written
 * @param items - the items written
 * @param goOn - the options to add, or why none go on (see {@link goOnAfter})
 * @example
 * ```ts
 * goOnLine("interrupted", 3, 60, { options: ["--from", "http://x/?page=4"] });
 * // "pagewise: interrupted after 3 pages (60 items); to go on, run the same command with --from 'http://x/?page=4'"
 * ```
 */
export function goOnLine(why: string, pages: number, items: number, goOn: GoOn): string {
  const where = `pagewise: ${why} after ${counted(pages, "page")} (${counted(items, "item")})`;
  if ("reason" in goOn) return `${where}; ${goOn.reason}`;
  const options = goOn.options.map((option, index) => (index % 2 ? shellQuoted(option) : option));
  return `${where}; to go on, run the same command with ${options.join(" ")}`;
}

/** `text` in single quotes for a POSIX shell; a number as it is. */
function shellQuoted(text: string): string {
  return /^\d+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
