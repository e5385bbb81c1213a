import type { Dialect } from "../../sql/dialect.js";
import { clientOf } from "./dialect.js";
import { satisfies } from "./exact-timestamps.js";
import type { CompareOperator, LeafFilter } from "./keyset-where.js";
import { runtimeModel } from "./model-names.js";
import type { PrismaDelegate } from "./types.js";

/**
 * How each database orders an enum's values: PostgreSQL's and MariaDB's enum types as they are
 * declared; SQLite, which holds them as text, by that text.
 */
const ENUM_ORDER: Readonly<Record<Dialect["name"], "declared" | "text">> = {
  postgres: "declared",
  mysql: "declared",
  sqlite: "text",
};

/** An enum's values as the schema declares them: each name, and the text the database holds. */
type EnumValues = readonly (readonly [name: string, stored: string])[];

/** A Prisma schema's `enum Name { … }` blocks. */
const ENUM_BLOCK = /^enum\s+(\w+)\s*\{([^}]*)\}/gm;
/** A value of an enum block: its name and its `@map("…")`. */
const ENUM_VALUE = /^\s*(\w+)(?:\s+@map\(\s*"((?:[^"\\]|\\.)*)"\s*\))?/;

/** The enums of a client's schema (its `inlineSchema`), by name. */
function schemaEnums(client: Record<string, unknown> | undefined): Map<string, EnumValues> {
  const schema = (client?._engineConfig as { inlineSchema?: unknown } | undefined)?.inlineSchema;
  const enums = new Map<string, EnumValues>();
  if (typeof schema !== "string") return enums;
  for (const [, name, body] of schema.matchAll(ENUM_BLOCK)) {
    const values = (body as string)
      .split("\n")
      .map((line) => line.replace(/\/\/.*$/, ""))
      .flatMap((line): [string, string][] => {
        const found = ENUM_VALUE.exec(line);
        return found === null ? [] : [[found[1] as string, found[2] ?? (found[1] as string)]];
      });
    enums.set(name as string, values);
  }
  return enums;
}

/**
 * The values of a model's fields that Prisma compares by equality only (an enum's filter and a
 * Boolean's have no `gt`), in the database's order: a Boolean's `false`, `true`; an enum's names,
 * as declared or by their text (`ENUM_ORDER`); `undefined` for any other field.
 *
 * @param delegate - the model's delegate
 * @param dialect - the database's dialect
 * @example
 * ```ts
 * valueLists(prisma.post, dialect)("status"); // ["draft", "review", "published", "archived"]
 * ```
 */
export function valueLists(
  delegate: PrismaDelegate,
  dialect: Dialect,
): (field: string) => readonly unknown[] | undefined {
  const enums = schemaEnums(clientOf(delegate));
  const lists = new Map<string, readonly unknown[]>();
  for (const field of runtimeModel(delegate)?.fields ?? []) {
    if (field.kind === "scalar" && field.type === "Boolean") lists.set(field.name, [false, true]);
    const values = field.kind === "enum" ? enums.get(field.type ?? "") : undefined;
    if (values === undefined) continue;
    const ordered =
      ENUM_ORDER[dialect.name] === "declared"
        ? values
        : [...values].sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0));
    lists.set(
      field.name,
      ordered.map(([value]) => value),
    );
  }
  return (field) => lists.get(field);
}

/**
 * The `where` of the fields whose values are listed (`valueLists`): a comparison with the
 * cursor's value as the values beyond it, an enum's `{ in: [...] }`, a Boolean's one value or
 * both (a Boolean's filter has no `in`); equality as Prisma writes it.
 *
 * @param lists - each field's values in the database's order
 * @param fields - the field at each place
 * @param value - the cursor's value at a place
 * @example
 * ```ts
 * listedFilter(lists, ["status", "id"], () => "review")(0, ">"); // { status: { in: ["published", "archived"] } }
 * ```
 */
export function listedFilter(
  lists: (field: string) => readonly unknown[] | undefined,
  fields: readonly string[],
  value: (place: number) => unknown,
): LeafFilter {
  return (place: number, operator: CompareOperator) => {
    const list = lists(fields[place] as string);
    if (list === undefined || operator === "=") return undefined;
    const at = list.indexOf(value(place));
    if (at === -1) {
      throw new TypeError(
        `The cursor's ${JSON.stringify(fields[place])} is not one of its values (${list.map((v) => JSON.stringify(v)).join(", ")}): the schema the client was generated from may be stale`,
      );
    }
    const field = fields[place] as string;
    const beyond = list.filter((_, i) => satisfies(operator, Math.sign(i - at)));
    if (typeof list[0] !== "boolean") return { [field]: { in: beyond } };
    if (beyond.length === 0) return { [field]: { equals: true, not: true } };
    return beyond.length === 1
      ? { [field]: beyond[0] }
      : { OR: beyond.map((v) => ({ [field]: v })) };
  };
}
