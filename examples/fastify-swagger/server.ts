import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify from "fastify";
import { apiKeyVerifier, defineResource, list } from "pagewise";
import { fastifyPagewise } from "pagewise/fastify";
import { z } from "zod";

const { API_KEY, PORT } = process.env;

const row = z.object({ id: z.number().int(), name: z.string() });
const rows = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, name: `pkg-${i + 1}` }));

const packages = defineResource(
  {
    GET: list({
      openapi: { operationId: "listPackages", summary: "A repository's packages", response: row },
      handler: () => rows,
    }),
  },
  { apiKey: apiKeyVerifier(API_KEY ?? "dev-key") },
);

const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
// @fastify/swagger first: it describes the routes added after it, pagewise's among them.
await app.register(swagger, {
  openapi: { openapi: "3.1.0", info: { title: "Packages", version: "1.0.0" } },
});
await app.register(swaggerUi, { routePrefix: "/docs" }); // the UI; the document at /docs/json
await app.register(fastifyPagewise);
app.pagewise("/package/:owner/:repo/packages/", packages);

const address = await app.listen({ port: Number(PORT ?? 3000), host: "127.0.0.1" });
console.log(`Listening on ${address}`);
