import { describeValue, quoteText } from "../option-checks.js";

/**
 * The order a client asks a list for: the `sort` text as a client writes it (`"-created_at,name"`:
 * fields separated by commas, `-` before a field for descending), or its fields in an array
 * (`["-created_at", "name"]`), joined with commas.
 */
export type RequestedSort = string | readonly string[];

/**
 * Checks a client's `sort` and writes it as the parameter's text: an array's fields joined with
 * commas, a text as given. Which fields a list offers is the server's to say (a 400
 * `invalid_sort`); this refuses what no server can read: an empty item, a field given in an
 * array with a comma in it, `--field`, a field named twice (in either direction).
 *
 * @param name - the option's name, for messages (`"sort"`)
 * @param sort - the option's value
 * @returns the text to send, e.g. `"-created_at,name"`
 * @throws {TypeError} naming the fix
 * @example
 * ```ts
 * sortText("sort", ["-created_at", "name"]); // "-created_at,name"
 * sortText("sort", "name,-name"); // TypeError: sort names "name" twice: …
 * ```
 */
export function sortText(name: string, sort: unknown): string {
  if (typeof sort === "string") return checkedFields(name, sort, sort.split(","));
  if (!Array.isArray(sort)) {
    throw new TypeError(
      `${name} must be a sort text ("-created_at,name") or an array of fields (["-created_at", "name"]); got ${describeValue(sort)}`,
    );
  }
  sort.forEach((field: unknown, index) => {
    if (typeof field !== "string") {
      throw new TypeError(
        `${name}[${index}] must be a field such as "-created_at"; got ${describeValue(field)}`,
      );
    }
    if (field.includes(",")) {
      throw new TypeError(
        `${name}[${index}] holds a comma (${quoteText(field)}): give each field as an item of its own`,
      );
    }
  });
  return checkedFields(name, sort.join(","), sort as readonly string[]);
}

/** `text`, once each of its fields is one the server can read, each named once. */
function checkedFields(name: string, text: string, fields: readonly string[]): string {
  if (fields.length === 0 || text.trim() === "") {
    throw new TypeError(
      `${name} names no field: leave it out for the list's default order, or name a field such as "-created_at"`,
    );
  }
  const seen = new Set<string>();
  for (const field of fields) {
    const word = field.trim();
    const bare = word.startsWith("-") ? word.slice(1) : word;
    if (bare === "") {
      throw new TypeError(
        `${name} has an empty item in ${quoteText(text)}: write fields separated by single commas, "-" before a field for descending`,
      );
    }
    if (bare.startsWith("-")) {
      throw new TypeError(
        `${name} item ${quoteText(word)} has more than one "-": one "-" before a field sorts it descending`,
      );
    }
    if (seen.has(bare)) {
      throw new TypeError(
        `${name} names ${JSON.stringify(bare)} twice: name each field once, "-" before it for descending`,
      );
    }
    seen.add(bare);
  }
  return text;
}
