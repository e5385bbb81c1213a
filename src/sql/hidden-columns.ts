/**
 * The columns a cursor page selects for itself beside the user's, and takes off every row it
 * answers: one prefix, so that a row's own columns and the hidden ones never meet.
 */
const HIDDEN = "__pagewise_";

/**
 * The alias of a sort term's value at the database's precision.
 *
 * @param place - the term's place in the order
 * @example
 * ```ts
 * valueAlias(0); // "__pagewise_0"
 * ```
 */
export const valueAlias = (place: number): string => `${HIDDEN}${place}`;

/**
 * The alias of a sort term's column as it is, which a union's outer ORDER BY sorts by.
 *
 * @param place - the term's place in the order
 * @example
 * ```ts
 * keyAlias(0); // "__pagewise_key_0"
 * ```
 */
export const keyAlias = (place: number): string => `${HIDDEN}key_${place}`;

/**
 * Whether a row's member is one a cursor page selected for itself.
 *
 * @param name - a member of a row
 * @example
 * ```ts
 * isHidden("__pagewise_1"); // true
 * isHidden("created_at"); // false
 * ```
 */
export const isHidden = (name: string): boolean => name.startsWith(HIDDEN);
