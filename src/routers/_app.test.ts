import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { appRouter } from "./_app.ts";
import { isSyncSchema, sync } from "../trpc.ts";

type ProcedureDef = { type: string; inputs: unknown[]; output?: unknown };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>);

describe("procedure contracts", () => {
  test("the router has the foundation's procedures", () => {
    expect(procedures.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        "admin.groups.list",
        "admin.groups.setStatus",
        "auth.checkUser",
        "auth.login",
        "auth.logout",
        "auth.me",
        "auth.ping",
        "group.home",
        "group.people",
        "i18n.messages",
        "reference.cities",
        "reference.countries",
        "reference.currencies",
        "reference.states",
      ]),
    );
  });

  test.each(procedures)("%s declares an output schema and parses synchronously", (_path, procedure) => {
    const def = procedure._def;
    expect(def.output).toBeDefined();
    for (const parser of [...def.inputs, def.output]) {
      expect(isSyncSchema(parser)).toBe(true);
    }
  });
});

describe("sync", () => {
  const schema = z.object({ n: z.number().int(), s: z.string().trim().default("x") });

  test("gives the schema's result", async () => {
    expect(await sync(schema).parseAsync({ n: 1, s: " a " })).toEqual({ n: 1, s: "a" });
    expect(await sync(schema).parseAsync({ n: 2 })).toEqual({ n: 2, s: "x" });
  });

  test("rejects with the schema's ZodError", async () => {
    const error = await sync(schema).parseAsync({ n: 1.5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(z.ZodError);
    expect((error as z.ZodError).issues[0]?.path).toEqual(["n"]);
  });

  test("marks the wrapper, not the original schema", () => {
    expect(isSyncSchema(sync(schema))).toBe(true);
    expect(isSyncSchema(schema)).toBe(false);
  });
});
