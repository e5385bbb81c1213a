/**
 * Child process of the HTTP suite: serves one framework × variant from `http-apps.ts` on
 * 127.0.0.1 (ephemeral port), reports `{ origin }` to the parent over IPC, and closes and exits
 * when the parent sends `"close"` or goes away; answers `"cpu"` with `{ cpu }`, its CPU time in µs. Run as
 * `node --import tsx test/bench/http-server.ts <framework> <variant>`.
 * @packageDocumentation
 */
import { isFramework, isVariant, startServer } from "./http-apps.js";

const [framework, variant] = process.argv.slice(2);
if (!isFramework(framework) || !isVariant(variant) || process.send === undefined) {
  console.error("usage (forked with IPC): http-server.ts <framework> <variant>");
  process.exit(2);
}

const server = await startServer(framework, variant);
let closing = false;

function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  await server.close();
  // An explicit exit, after which --cpu-prof writes its profile.
  process.exit(0);
}

process.on("message", (message) => {
  if (message === "close") void shutdown();
  // This process's CPU time so far (user + system, µs), for the parent's per-request figure.
  if (message === "cpu") process.send?.({ cpu: cpuMicros() });
});
process.on("disconnect", () => void shutdown());
process.send({ origin: server.origin });
