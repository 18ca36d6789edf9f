/**
 * GET requests and tRPC queries never change state (DESIGN.md "Identity and access"), checked by
 * existing: every query procedure of `appRouter` and every documented GET path, called by the users
 * who may read the group's data (a platform admin and the group's own HR) with inputs naming real
 * objects (the generator of src/test/tenant-matrix.ts, aimed at the group's own ids), must leave the
 * database fingerprint unchanged. The few documented GETs that do change state carry
 * `changesState: true` in the OpenAPI list and must refuse a cross-site request, writing nothing.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { TRPCError } from "@trpc/server";
import { appRouter } from "../routers/_app.ts";
import { sessionIdFor } from "../services/identity/auth.ts";
import { appFor, cookieFor, send, tokenOf, type TestApp } from "./app.ts";
import { testDialect } from "./db.ts";
import { useTestDatabase } from "./fixtures.ts";
import { asText, attackerCaller, changedTables, fillPath, fingerprint, inputsFor, legacyCases, seedVictim, type Victim } from "./tenant-matrix.ts";

const t = useTestDatabase({ wizardDemo: true });
const dialect = testDialect();
let owner: Victim;
let app: TestApp;

beforeAll(async () => {
  owner = await seedVictim(t.db);
  app = appFor(t.db);
}, 60_000);

type ProcedureDef = { type: "query" | "mutation" | "subscription"; inputs: unknown[] };
const queries = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>).filter(
  ([, p]) => p._def.type === "query",
);

/** The readers of the group's data: a platform admin, and the group's own HR. */
const READERS = ["admin@meridian.test", "hr@globex.test"] as const;

describe("tRPC queries write nothing", () => {
  test.each(READERS.map((r) => [r]))("as %s", async (email) => {
    let who = await attackerCaller(t.db, email);
    let baseline = await fingerprint(t.db, dialect, who.userId, owner);
    const failures: string[] = [];
    let answered = 0;
    for (const [path, procedure] of queries) {
      for (const input of inputsFor(procedure._def.inputs, owner).variants) {
        const fn = path.split(".").reduce<any>((node, key) => node[key], who.caller) as (input: unknown) => Promise<unknown>;
        try {
          await fn(input);
          answered++;
        } catch (error) {
          if (!(error instanceof TRPCError) || error.code === "INTERNAL_SERVER_ERROR") failures.push(`${path}: ${String(error)}`);
        }
        const after = await fingerprint(t.db, dialect, who.userId, owner);
        const changed = changedTables(baseline, after);
        if (changed.length > 0) {
          failures.push(`${path} ${JSON.stringify(input)} changed ${changed.join(", ")}`);
          baseline = after;
        }
        if (who.sessionId && !(await t.db.selectFrom("sessions").select("id").where("id", "=", who.sessionId).executeTakeFirst())) {
          failures.push(`${path}: the query ended the caller's session`);
          who = await attackerCaller(t.db, email);
        }
      }
    }
    expect(failures).toEqual([]);
    // Most queries really ran (a refusal for every call would prove nothing).
    expect(answered).toBeGreaterThan(queries.length / 2);
  }, 120_000);
});

describe("documented GET paths", () => {
  const gets = () => legacyCases().filter((c) => c.method === "GET");

  async function signedIn(email: string) {
    const cookie = await cookieFor(t.db, email);
    const user = await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    return { cookie, sessionId: sessionIdFor(tokenOf(cookie)), userId: user.id };
  }

  function urlsOf(c: ReturnType<typeof gets>[number]): string[] {
    const generated = c.op.request && c.op.requestType ? inputsFor([c.op.request], owner).variants : [undefined];
    const count = Math.max(generated.length, fillPath(c.path, owner, 0).candidates);
    return Array.from({ length: count }, (_, variant) => {
      const text = asText(generated[variant % generated.length]);
      const path = fillPath(c.path, owner, variant).path;
      return Object.keys(text).length > 0 ? `${path}?${new URLSearchParams(text)}` : path;
    });
  }

  test.each(READERS.map((r) => [r]))("those not marked changesState write nothing, as %s", async (email) => {
    const who = await signedIn(email);
    let baseline = await fingerprint(t.db, dialect, who.userId, owner);
    const failures: string[] = [];
    let answered = 0;
    for (const c of gets().filter((c) => !c.op.changesState)) {
      for (const url of urlsOf(c)) {
        const res = await send(app, "GET", url, null, { cookie: who.cookie });
        if (res.status >= 500) failures.push(`GET ${url}: ${res.status}`);
        if (res.status === 200) answered++;
        await res.arrayBuffer();
        const after = await fingerprint(t.db, dialect, who.userId, owner);
        const changed = changedTables(baseline, after);
        if (changed.length > 0) {
          failures.push(`GET ${url} changed ${changed.join(", ")} (mark it changesState and guard it, or make it read only)`);
          baseline = after;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(0);
  }, 120_000);

  test("those marked changesState refuse a cross-site request and write nothing", async () => {
    const marked = gets().filter((c) => c.op.changesState);
    expect(marked.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const email of READERS) {
      const who = await signedIn(email);
      const baseline = await fingerprint(t.db, dialect, who.userId, owner);
      for (const c of marked) {
        for (const url of urlsOf(c)) {
          const res = await send(app, "GET", url, null, { cookie: who.cookie, headers: { "Sec-Fetch-Site": "cross-site" } });
          if (res.status !== 403) failures.push(`GET ${url} as ${email}: ${res.status}, not 403`);
          await res.arrayBuffer();
        }
      }
      const changed = changedTables(baseline, await fingerprint(t.db, dialect, who.userId, owner));
      if (changed.length > 0) failures.push(`cross-site GETs as ${email} changed ${changed.join(", ")}`);
    }
    expect(failures).toEqual([]);
  });
});
