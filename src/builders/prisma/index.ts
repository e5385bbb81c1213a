/**
 * pagewise/prisma: list and cursor list handlers over a Prisma 7 model's `findMany`, on
 * PostgreSQL, MySQL/MariaDB and SQLite through Prisma's driver adapters (docs/prisma.md).
 * @packageDocumentation
 */

export type { CursorListContext, PageListContext } from "../contract.js";
export { type PrismaCursorPagesOptions, prismaCursorPages } from "./cursor-pages.js";
export { type PrismaPagesOptions, prismaPages } from "./pages.js";
export type { PrismaColumns, PrismaDelegate, PrismaQuery, PrismaRow } from "./types.js";
