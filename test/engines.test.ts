/**
 * The `engines` field tells the truth: no source file uses a global API newer than the oldest Node
 * it admits. Each entry names the API, the Node version that brought it, and a pattern that finds
 * it in source text; an API newer than `engines` admits is refused wherever it appears in `src/`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

/** Global APIs of recent Nodes: [name, the Node version that brought it, how it reads in code]. */
const RECENT_APIS: readonly (readonly [string, string, RegExp])[] = [
  ["AbortSignal.any", "20.3.0", /\bAbortSignal\.any\b/],
  ["import.meta.dirname", "20.11.0", /\bimport\.meta\.(dirname|filename)\b/],
  ["Object.groupBy / Map.groupBy", "21.0.0", /\b(Object|Map)\.groupBy\b/],
  ["ArrayBuffer.prototype.transfer", "21.0.0", /\.transfer(ToFixedLength)?\(/],
  ["Promise.withResolvers", "22.0.0", /\bPromise\.withResolvers\b/],
  ["Array.fromAsync", "22.0.0", /\bArray\.fromAsync\b/],
  [
    "Set methods",
    "22.0.0",
    /\.(union|intersection|symmetricDifference|isSubsetOf|isSupersetOf|isDisjointFrom)\(/,
  ],
  [
    "Iterator helpers",
    "22.0.0",
    /\bIterator\.from\b|\.(values|keys|entries)\(\)\.(map|filter|take|drop|flatMap|toArray)\(/,
  ],
  ["URL.parse", "22.1.0", /\bURL\.parse\(/],
  ["process.getBuiltinModule", "22.3.0", /\bprocess\.getBuiltinModule\b/],
  ["Promise.try", "23.0.0", /\bPromise\.try\(/],
  ["RegExp.escape", "24.0.0", /\bRegExp\.escape\b/],
  ["Error.isError", "24.0.0", /\bError\.isError\b/],
  ["Float16Array", "24.0.0", /\bFloat16Array\b/],
  [
    "Uint8Array base64 and hex",
    "25.0.0",
    /\bUint8Array\.from(Base64|Hex)\b|\.(toBase64|toHex|setFromBase64|setFromHex)\(/,
  ],
];

/** `a` before `b`, comparing dotted versions number by number. */
const older = (a: string, b: string) => {
  const [x, y] = [a.split(".").map(Number), b.split(".").map(Number)];
  const at = x.findIndex((n, i) => n !== y[i]);
  return at !== -1 && (x[at] as number) < (y[at] as number);
};

/** The oldest Node `engines` admits, as major.minor.patch (`>=20` is 20.0.0). */
function oldestNode(range: string): string {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (match === null) throw new Error(`engines.node is not a plain ">=" range: ${range}`);
  return [match[1], match[2] ?? "0", match[3] ?? "0"].join(".");
}

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
/** Source text less its comments (TSDoc may name an API the code does not call). */
function codeOf(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

const oldest = oldestNode(manifest.engines.node);
const sources = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => file.endsWith(".ts"))
  .map((file) => [file, codeOf(readFileSync(join(SRC, file), "utf8"))] as const);

describe(`engines: Node ${oldest} or later`, () => {
  it.each(RECENT_APIS.filter(([, since]) => older(oldest, since)))(
    "no source uses %s (Node %s)",
    (_name, _since, pattern) => {
      expect(sources.filter(([, text]) => pattern.test(text)).map(([file]) => file)).toStrictEqual(
        [],
      );
    },
  );

  it.each([
    ["const signal = AbortSignal.any([a, b]);", "AbortSignal.any"],
    ["const { promise, resolve } = Promise.withResolvers();", "Promise.withResolvers"],
    ["const both = seen.union(other);", "Set methods"],
    ["const byOwner = Object.groupBy(rows, (row) => row.owner);", "Object.groupBy / Map.groupBy"],
    ["const bytes = Uint8Array.fromBase64(text);", "Uint8Array base64 and hex"],
  ])("finds %s as %s", (code, name) => {
    expect(
      RECENT_APIS.filter(([, , pattern]) => pattern.test(code)).map(([api]) => api),
    ).toStrictEqual([name]);
  });

  it.each([
    [">=20", "20.0.0"],
    [">=20.3", "20.3.0"],
    [">= 22.1.2", "22.1.2"],
  ])("reads engines %s as %s", (range, version) => {
    expect(oldestNode(range)).toBe(version);
  });
});
