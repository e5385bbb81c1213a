/**
 * `searchFold` in SQL: ASCII letters to lower case, every other character as it is, the same on
 * SQLite and MariaDB whatever their collations or build (`LOWER` folds `Ü` on MariaDB, and on a
 * SQLite built with ICU). UTF-8 never uses the bytes of `A`–`Z` inside another character, so the
 * replacements touch ASCII letters only.
 */
import { type Expression, type RawBuilder, sql } from "kysely";

const UPPER = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];

/**
 * The text with its ASCII letters in lower case: 26 nested `replace` calls.
 *
 * @param text - a text column or expression
 * @example
 * ```ts
 * db.selectFrom("packages").where(sql`instr(${asciiLower(sql.ref("name"))}, ${searchFold(query)})`, ">", 0);
 * ```
 */
export function asciiLower(text: Expression<string>): RawBuilder<string> {
  return UPPER.reduce<RawBuilder<string>>(
    (folded, letter) =>
      sql<string>`replace(${folded}, ${sql.lit(letter)}, ${sql.lit(letter.toLowerCase())})`,
    sql<string>`${text}`,
  );
}
