/**
 * Each `.cpuprofile`'s self time as shares of its samples (start-up, GC and idle among them):
 * `npx tsx test/bench/profile-shares.ts <file.cpuprofile>…` prints, for each file, the
 * `PROFILE_TOP` (default 25) functions (name, file basename and line) and files by self time.
 * Used with builders-pipeline-profile.ts; Node 20 writes a second profile for the module hooks'
 * thread (tsx's loader), nearly all idle: the request's is the larger file.
 * @packageDocumentation
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
}

/** A function's file basename and line, empty for V8's own entries. */
const where = ({ url, lineNumber }: ProfileNode["callFrame"]) =>
  url === "" ? "" : `${basename(url)}:${lineNumber + 1}`;

/** Samples per key of each sampled node, and the samples in all. */
function tally(
  profile: Profile,
  keyOf: (node: ProfileNode) => string,
): [Map<string, number>, number] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const counts = new Map<string, number>();
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (node === undefined) continue;
    const key = keyOf(node);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [counts, profile.samples.length];
}

/** Prints the `top` keys by share. */
function print(title: string, [counts, total]: [Map<string, number>, number], top: number): void {
  console.log(`\n${title} (${total} samples):`);
  for (const [key, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * count) / total).toFixed(1).padStart(5)}%  ${key}`);
}

const top = Number(process.env.PROFILE_TOP ?? 25);
const files = process.argv.slice(2);
if (files.length === 0) throw new Error("usage: profile-shares.ts <file.cpuprofile>…");
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  console.log(`\n${basename(file)}`);
  print(
    "Self time by function",
    tally(
      profile,
      ({ callFrame }) => `${callFrame.functionName || "(anonymous)"} ${where(callFrame)}`,
    ),
    top,
  );
  print(
    "Self time by file",
    tally(profile, ({ callFrame }) => basename(callFrame.url) || callFrame.functionName),
    top,
  );
}
