// Restores the lockfile entries of platform-specific optional packages (biome's and rollup's
// native binaries for other systems) that `npm install` leaves out when the registry it talks to
// does not serve them. Without them `npm ci` refuses the lockfile as out of sync. Each entry names
// its os/cpu/libc, read off the package name, so npm skips it on other platforms, as it does the
// entries a full registry writes. Run after every `npm install` that changes the lockfile:
//   node .ci/complete-lockfile.mjs
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const OS = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "openbsd",
  "openharmony",
  "win32",
  "sunos",
  "aix",
  "netbsd",
];
const CPU = ["arm64", "arm", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x", "mips64el"];

/** os, cpu and libc of a platform package such as `@rollup/rollup-linux-arm-musleabihf`. */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part));
  if (!os || !cpu) return undefined;
  const libc =
    os !== "linux" ? undefined : parts.some((p) => p.startsWith("musl")) ? "musl" : "glibc";
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const at = `node_modules/${name}`;
    const platform = platformOf(name);
    if (lock.packages[at] || !platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[at] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added++;
  }
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);
