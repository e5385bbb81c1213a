import type { Prisma } from "@prisma/client/extension";

/**
 * A Prisma model's delegate as pagewise uses it (`prisma.package`): its `findMany` and `count`.
 * Any Prisma 7 client's delegate is one, extended (`$extends`) or not.
 *
 * @example
 * ```ts
 * const delegate: PrismaDelegate = prisma.package;
 * ```
 */
export interface PrismaDelegate {
  // biome-ignore lint/suspicious/noExplicitAny: each model's delegate takes its own args
  findMany(args?: any): PromiseLike<unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: each model's delegate takes its own args
  count(args?: any): PromiseLike<unknown>;
}

/** What pagewise writes itself: a query given for a list leaves them out. */
export type WrittenArgs = "orderBy" | "cursor" | "take" | "skip" | "distinct";

/**
 * A list's query on a model: `findMany`'s args less what pagewise writes (`where`, `select`,
 * `include`, `omit`, `relationLoadStrategy`).
 *
 * @typeParam D - the model's delegate
 * @example
 * ```ts
 * const query: PrismaQuery<typeof prisma.package> = { where: { status: "active" }, select: { id: true } };
 * ```
 */
export type PrismaQuery<D> = Omit<Prisma.Args<D, "findMany">, WrittenArgs> & {
  readonly [K in WrittenArgs]?: never;
};

/**
 * A row of a list's query, as `findMany` with those args gives it.
 *
 * @typeParam D - the model's delegate
 * @typeParam A - the query's args
 */
export type PrismaRow<D, A> =
  Prisma.Result<D, A, "findMany"> extends readonly (infer R)[] ? R : never;

/**
 * The fields a list's `sort` may name: the model's scalar fields, as `findMany` answers them.
 *
 * @typeParam D - the model's delegate
 */
export type PrismaColumns<D> = keyof PrismaRow<D, object> & string;
