import type { Dialect } from "../../sql/dialect.js";

/**
 * An identifier quoted for the dialect, any quote inside it doubled: a name from the Prisma
 * schema's `@map`, which may hold any character.
 *
 * @param dialect - the dialect
 * @param name - the identifier
 * @example
 * ```ts
 * quotedName(DIALECTS.postgres, 'my"table'); // '"my""table"'
 * ```
 */
export function quotedName(dialect: Dialect, name: string): string {
  return `${dialect.quote}${name.replaceAll(dialect.quote, dialect.quote + dialect.quote)}${dialect.quote}`;
}

/**
 * The placeholders of `count` values from the `first`th (1-based): `$1, $2` on PostgreSQL, `?, ?`
 * elsewhere.
 *
 * @param dialect - the dialect
 * @param count - how many
 * @param first - the first's number
 * @default first 1
 * @example
 * ```ts
 * placeholders(DIALECTS.postgres, 2, 3); // "$3, $4"
 * ```
 */
export function placeholders(dialect: Dialect, count: number, first = 1): string {
  return Array.from({ length: count }, (_, i) =>
    dialect.numberedPlaceholders ? `$${first + i}` : "?",
  ).join(", ");
}
