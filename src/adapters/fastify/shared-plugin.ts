/**
 * What fastify-plugin 6 does to a plugin function, written out so that pagewise depends on nothing
 * for it: three marks Fastify itself reads through the global symbol registry
 * (`lib/plugin-utils.js` in Fastify 4 and 5).
 */

/** The Fastify versions a plugin runs on and its name, as Fastify reads them. */
export interface PluginMeta {
  /** A semver range Fastify checks its own version against (`FST_ERR_PLUGIN_VERSION_MISMATCH`). */
  readonly fastify: string;
  /** The plugin's name: in Fastify's errors, and what other plugins list as a dependency. */
  readonly name: string;
}

/**
 * Marks a Fastify plugin as shared, as fastify-plugin does: `skip-override` (its decorations reach
 * the scope that registers it, not a child scope of their own), `fastify.display-name` (its name in
 * Fastify's errors and `printPlugins()`) and `plugin-meta` (Fastify checks its version range on
 * register and records the name for other plugins' `dependencies`); `plugin.default` and the
 * plugin's camel-cased name (`plugin.pagewise`) are the plugin itself, for `register(await
 * import(...))` and a CommonJS caller's named import, as fastify-plugin sets them.
 *
 * @param plugin - the plugin function; it is marked and returned
 * @param meta - the Fastify versions it runs on and its name
 * @returns the same function, marked
 * @example
 * ```ts
 * export const fastifyPagewise = sharedPlugin(plugin, { fastify: "4.x || 5.x", name: "pagewise" });
 * ```
 */
export function sharedPlugin<Plugin extends object>(plugin: Plugin, meta: PluginMeta): Plugin {
  return Object.assign(plugin, {
    [Symbol.for("skip-override")]: true,
    [Symbol.for("fastify.display-name")]: meta.name,
    [Symbol.for("plugin-meta")]: { ...meta },
    default: plugin,
    [camelCase(meta.name)]: plugin,
  });
}

/** A plugin's name as fastify-plugin writes it for the property: `fastify-pagewise` → `fastifyPagewise`. */
function camelCase(name: string): string {
  return name.replace(/[-_](\w)/g, (_dash, letter: string) => letter.toUpperCase());
}
