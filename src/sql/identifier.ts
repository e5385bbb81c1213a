/**
 * The one check of a SQL identifier pagewise writes into a statement: it quotes what passes as it
 * is (`quoteIdentifier`), so nothing that passes needs escaping in any dialect.
 */

/**
 * A SQL identifier pagewise quotes as it is: a letter or `_`, then letters, digits or `_`, up to 63
 * (PostgreSQL's limit; MySQL's is 64).
 *
 * @example
 * ```ts
 * IDENTIFIER.test("created_at"); // true
 * IDENTIFIER.test("created-at"); // false
 * ```
 */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
