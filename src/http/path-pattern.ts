/** Matches a request path against a pattern; gives the path parameters, or `undefined`. */
export type PathMatcher = (path: string) => Record<string, string> | undefined;

const NAME = /^:([A-Za-z_][A-Za-z0-9_]*)$/;

/**
 * Compiles an Express-style path pattern (`/package/:owner/:repo/`) into a matcher. A `:name`
 * segment matches one non-empty segment, percent-decoded (a malformed escape does not match); a
 * trailing slash is optional on both sides, so `/a/b` and `/a/b/` match alike; other segments match
 * exactly. Matching splits on `/` once: linear time.
 *
 * @example
 * ```ts
 * compilePathPattern("/package/:owner/:repo/")("/package/demo/tools"); // { owner: "demo", repo: "tools" }
 * ```
 */
export function compilePathPattern(pattern: string): PathMatcher {
  const parts = segments(pattern).map((part) => NAME.exec(part)?.[1] ?? { literal: part });
  return (path) => {
    const given = segments(path);
    if (given.length !== parts.length) return undefined;
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string | { literal: string };
      const segment = given[i] as string;
      if (typeof part !== "string") {
        if (segment !== part.literal) return undefined;
        continue;
      }
      const value = decodeSegment(segment);
      if (value === undefined) return undefined;
      params[part] = value;
    }
    return params;
  };
}

/**
 * The parameter names of an Express-style path pattern, in order.
 *
 * @example
 * ```ts
 * pathPatternNames("/package/:owner/:repo/"); // ["owner", "repo"]
 * ```
 */
export function pathPatternNames(pattern: string): string[] {
  return segments(pattern).flatMap((part) => NAME.exec(part)?.[1] ?? []);
}

function segments(path: string): string[] {
  const trimmed = path.endsWith("/") ? path.slice(0, -1) : path;
  return trimmed === "" ? [] : trimmed.slice(trimmed.startsWith("/") ? 1 : 0).split("/");
}

function decodeSegment(segment: string): string | undefined {
  if (segment === "") return undefined;
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
