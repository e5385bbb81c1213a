/**
 * Serves each Worker of apps.ts with Deno's own server, `Deno.serve`, on 127.0.0.1 at ports the
 * system picks; prints `Listening on <origin> (<name>)` for each. Run with no permission but the
 * network on 127.0.0.1 (`--allow-net=127.0.0.1`).
 */
import { APPS } from "./apps.js";

declare const Deno: {
  serve(
    options: { hostname: string; port: number; onListen(address: { port: number }): void },
    handler: (request: Request) => Response | Promise<Response>,
  ): unknown;
};

for (const [name, app] of Object.entries(APPS)) {
  Deno.serve(
    {
      hostname: "127.0.0.1",
      port: 0,
      onListen: ({ port }) => console.log(`Listening on http://127.0.0.1:${port} (${name})`),
    },
    app.fetch,
  );
}
