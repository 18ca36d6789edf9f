/**
 * tRPC 11.22.1 ships its object-spread helper (`_objectSpread2`, from the oxc runtime) in
 * `@trpc/server/dist/getErrorShape-*.mjs`, and calls it for every middleware layer of every call.
 * That helper copies through `toPropertyKey`/`defineProperty`/`getOwnPropertyDescriptors`, which is
 * slow in JavaScriptCore: about 14 % of the server's CPU on a typical group-scoped query
 * (docs/decisions/006-trpc-object-spread.md). This Bun plugin swaps in a helper with the semantics
 * of native object spread (own enumerable string and symbol keys, read by value; `__proto__` stays
 * an own property), at load time: node_modules is not modified.
 *
 * It is registered for `bun run` and `bun test` by src/preload.ts (bunfig.toml) and for the single
 * binary by scripts/build.ts. Where the helper is not found (another tRPC build), the file loads as it is.
 */
import type { BunPlugin } from "bun";

/** The files the helper lives in. */
export const TRPC_DIST = /[\\/]@trpc[\\/]server[\\/]dist[\\/][^\\/]+\.mjs$/;

const HELPER = /function _objectSpread2\(e\) \{[\s\S]*?\n\}\n/;

/** The replacement, written in plain ES5 as the original. */
export const FAST_OBJECT_SPREAD = `function _objectSpread2(e) {
	for (var r = 1; r < arguments.length; r++) {
		var t = arguments[r];
		if (t == null) continue;
		var keys = Object.keys(t);
		for (var i = 0; i < keys.length; i++) {
			var k = keys[i];
			if (k === "__proto__") Object.defineProperty(e, k, { value: t[k], enumerable: true, configurable: true, writable: true });
			else e[k] = t[k];
		}
		var symbols = Object.getOwnPropertySymbols(t);
		for (var j = 0; j < symbols.length; j++) {
			if (Object.prototype.propertyIsEnumerable.call(t, symbols[j])) e[symbols[j]] = t[symbols[j]];
		}
	}
	return e;
}
`;

/** The file's text with the fast helper, or null when it does not define the helper. */
export function withFastSpread(source: string): string | null {
  return HELPER.test(source) ? source.replace(HELPER, FAST_OBJECT_SPREAD) : null;
}

export const fastSpreadPlugin: BunPlugin = {
  name: "meridian-trpc-fast-spread",
  setup(build) {
    build.onLoad({ filter: TRPC_DIST }, async ({ path }) => {
      const source = await Bun.file(path).text();
      return { contents: withFastSpread(source) ?? source, loader: "js" };
    });
  },
};
