/**
 * pagewise for NestJS 11 and 12, on Express and Fastify: `@Pagewise(list)` serves a pagewise
 * list or resource from a controller's route (Nest's routing, guards and pipes; pagewise's
 * status, headers and problems, as every adapter gives them) and describes it for
 * `@nestjs/swagger` when that is installed; `PagewiseModule` answers the app's own 4xx errors as
 * problems.
 * @packageDocumentation
 */
export { fromController } from "./controller-handler.js";
export { PagewiseContext } from "./pagewise-context.js";
export { Pagewise, type PagewiseOptions } from "./pagewise-decorator.js";
export { PagewiseModule } from "./pagewise-module.js";
export { PagewiseProblemFilter } from "./problem-filter.js";
