import type { SortTerm } from "../sort/sort-order.js";
import { listed, type SortSettings, sortExample } from "../sort/sort-param.js";
import type { OpenApiParameter } from "./openapi-types.js";

/**
 * The `sort` parameter of a list that offers orders: an array of `field` and `-field` written
 * comma-separated (`style: form`, `explode: false`: `sort=-created_at,name`), each at most once, at
 * most as many as the fields offered; its default the list's default order as a client writes it.
 * `undefined` for a list with a fixed order (a cursor list's `order`), which reads no parameter.
 *
 * @param settings - the list's checked sort settings (`list()`'s `sort`, `cursorList()`'s `order`)
 * @param cursor - whether the list is a cursor list (its tokens are bound to the order)
 * @example
 * ```ts
 * sortParameter(sortSettings({ fields: { name: true, created_at: true }, tieBreaker: "id", default: "-created_at" }), false);
 * // { name: "sort", in: "query", style: "form", explode: false,
 * //   schema: { type: "array", items: { type: "string", enum: ["name", "-name", "created_at", "-created_at"] },
 * //             uniqueItems: true, maxItems: 2, default: ["-created_at"] }, … }
 * ```
 */
export function sortParameter(
  settings: SortSettings,
  cursor: boolean,
): OpenApiParameter | undefined {
  const { param, fields, tieBreaker } = settings;
  if (param === undefined) return undefined;
  const names = [...fields.keys()];
  const written = defaultAsWritten(settings);
  const byDefault =
    written === undefined ? `by \`${tieBreaker[0].column}\` ascending` : `\`${written.join(",")}\``;
  const bound = cursor
    ? " A cursor is bound to the order it was issued in: used with another, a 400 (`cursor_query_mismatch`)."
    : "";
  return {
    name: param,
    in: "query",
    required: false,
    description: `The order of the rows: fields comma-separated (\`${param}=${sortExample(names)}\`), each at most once, \`-\` before a field for descending; by ${listed(names.map((name) => `\`${name}\``))}. Without it, or empty: ${byDefault}. Rows that tie on the fields chosen are ordered by \`${tieBreaker[0].column}\`, in the direction of the last field (the tie-breaker). Any other value is a 400 problem (\`invalid_sort\`).${bound}`,
    style: "form",
    explode: false,
    schema: {
      type: "array",
      items: { type: "string", enum: names.flatMap((name) => [name, `-${name}`]) },
      uniqueItems: true,
      maxItems: names.length,
      ...(written === undefined ? {} : { default: written }),
    },
  };
}

/**
 * The default order as a client writes it (`["-created_at"]`): the tie-breaker left out where the
 * server appends it itself (last, in the direction of the term before it); `undefined` when the
 * default is the tie-breaker alone and no field offers it (only an absent `sort` asks for it).
 */
function defaultAsWritten({
  defaultOrder,
  fields,
  tieBreaker,
}: SortSettings): string[] | undefined {
  const { terms } = defaultOrder;
  const last = terms.at(-1);
  const before = terms.at(-2);
  const appended =
    last !== undefined &&
    before !== undefined &&
    last.column === tieBreaker[0].column &&
    last.ascending === before.ascending;
  const chosen = appended ? terms.slice(0, -1) : terms;
  const written = chosen.map((term) => {
    const name = fieldOf(term, fields);
    return name === undefined ? undefined : `${term.ascending ? "" : "-"}${name}`;
  });
  return written.every((text): text is string => text !== undefined) ? written : undefined;
}

/** The field offered on a term's column (the tie-breaker's term names its column, not a field). */
function fieldOf(term: SortTerm, fields: SortSettings["fields"]): string | undefined {
  for (const [name, [asc]] of fields) if (asc.column === term.column) return name;
  return undefined;
}
