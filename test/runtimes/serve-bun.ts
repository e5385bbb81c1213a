/**
 * Serves each Worker of apps.ts with Bun's own server, `Bun.serve`, on 127.0.0.1 at ports the
 * system picks; prints `Listening on <origin> (<name>)` for each.
 */
import { APPS } from "./apps.js";

declare const Bun: {
  serve(options: {
    hostname: string;
    port: number;
    fetch: (request: Request) => Response | Promise<Response>;
  }): { readonly port: number };
};

for (const [name, app] of Object.entries(APPS)) {
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: app.fetch });
  console.log(`Listening on http://127.0.0.1:${server.port} (${name})`);
}
