import { clientOf } from "./dialect.js";
import type { PrismaDelegate } from "./types.js";

/** A model's table and its fields' columns, as the database names them. */
export interface ModelNames {
  /** The table's schema, where the model names one (`@@schema`). */
  readonly schema: string | undefined;
  /** The table (`@@map`, or the model's name). */
  readonly table: string;
  /** A field's column (`@map`, or the field's name). */
  readonly column: (field: string) => string;
}

/** A model of Prisma's runtime data model, as far as pagewise reads it. */
export interface RuntimeModel {
  /** The model's name (`Post`). */
  readonly name: string;
  readonly dbName?: string | null;
  readonly schema?: string | null;
  readonly fields?: readonly {
    readonly name: string;
    readonly dbName?: string | null;
    /** `"scalar"`, `"enum"` or `"object"` (a relation). */
    readonly kind?: string;
    /** The scalar's type (`Boolean`), or the enum's or related model's name. */
    readonly type?: string;
  }[];
}

/**
 * A delegate's model in its client's runtime data model (what the client was generated from:
 * each field's kind, type and `@map`), or `undefined` where the client keeps none.
 *
 * @param delegate - the model's delegate
 * @example
 * ```ts
 * runtimeModel(prisma.post)?.fields?.map((field) => field.kind); // ["scalar", "enum", "scalar", "scalar"]
 * ```
 */
export function runtimeModel(delegate: PrismaDelegate): RuntimeModel | undefined {
  const name = (delegate as { $name?: unknown }).$name;
  const data = clientOf(delegate)?._runtimeDataModel as { models?: unknown } | undefined;
  const models = data?.models as Readonly<Record<string, Omit<RuntimeModel, "name">>> | undefined;
  const model = typeof name === "string" ? models?.[name] : undefined;
  return model === undefined ? undefined : { ...model, name: name as string };
}

/**
 * The schema a client's driver adapter names its tables in, where it names one (`new
 * PrismaPg(pool, { schema: "tenant1" })`): Prisma writes every table of a model without its own
 * `@@schema` in it.
 */
function adapterSchema(client: Record<string, unknown> | undefined): string | undefined {
  const config = client?._engineConfig as
    | { adapter?: { options?: { schema?: unknown } } }
    | undefined;
  const schema = config?.adapter?.options?.schema;
  return typeof schema === "string" ? schema : undefined;
}

/**
 * The database's names of a model's table and columns, from the client's runtime data model (the
 * `@@map`, `@map` and `@@schema` of the schema it was generated from, or the driver adapter's
 * schema), for the statements pagewise writes as SQL: the exact text of a timestamp finer than
 * Prisma's milliseconds, and the catalog's facts of a column.
 * `undefined` where the client holds none (a Prisma whose runtime keeps it elsewhere).
 *
 * @param delegate - the model's delegate
 * @example
 * ```ts
 * modelNames(prisma.item)?.column("createdAt"); // "created_at"
 * ```
 */
export function modelNames(delegate: PrismaDelegate): ModelNames | undefined {
  const model = runtimeModel(delegate);
  if (model === undefined) return undefined;
  const columns = new Map((model.fields ?? []).map((f) => [f.name, f.dbName ?? f.name]));
  return {
    schema: model.schema ?? adapterSchema(clientOf(delegate)) ?? undefined,
    table: model.dbName ?? model.name,
    column: (field) => columns.get(field) ?? field,
  };
}
