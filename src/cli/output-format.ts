/**
 * The output formats of `walk`: each turns items into text, one item at a time, so the output is
 * streamed and whole (a JSON array closed) wherever the walk stops.
 */
import { stringify } from "csv-stringify/sync";

/**
 * How csv-stringify writes a record: ended by CRLF, as RFC 4180 (section 2, rule 1) says and
 * spreadsheets expect.
 */
const CSV_STRINGIFY_OPTIONS = { record_delimiter: "windows" } as const;

/** The formats, the first the default. */
export const OUTPUT_FORMATS = ["ndjson", "json", "csv"] as const;

/** One of {@link OUTPUT_FORMATS}. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Turns items into the format's text: `item` for each in order, then `end` once. */
export interface ItemWriter {
  /** The text for the next item (and what must come before it, such as CSV's header). */
  item(item: unknown): string;
  /** The text that ends the output (a JSON array's `]`), also after no item. */
  end(): string;
}

/**
 * A writer of the format.
 *
 * @param format - `ndjson`: one JSON text a line; `json`: one JSON array, an item a line; `csv`:
 *   the columns of the first item's keys (see {@link csvWriter})
 * @param onNewKey - told once of each key that an item after the first has and the first lacks
 *   (CSV only: its column set is fixed by the first item)
 * @example
 * ```ts
 * const writer = itemWriter("json");
 * writer.item({ id: 1 }) + writer.end(); // '[\n{"id":1}\n]\n'
 * ```
 */
export function itemWriter(
  format: OutputFormat,
  onNewKey: (key: string) => void = () => {},
): ItemWriter {
  if (format === "csv") return csvWriter(onNewKey);
  if (format === "json") return jsonArrayWriter();
  return { item: (item) => `${JSON.stringify(item)}\n`, end: () => "" };
}

function jsonArrayWriter(): ItemWriter {
  let written = 0;
  return {
    item: (item) => `${written++ === 0 ? "[\n" : ",\n"}${JSON.stringify(item)}`,
    end: () => (written === 0 ? "[]\n" : "\n]\n"),
  };
}

/**
 * CSV (RFC 4180, quoted by csv-stringify, each record ended by CRLF): a header of the first item's
 * keys, then a row an item.
 * A cell is a string as it is, a number or boolean as JSON writes it, an object or array as JSON
 * text, null or a missing key empty. A key that only a later item has gets no column (the header
 * is written already): its values are left out, and `onNewKey` is told once. An item that is not
 * an object is one column, `value`.
 *
 * @param onNewKey - told once of each key left out
 * @example
 * ```ts
 * const csv = csvWriter(() => {});
 * csv.item({ id: 1, tags: ["a"] }); // 'id,tags\r\n1,"[""a""]"\r\n'
 * ```
 */
export function csvWriter(onNewKey: (key: string) => void): ItemWriter {
  let columns: string[] | undefined;
  const leftOut = new Set<string>();
  return {
    item(item) {
      const record = asRecord(item);
      const header =
        columns === undefined ? stringify([Object.keys(record)], CSV_STRINGIFY_OPTIONS) : "";
      columns ??= Object.keys(record);
      for (const key of Object.keys(record)) {
        if (!columns.includes(key) && !leftOut.has(key)) {
          leftOut.add(key);
          onNewKey(key);
        }
      }
      return header + stringify([columns.map((key) => cell(record[key]))], CSV_STRINGIFY_OPTIONS);
    },
    end: () => "",
  };
}

function asRecord(item: unknown): Record<string, unknown> {
  return typeof item === "object" && item !== null && !Array.isArray(item)
    ? (item as Record<string, unknown>)
    : { value: item };
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}
