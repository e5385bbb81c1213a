/**
 * Serves the behaviour suite's routes and the walk routes on a NestJS 11 app, on Express and on
 * Fastify, as test/adapters/nestjs-servers.ts sets them up; prints `Listening on <origin>
 * (<platform>)` for each. Each app has its SwaggerModule document at /docs-json (OpenAPI 3.1, no
 * UI), describing the walk routes as docs/nestjs.md routes a list, `@Get(path) @Pagewise(list)`,
 * at /described/…: the suite's `@All()` routes are left out of it (`@ApiExcludeController()`),
 * as under `@All()` @nestjs/swagger describes the method `search` too, which OpenAPI 3.1 has not.
 * Bundled as CommonJS (bundle-nest11.ts): `@nestjs/*` and pagewise are required from
 * test/runtimes/nest11/node_modules, NestJS 11 and the built pagewise.
 */
import { Controller, Get, type INestApplication } from "@nestjs/common";
import { ApiExcludeController, DocumentBuilder, SwaggerModule } from "@nestjs/swagger";
import { Pagewise } from "../../src/adapters/nestjs/index.js";
import {
  appModule,
  namedMethod,
  nestExpress,
  nestFastify,
  routesController,
} from "../adapters/nestjs-servers.js";
import { routes, walkRoutes } from "../adapters/resources.js";
import { DESCRIBED } from "./start-nest11.js";

/** A controller serving each walk route's list with `@Get(DESCRIBED + path) @Pagewise(resource)`. */
function describedController(): new () => object {
  class DescribedController {}
  for (const [index, [path, resource]] of walkRoutes.entries()) {
    const key = `walk${index}`;
    const descriptor = { value: namedMethod(key), writable: true, configurable: true };
    Object.defineProperty(DescribedController.prototype, key, descriptor);
    Pagewise(resource)(DescribedController.prototype, key, descriptor);
    Get(DESCRIBED + path)(DescribedController.prototype, key, descriptor);
  }
  Controller()(DescribedController);
  return DescribedController;
}

/** SwaggerModule's document of the app at /docs-json, told pagewise's OpenAPI version. */
function describe(app: INestApplication): void {
  const config = new DocumentBuilder().setOpenAPIVersion("3.1.0").build();
  SwaggerModule.setup("docs", app, SwaggerModule.createDocument(app, config), { ui: false });
}

/** The app's module: the suite's routes (undescribed), and the described walk routes. */
function nest11Module(): new () => object {
  const suite = routesController([...routes, ...walkRoutes]);
  ApiExcludeController()(suite);
  return appModule(suite, describedController());
}

const PLATFORMS = { express: nestExpress, fastify: nestFastify } as const;

// A CommonJS module has no top-level await.
void (async () => {
  for (const [name, start] of Object.entries(PLATFORMS)) {
    const { origin } = await start(nest11Module(), describe);
    console.log(`Listening on ${origin} (${name})`);
  }
})();
