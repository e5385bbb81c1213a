import { assertKnownNames, assertObject, describeValue } from "../../option-checks.js";
import type { Dialect } from "../../sql/dialect.js";
import { clientOf, prismaDialect } from "./dialect.js";
import { modelKey } from "./runner.js";
import type { PrismaDelegate } from "./types.js";

/**
 * What a factory checks when its list is defined: a model's delegate, a query function, its
 * options (no name it does not take); and the dialect they give.
 *
 * @param name - the factory (`prismaPages`), named in its errors
 * @param delegate - what was given as the model's delegate
 * @param query - what was given as the query function
 * @param options - the options given
 * @param known - the options the factory takes
 * @throws {TypeError} for anything misused
 * @example
 * ```ts
 * const dialect = prismaSetup("prismaPages", prisma.package, query, options, { count: true, dialect: true });
 * ```
 */
export function prismaSetup(
  name: string,
  delegate: unknown,
  query: unknown,
  options: unknown,
  known: Readonly<Record<string, true>>,
): Dialect {
  if (
    typeof delegate !== "object" ||
    delegate === null ||
    typeof (delegate as PrismaDelegate).findMany !== "function"
  ) {
    throw new TypeError(
      `${name} takes a Prisma model's delegate, such as prisma.package; got ${describeValue(delegate)}`,
    );
  }
  if (typeof query !== "function") {
    throw new TypeError(
      `${name} takes a function of the request giving findMany's args (({ params }) => ({ where })); got ${describeValue(query)}`,
    );
  }
  assertObject(`${name}'s options`, options);
  assertKnownNames(`${name} option`, options, known);
  return prismaDialect(
    name,
    delegate as PrismaDelegate,
    (options as { dialect?: unknown }).dialect,
  );
}

/**
 * The fields the client omits for a delegate's model (`new PrismaClient({ omit: { post: {
 * createdAt: true } } })`): a sort field among them is shown for the page and taken off again.
 *
 * @param delegate - the model's delegate
 * @param client - the `client` option, where given
 * @example
 * ```ts
 * clientOmits(prisma.post, undefined); // Set { "createdAt" }
 * ```
 */
export function clientOmits(delegate: PrismaDelegate, client: unknown): ReadonlySet<string> {
  const owner = (client ?? clientOf(delegate)) as { _globalOmit?: unknown } | undefined;
  const key = modelKey(delegate);
  const omit =
    key === undefined
      ? undefined
      : (owner?._globalOmit as Record<string, unknown> | undefined)?.[key];
  if (typeof omit !== "object" || omit === null) return new Set();
  return new Set(Object.entries(omit).flatMap(([field, on]) => (on === true ? [field] : [])));
}
