/**
 * Serves each Worker of apps.ts on Node, with @hono/node-server (Node has no fetch server of its
 * own), on 127.0.0.1 at ports the system picks; prints `Listening on <origin> (<name>)` for each.
 */
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { APPS } from "./apps.js";

for (const [name, app] of Object.entries(APPS)) {
  const server = createAdaptorServer({ fetch: app.fetch });
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo;
    console.log(`Listening on http://127.0.0.1:${port} (${name})`);
  });
}
