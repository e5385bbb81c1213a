/**
 * The columns a cursor page selects for itself beside the user's, and takes off every row it
 * answers. Their names are lower-case letters alone, so that a plugin that renames a query's
 * identifiers and a row's members between cases (Kysely's `CamelCasePlugin`, whatever its options,
 * `underscoreBeforeDigits` too) leaves them as they are: `__pagewise_0` came back `_Pagewise0`,
 * and was answered as a column of the user's, its value lost to the cursor.
 */
const HIDDEN = /^pagewise(?:val|key)x[a-z]+$/;

/** A place as lower-case letters: its digits in base 26, `a` for 0 to `z` for 25. */
const letters = (place: number): string =>
  [...place.toString(26)]
    .map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 26)))
    .join("");

/**
 * The alias of a sort term's value at the database's precision.
 *
 * @param place - the term's place in the order
 * @example
 * ```ts
 * valueAlias(0); // "pagewisevalxa"
 * ```
 */
export const valueAlias = (place: number): string => `pagewisevalx${letters(place)}`;

/**
 * The alias of a sort term's column as it is, which a union's outer ORDER BY sorts by.
 *
 * @param place - the term's place in the order
 * @example
 * ```ts
 * keyAlias(1); // "pagewisekeyxb"
 * ```
 */
export const keyAlias = (place: number): string => `pagewisekeyx${letters(place)}`;

/**
 * Whether a row's member is one a cursor page selected for itself.
 *
 * @param name - a member of a row
 * @example
 * ```ts
 * isHidden("pagewisevalxb"); // true
 * isHidden("created_at"); // false
 * ```
 */
export const isHidden = (name: string): boolean => HIDDEN.test(name);
