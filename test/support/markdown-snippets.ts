/** The fenced TypeScript blocks of a Markdown document, as the docs' tests read them. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The project's root folder. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A fenced TypeScript block: where it is, and whether it is to compile. */
export interface Snippet {
  readonly document: string;
  /** The line of its code's first line in the document. */
  readonly line: number;
  readonly code: string;
  /** Not marked `ts nocheck` (a fragment, or code wrong on purpose). */
  readonly checked: boolean;
  /** The `##` heading it stands under (`""` before the first). */
  readonly section: string;
}

const FENCE = /^```(ts|typescript)([^\n]*)\n([\s\S]*?)^```$/gm;
const HEADING = /^## (.+)$/gm;

/**
 * The TypeScript snippets of a document, in order.
 *
 * @param document - its path from the project's root (`docs/kysely.md`)
 * @example
 * ```ts
 * const [endpoint] = snippets("docs/kysely.md").filter((s) => s.section === "A complete list endpoint");
 * ```
 */
export function snippets(document: string): Snippet[] {
  const text = readFileSync(join(ROOT, document), "utf8");
  const headings = [...text.matchAll(HEADING)];
  return [...text.matchAll(FENCE)].map((match) => ({
    document,
    // The code's first line: the line after the fence.
    line: text.slice(0, match.index).split("\n").length + 1,
    code: match[3] as string,
    checked: !(match[2] as string).split(/\s+/).includes("nocheck"),
    section: headings.filter((heading) => heading.index < match.index).at(-1)?.[1] ?? "",
  }));
}
