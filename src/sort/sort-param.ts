import { closestName } from "../closest-name.js";
import { invalidSort } from "../errors.js";
import { describeValue, quoteText } from "../option-checks.js";
import { type SortOrder, type SortTerm, sortOrder } from "./sort-order.js";

/** A sort option checked, every default filled in: what each request reads. */
export interface SortSettings {
  /** The parameter read; `undefined` for a fixed order (a cursor list's `order`). */
  readonly param: string | undefined;
  /** Each field offered, by name: its term ascending and descending. */
  readonly fields: ReadonlyMap<string, readonly [asc: SortTerm, desc: SortTerm]>;
  /** The tie-breaker, ascending and descending. */
  readonly tieBreaker: readonly [asc: SortTerm, desc: SortTerm];
  /** The order of a request without `sort`. */
  readonly defaultOrder: SortOrder;
}

/**
 * The order a request asks for: its `sort` parameter read by {@link parseSort}, the default order
 * when it is absent, `null` (a JSON body's) or blank.
 *
 * @param settings - the list's checked sort settings
 * @param value - the parameter's value as the query gave it (an array when repeated)
 * @returns the order, the tie-breaker last
 * @throws {PagewiseError} 400 `invalid_sort`, naming the fields offered
 * @example
 * ```ts
 * readSort(settings, "-created_at,name").terms.map((t) => t.field); // ["created_at", "name", "id"]
 * ```
 */
export function readSort(settings: SortSettings, value: unknown): SortOrder {
  const param = settings.param;
  const absent =
    value === undefined || value === null || (typeof value === "string" && value.trim() === "");
  if (param === undefined || absent) return settings.defaultOrder;
  const read = typeof value === "string" ? parseSort(value, settings) : notText(value);
  if (typeof read !== "string") return read;
  throw invalidSort(param, `${read}. ${sortHelp(settings)}`);
}

/**
 * Reads a sort text: fields separated by commas (spaces around each ignored), `-` before a field
 * for descending, each field once, only fields offered. Terms after the tie-breaker are dropped
 * (they can never decide); without it, the tie-breaker is appended in the last term's direction.
 * Linear in the text's length: a text with more commas than fields offered is refused unread.
 *
 * @param text - e.g. `"-created_at,name"`; empty gives the tie-breaker alone
 * @param settings - the fields and tie-breaker
 * @returns the order, or what is wrong with the text (a sentence without a full stop)
 * @example
 * ```ts
 * parseSort("name,name", settings); // 'it names "name" twice'
 * ```
 */
export function parseSort(
  text: string,
  settings: Pick<SortSettings, "fields" | "tieBreaker">,
): SortOrder | string {
  const { fields, tieBreaker } = settings;
  let commas = 0;
  for (let i = text.indexOf(","); i !== -1; i = text.indexOf(",", i + 1)) commas++;
  if (commas >= fields.size) {
    return `it names more than the ${fields.size === 1 ? "one field" : `${fields.size} fields`} offered`;
  }
  const terms: SortTerm[] = [];
  const seen = new Set<string>();
  let unique = false; // the tie-breaker is among the terms: later ones never decide
  for (const item of text === "" ? [] : text.split(",")) {
    const word = item.trim();
    const descending = word.startsWith("-");
    const name = descending ? word.slice(1) : word;
    if (name === "") return `it has an empty item in ${quoteText(text)}`;
    if (name.startsWith("-")) return `${quoteText(word)} has more than one "-"`;
    const field = fields.get(name);
    if (field === undefined) return unknownField(name, [...fields.keys()]);
    if (seen.has(name)) return `it names "${name}" twice`;
    seen.add(name);
    const term = field[descending ? 1 : 0];
    if (!unique) terms.push(term);
    unique ||= term.column === tieBreaker[0].column;
  }
  if (unique) return sortOrder(terms);
  const last = terms.at(-1);
  return sortOrder([...terms, tieBreaker[last?.ascending === false ? 1 : 0]]);
}

/** Why a value that is not text names no order: a repeated parameter (or a JSON list), or another kind. */
function notText(value: unknown): string {
  return Array.isArray(value)
    ? "it is given more than once (or as a list: write the fields in one text, separated by commas)"
    : `it is ${describeValue(value)}, not text`;
}

function unknownField(name: string, offered: readonly string[]): string {
  const near = closestName(name, offered);
  const hint = near === undefined ? "" : ` (did you mean "${near}"?)`;
  return `${quoteText(name)} is not a field offered${hint}`;
}

/** What a client may send: the fields offered and the grammar. */
function sortHelp(settings: SortSettings): string {
  const names = [...settings.fields.keys()];
  return `Sort by ${listed(names)}: comma-separated, each at most once, "-" before a field for descending (e.g. "${sortExample(names)}").`;
}

/**
 * A sort a client could send over these fields, for messages and descriptions: the first
 * descending, then the second.
 *
 * @example
 * ```ts
 * sortExample(["name", "created_at"]); // "-name,created_at"
 * ```
 */
export function sortExample(names: readonly string[]): string {
  return names.length > 1 ? `-${names[0]},${names[1]}` : `-${names[0]}`;
}

/**
 * Names listed for a sentence, the last after "or".
 *
 * @example
 * ```ts
 * listed(["a", "b", "c"]); // "a, b or c"
 * ```
 */
export function listed(names: readonly string[]): string {
  return names.length === 1
    ? String(names[0])
    : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}
