import { Module } from "@nestjs/common";
import { APP_FILTER } from "@nestjs/core";
import { PagewiseProblemFilter } from "./problem-filter.js";

/**
 * The pagewise module: import it once (in the root module) for {@link PagewiseProblemFilter} as a
 * global filter, so that the app's own 4xx answers around pagewise's routes (a guard's 403, a
 * path no route matches, a body parser's 400 and 413) are problems like pagewise's. `@Pagewise`
 * routes need no module: they answer their own problems.
 *
 * @example
 * ```ts
 * @Module({ imports: [PagewiseModule], controllers: [PackagesController] })
 * class AppModule {}
 * ```
 */
export class PagewiseModule {}
Module({ providers: [{ provide: APP_FILTER, useClass: PagewiseProblemFilter }] })(PagewiseModule);
