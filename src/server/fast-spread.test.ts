import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { Glob } from "bun";
import { dirname, join } from "node:path";
import { FAST_OBJECT_SPREAD, withFastSpread } from "./fast-spread.ts";

/** The helper as this process loaded it from @trpc/server (through src/preload.ts), found by its export. */
async function loadedHelper(): Promise<(target: object, ...sources: unknown[]) => object> {
  const dist = dirname(Bun.resolveSync("@trpc/server", import.meta.dir));
  for (const name of new Glob("getErrorShape-*.mjs").scanSync(dist)) {
    const mod = (await import(join(dist, name))) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      if (typeof value === "function" && value.name === "_objectSpread2") return value as never;
    }
  }
  throw new Error("@trpc/server's _objectSpread2 was not found: is tRPC still 11.22.1?");
}

describe("tRPC's object-spread helper", () => {
  test("the installed tRPC build defines the helper the plugin replaces", async () => {
    const dist = dirname(Bun.resolveSync("@trpc/server", import.meta.dir));
    const files = [...new Glob("*.mjs").scanSync(dist)];
    const patched = await Promise.all(files.map(async (f) => withFastSpread(await Bun.file(join(dist, f)).text()) !== null));
    expect(patched.filter(Boolean)).toHaveLength(1);
  });

  test("this process runs the fast helper (the preload plugin is active)", async () => {
    const helper = await loadedHelper();
    expect(helper.toString()).toContain("propertyIsEnumerable");
    expect(FAST_OBJECT_SPREAD).toContain("propertyIsEnumerable");
  });

  test("it gives what native object spread gives", async () => {
    const helper = await loadedHelper();
    const key = fc.oneof(fc.string(), fc.constantFrom("__proto__", "constructor", "toString", "0", "length"));
    const value = fc.oneof(fc.integer(), fc.string(), fc.constant(undefined), fc.constant(null), fc.object({ maxDepth: 1 }));
    const record = fc.dictionary(key, value, { maxKeys: 8 }).map((o) => {
      // JSON-like own keys, including an own "__proto__" as JSON.parse makes it.
      return JSON.parse(JSON.stringify(o)) as Record<string, unknown>;
    });
    const sym = Symbol("s");
    fc.assert(
      fc.property(fc.array(fc.option(record, { nil: undefined }), { minLength: 1, maxLength: 4 }), (sources) => {
        const withSymbol = sources.map((s, i) => (s && i === 0 ? { ...s, [sym]: i } : s));
        const expected = withSymbol.reduce<object>((acc, s) => ({ ...acc, ...s }), {});
        const actual = helper({}, ...withSymbol);
        expect(Object.getPrototypeOf(actual)).toBe(Object.prototype);
        expect(Reflect.ownKeys(actual)).toEqual(Reflect.ownKeys(expected));
        for (const k of Reflect.ownKeys(expected)) expect((actual as never)[k]).toEqual((expected as never)[k]);
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
