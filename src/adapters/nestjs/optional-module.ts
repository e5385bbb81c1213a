/** The codes of a package not installed: `require`'s and `import()`'s. */
const NOT_FOUND = new Set(["MODULE_NOT_FOUND", "ERR_MODULE_NOT_FOUND"]);

/**
 * An optional peer package, or `undefined` when it is not installed. Where this module runs as
 * CommonJS (Nest 11's apps) it is required at once: a description applied when its promise
 * settles is then in place before anything else runs, where `import()` of a CommonJS package
 * takes file reads (milliseconds). An ES module (Nest 12's apps, which imported the package
 * before this code ran) takes it with `import()`, settled within microtasks. Any other failure
 * to load it (an error inside the package) rejects.
 *
 * @param name - the package's name
 * @example
 * ```ts
 * loadOptional<typeof import("@nestjs/swagger")>("@nestjs/swagger").then((swagger) => …);
 * ```
 */
export function loadOptional<T>(name: string): Promise<T | undefined> {
  const missing = (error: unknown) => {
    if (NOT_FOUND.has(String((error as { code?: unknown } | null)?.code))) return undefined;
    throw error;
  };
  // CommonJS has its `__dirname` (a bundler rewrites `typeof require` to its own shim's, which
  // is always a function, not this); an ES module has neither.
  const commonJs = typeof __dirname === "string" && typeof require === "function";
  if (!commonJs) return import(name).then((found: T) => found, missing);
  try {
    return Promise.resolve(require(name) as T);
  } catch (error) {
    return Promise.resolve().then(() => missing(error));
  }
}
