/**
 * How the report says a number of things and a kind of list in English: "1 page", "2 pages";
 * "a counted list", "an unpaginated list".
 */

/**
 * `count` and `noun`, the noun plural (an `s` added) unless the count is 1.
 *
 * @param count - how many
 * @param noun - the noun in the singular
 * @returns e.g. `"1 page"`, `"0 pages"`, `"3 error answers"`
 * @example
 * ```ts
 * counted(1, "item"); // "1 item"
 * counted(2, "item"); // "2 items"
 * ```
 */
export function counted(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

/**
 * A kind of list with its article: "an" before a vowel's letter, "a" otherwise.
 *
 * @param kind - the list's kind, e.g. `"unpaginated"`
 * @returns e.g. `"an unpaginated list"`
 * @example
 * ```ts
 * aList("counted"); // "a counted list"
 * aList("unpaginated"); // "an unpaginated list"
 * ```
 */
export function aList(kind: string): string {
  return `${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind} list`;
}
