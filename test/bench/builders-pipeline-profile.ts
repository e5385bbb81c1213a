/**
 * A profile of pagewise's whole request, the database taken out (builders-pipeline.ts): runs
 * `PROFILE_REQUESTS` (50,000 by default) of one task, `pagewise: at depth` unless `PROFILE_TASK`
 * names another, for `node --cpu-prof` to record; `profile-shares.ts` reads the profile:
 *
 * ```sh
 * npm run build
 * TSX_TSCONFIG_PATH=test/bench/tsconfig.json node --cpu-prof --cpu-prof-dir=/tmp/pagewise-prof \
 *   --import tsx test/bench/builders-pipeline-profile.ts
 * npx tsx test/bench/profile-shares.ts /tmp/pagewise-prof/*.cpuprofile
 * ```
 * @packageDocumentation
 */
import { pipelineTasks } from "./builders-pipeline.js";

if (!import.meta.resolve("pagewise").includes("/dist/"))
  throw new Error("profile the built package: npm run build, and TSX_TSCONFIG_PATH as above");
const requests = Number(process.env.PROFILE_REQUESTS ?? 50_000);
const name = process.env.PROFILE_TASK ?? "pagewise: at depth";
const run = (await pipelineTasks()).find(([task]) => task === name)?.[1];
if (run === undefined) throw new Error(`no task ${name}`);
for (let i = 0; i < requests; i++) await run();
console.log(`${requests.toLocaleString("en-US")} requests of ${name}`);
