/**
 * The links of Markdown files and where they lead: relative links to files and headings, checked
 * as GitHub renders them and as they read from `node_modules` (a packed file may link only to
 * packed files), and absolute links into the project's own repository.
 */
import { posix } from "node:path";

/** A link's target, and the line it is on (from 1). */
export interface MarkdownLink {
  readonly line: number;
  readonly target: string;
}

/** What a check needs to know of the project's files. */
export interface LinkContext {
  /** A file's text, or `undefined` when there is no such file (paths relative to the root). */
  readonly read: (path: string) => string | undefined;
  /** Whether a file exists, Markdown or not. */
  readonly exists: (path: string) => boolean;
  /** The files the package ships. */
  readonly packed: ReadonlySet<string>;
  /** `https://github.com/owner/name`, the repository of absolute links to check. */
  readonly repository: string | undefined;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const INLINE_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const REFERENCE = /^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/;
const HTML_ANCHOR = /<a\s+(?:name|id)="([^"]+)"/g;

/** Each line outside fenced code blocks, numbered from 1. */
function proseLines(text: string): [number, string][] {
  const lines: [number, string][] = [];
  let fence: string | undefined;
  text.split("\n").forEach((line, index) => {
    const marker = FENCE.exec(line)?.[1];
    if (fence === undefined && marker !== undefined) fence = marker;
    else if (fence !== undefined && marker?.startsWith(fence)) fence = undefined;
    else if (fence === undefined) lines.push([index + 1, line]);
  });
  return lines;
}

/** The links of a Markdown text, inline and reference definitions, not those in code. */
export function markdownLinks(text: string): MarkdownLink[] {
  return proseLines(text).flatMap(([line, content]) => {
    const prose = content.replace(/(`+)[\s\S]*?\1/g, "code");
    const reference = REFERENCE.exec(prose)?.[1];
    const inline = [...prose.matchAll(INLINE_LINK)].map((match) => match[1] ?? "");
    return [...inline, ...(reference === undefined ? [] : [reference])].map((target) => ({
      line,
      target,
    }));
  });
}

/**
 * A heading's anchor as GitHub makes it: the text without its Markdown (code marks, link
 * targets), lower case, punctuation other than `-` and `_` dropped, spaces as `-`.
 */
export function headingSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replaceAll("`", "")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replaceAll(" ", "-");
}

/** The anchors a Markdown text defines: its headings' (a repeated one with `-1`, `-2`, …), and HTML ids. */
export function markdownAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, line] of proseLines(text)) {
    const heading = HEADING.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = headingSlug(heading);
      let anchor = slug;
      for (let n = 1; anchors.has(anchor); n++) anchor = `${slug}-${n}`;
      anchors.add(anchor);
    }
    for (const match of line.matchAll(HTML_ANCHOR)) anchors.add(match[1] ?? "");
  }
  return anchors;
}

/** The repository path an absolute link names (a blob, raw or tree URL), else `undefined`. */
function repositoryPath(url: string, repository: string | undefined): string | undefined {
  if (repository === undefined) return undefined;
  const name = repository.replace(/^https:\/\/github\.com\//, "");
  const prefix = ["blob", "raw", "tree"]
    .map((kind) => `${repository}/${kind}/`)
    .concat(`https://raw.githubusercontent.com/${name}/`)
    .find((start) => url.startsWith(start));
  // After the prefix: the branch, tag or commit, then the path.
  const path = prefix === undefined ? undefined : /^[^/]+\/([^#?]+)/.exec(url.slice(prefix.length));
  return path?.[1] === undefined ? undefined : decodeURIComponent(path[1]);
}

/** What is wrong with one link of `file` (`undefined` when nothing is). */
function linkProblem(file: string, target: string, context: LinkContext): string | undefined {
  const hash = target.indexOf("#");
  const path = hash === -1 ? target : target.slice(0, hash);
  const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
  if (/^[a-z][a-z\d+.-]*:/i.test(path)) {
    const named = repositoryPath(path, context.repository);
    if (named === undefined) return undefined;
    return context.exists(named)
      ? anchorProblem(named, anchor, context)
      : `no ${named} in the repository`;
  }
  const resolved =
    path === "" ? file : posix.normalize(posix.join(posix.dirname(file), decodeURIComponent(path)));
  if (resolved.startsWith("../") || !context.exists(resolved)) return `no such file: ${resolved}`;
  if (context.packed.has(file) && !context.packed.has(resolved)) {
    return `${resolved} is not packed: the link is dead in node_modules`;
  }
  return anchorProblem(resolved, anchor, context);
}

/** A Markdown file's missing heading, for a link to `file#anchor` (`undefined` when it is there). */
function anchorProblem(file: string, anchor: string | undefined, context: LinkContext) {
  if (anchor === undefined || !file.endsWith(".md")) return undefined;
  const anchors = markdownAnchors(context.read(file) ?? "");
  return anchors.has(anchor) ? undefined : `no heading #${anchor} in ${file}`;
}

/** Every dead link of a Markdown file, as `file:line: target: what is wrong`. */
export function deadLinks(file: string, context: LinkContext): string[] {
  return markdownLinks(context.read(file) ?? "").flatMap(({ line, target }) => {
    const problem = linkProblem(file, target, context);
    return problem === undefined ? [] : [`${file}:${line}: ${target}: ${problem}`];
  });
}
