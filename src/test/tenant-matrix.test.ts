/**
 * The cross-tenant matrix: every tRPC procedure of `appRouter` and every legacy path of the OpenAPI
 * document, called by every kind of outsider with inputs that name the VICTIM group's objects
 * (src/test/tenant-matrix.ts builds them from the schemas, by field name). A new procedure or path
 * is covered by existing; a new tenant-looking field without a value rule fails the first test.
 *
 * Each (procedure × caller) must be refused (UNAUTHORIZED, FORBIDDEN, NOT_FOUND, or a service's
 * BAD_REQUEST/VALIDATION: the inputs are checked to parse, so that one comes from the caller's own
 * scope) or succeed without any victim text in the answer, and leave the database unchanged
 * (fingerprint before and after; see `scopeOf` for the caller's own rows it ignores). The only
 * cross-group answers allowed are the spec's staff grants (STAFF_GRANTS) and, for platform staff, the
 * areas their role runs for every group (STAFF_AREAS: finance for FINANCE, ad-hoc charges for CRM), where
 * they may also change the area's own tables and be refused by the victim's state (CONFLICT).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { messages } from "../domain/messages.ts";
import { appRouter } from "../routers/_app.ts";
import { sessionIdFor } from "../services/identity/auth.ts";
import { appFor, cookieFor, send, tokenOf, type TestApp } from "./app.ts";
import { testDialect } from "./db.ts";
import { useTestDatabase } from "./fixtures.ts";
import {
  ATTACKERS,
  LEGACY_STAFF_GRANTS,
  STAFF_GRANTS,
  STAFF_AREAS,
  asText,
  attackerCaller,
  changedTables,
  fillPath,
  fingerprint,
  inputsFor,
  leakedMarkers,
  legacyCases,
  looksTenant,
  markersFor,
  seedVictim,
  staffAreaOf,
  type Attacker,
  type Victim,
} from "./tenant-matrix.ts";

const t = useTestDatabase({ wizardDemo: true });
const dialect = testDialect();
let victim: Victim;
let app: TestApp;

beforeAll(async () => {
  victim = await seedVictim(t.db);
  app = appFor(t.db);
}, 60_000);

type ProcedureDef = { type: "query" | "mutation" | "subscription"; inputs: unknown[] };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>);

/**
 * Role first (issue 23 item 13): a caller refused for who they are (signed out, or a role the call is
 * not for: the generic "no permission" text) gets exactly that refusal for a malformed input too, never
 * field errors: the role is checked before the input is parsed, in the procedure builders and the
 * legacy idiom alike. MALFORMED is no procedure's input shape; a legacy path gets a body that is not
 * JSON, or query values of the wrong kind.
 */
const MALFORMED = "malformed";
const isRoleRefusal = (code: string, message: string) => (code === "UNAUTHORIZED" && message === messages.signInRequired) || (code === "FORBIDDEN" && message === messages.forbidden);
const isRoleRefusalStatus = (status: number, body: string) => (status === 401 && body.includes(messages.signInRequired)) || (status === 403 && body.includes(messages.forbidden));

/** Refusals; TOO_MANY_REQUESTS is the sign-in throttle counting the attacker's own attempts. */
const REFUSALS = new Set(["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "BAD_REQUEST", "TOO_MANY_REQUESTS"]);
const REFUSAL_STATUSES = new Set([400, 401, 403, 404, 429]);

/** A path pattern with its parameters blanked: `/{group}/x` (OpenAPI) and `/:prefix/x` or `/:id{[0-9]+}/x` (Hono) agree. */
const routeShape = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z_]+(\{[^}]*\})?/g, ":");

describe("the generator", () => {
  test("fills every tenant-looking field of every procedure and legacy path, and every input parses", () => {
    const problems: string[] = [];
    for (const [path, procedure] of procedures) {
      const generated = inputsFor(procedure._def.inputs, victim);
      for (const field of generated.unfilled) problems.push(`${path}: no value rule for the tenant-looking field ${field} (add it to TENANT_RULES or NEUTRAL_RULES)`);
      for (const failure of generated.failed) problems.push(`${path}: ${failure}`);
    }
    for (const c of legacyCases()) {
      const filled = fillPath(c.path, victim, 0);
      for (const param of filled.unknown) problems.push(`${c.method} ${c.path}: no rule for the path parameter ${param} (add it to PATH_PARAMS)`);
      if (c.op.request && c.op.requestType) {
        const generated = inputsFor([c.op.request], victim);
        for (const field of generated.unfilled) problems.push(`${c.method} ${c.path}: no value rule for the tenant-looking field ${field}`);
        for (const failure of generated.failed) problems.push(`${c.method} ${c.path}: ${failure}`);
        if (c.op.requestType === "query") {
          for (const v of generated.variants) {
            if (!c.op.request.safeParse(asText(v)).success) problems.push(`${c.method} ${c.path}: the query text of ${JSON.stringify(v)} does not parse`);
          }
        }
      }
      const routes = app.routes.filter((r) => r.method === c.method && routeShape(r.path) === routeShape(c.path));
      if (routes.length === 0) problems.push(`${c.method} ${c.path}: documented but not mounted`);
    }
    expect(problems).toEqual([]);
  });

  test("knows what looks tenant-identifying", () => {
    for (const name of ["policyId", "groupId", "costEstimateID", "dependencyIds", "empTempFileUUID", "group", "groupName", "id", "token"]) {
      expect(looksTenant(name)).toBe(true);
    }
    for (const name of ["name", "moveStage", "groupNumber", "budgetGroup", "identity"]) expect(looksTenant(name)).toBe(false);
  });

  test("fills the victim's values by name", () => {
    const inputsOf = (path: string) => procedures.find(([p]) => p === path)![1]._def.inputs;
    const [input] = inputsFor(inputsOf("policy.policies.get"), victim).variants;
    expect(input).toEqual({ policyId: victim.policyId });
    const moves = inputsFor(inputsOf("wizard.policyOverrides"), victim).variants;
    expect(moves).toEqual(victim.moves.map((m) => ({ employeeId: m.employeeId, moveId: m.moveId })));
  });
});

/** TENANT_MATRIX_VERBOSE=1 prints every answer that is not a plain 401/403. */
const VERBOSE = process.env.TENANT_MATRIX_VERBOSE === "1";
const tally = (counts: Record<string, number>, key: string) => void (counts[key] = (counts[key] ?? 0) + 1);
/** Combinations checked, for the summary line of each test. */
const report = (what: string, attacker: Attacker, calls: number, outcomes: Record<string, number>) =>
  console.info(`[tenant-matrix] ${what} × ${attacker.label}: ${calls} calls ${JSON.stringify(outcomes)}`);

/** The outcome of one call, as a failure text or null. */
type Verdict = string | null;

async function trpcMatrix(attacker: Attacker) {
  const markers = markersFor(victim, attacker);
  let who = await attackerCaller(t.db, attacker.email);
  let baseline = await fingerprint(t.db, dialect, who.userId, victim);
  const failures: string[] = [];
  let calls = 0;
  const grantsUsed = new Set<string>();
  const areasUsed = new Set<string>();
  const outcomes: Record<string, number> = {};
  const roleFirst: string[] = [];

  for (const [path, procedure] of procedures) {
    if (procedure._def.type === "subscription") continue;
    const area = staffAreaOf(attacker, { procedure: path });
    const granted = area !== null || STAFF_GRANTS.some((g) => g.label === attacker.label && g.procedure === path);
    for (const input of inputsFor(procedure._def.inputs, victim).variants) {
      calls++;
      const fn = path.split(".").reduce<any>((node, key) => node[key], who.caller) as (input: unknown) => Promise<unknown>;
      let verdict: Verdict = null;
      let succeeded = false;
      try {
        const output = await fn(input);
        succeeded = true;
        tally(outcomes, "OK");
        if (VERBOSE) console.info(`  ${attacker.label} ${path} OK ${JSON.stringify(output).slice(0, 160)}`);
        if (area) areasUsed.add(area.procedures);
        else if (granted) grantsUsed.add(path);
        const leaked = leakedMarkers(JSON.stringify(output) ?? "", markers);
        if (leaked.length > 0 && !granted) verdict = `answered with the victim's ${leaked.join(", ")}`;
      } catch (error) {
        tally(outcomes, error instanceof TRPCError ? error.code : "thrown");
        if (error instanceof TRPCError && isRoleRefusal(error.code, error.message)) {
          const again = await fn(MALFORMED).then(
            () => "OK",
            (e: unknown) => (e instanceof TRPCError ? e.code : "thrown"),
          );
          if (again !== error.code) roleFirst.push(`${path}: ${error.code} for a valid input but ${again} for a malformed one (the role must be checked before the input)`);
        }
        if (VERBOSE && (error as TRPCError).code !== "FORBIDDEN" && (error as TRPCError).code !== "UNAUTHORIZED") console.info(`  ${attacker.label} ${path} ${(error as TRPCError).code} ${(error as Error).message}`);
        if (!(error instanceof TRPCError)) verdict = `threw ${String(error)}`;
        else if (!REFUSALS.has(error.code) && !(area && error.code === "CONFLICT")) verdict = `${error.code}: ${error.message}`;
        else if (error.cause instanceof ZodError) verdict = `input refused by the schema (the generator's input is wrong): ${error.message}`;
        else {
          const leaked = leakedMarkers(`${error.message} ${JSON.stringify((error.cause as { fields?: unknown } | undefined)?.fields ?? null)}`, markers);
          if (leaked.length > 0 && !area) verdict = `refused with the victim's ${leaked.join(", ")} in the message`;
        }
      }
      const after = await fingerprint(t.db, dialect, who.userId, victim);
      const changed = changedTables(baseline, after).filter((table) => !area?.tables.includes(table));
      if (area) baseline = after;
      if (changed.length > 0) {
        verdict = `${verdict ? `${verdict}; ` : ""}changed ${changed.join(", ")}`;
        baseline = after;
      }
      if (verdict) failures.push(`${path} ${JSON.stringify(input)}: ${verdict}`);
      // A sign-out (a call that succeeds) ends the caller's session: sign in again for the next call.
      if (succeeded && who.sessionId && !(await t.db.selectFrom("sessions").select("id").where("id", "=", who.sessionId).executeTakeFirst())) {
        who = await attackerCaller(t.db, attacker.email);
      }
    }
  }
  return { failures, calls, grantsUsed, areasUsed, outcomes, roleFirst };
}

async function legacyMatrix(attacker: Attacker) {
  const markers = markersFor(victim, attacker);
  const signIn = async () => {
    if (!attacker.email) return { cookie: null, sessionId: null, userId: null };
    const cookie = await cookieFor(t.db, attacker.email);
    const user = await t.db.selectFrom("users").select("id").where("email", "=", attacker.email).executeTakeFirstOrThrow();
    return { cookie, sessionId: sessionIdFor(tokenOf(cookie)), userId: user.id };
  };
  let who = await signIn();
  let baseline = await fingerprint(t.db, dialect, who.userId, victim);
  const failures: string[] = [];
  let calls = 0;
  const grantsUsed = new Set<string>();
  const areasUsed = new Set<string>();
  const outcomes: Record<string, number> = {};
  const roleFirst: string[] = [];

  for (const c of legacyCases()) {
    const area = staffAreaOf(attacker, { path: c.path });
    const granted = area !== null || LEGACY_STAFF_GRANTS.some((g) => g.label === attacker.label && g.path === c.path);
    const generated = c.op.request && c.op.requestType ? inputsFor([c.op.request], victim).variants : [undefined];
    const pathVariants = fillPath(c.path, victim, 0).candidates;
    const count = Math.max(generated.length, pathVariants);
    for (let variant = 0; variant < count; variant++) {
      calls++;
      const fields = generated[variant % generated.length];
      const target = fillPath(c.path, victim, variant).path;
      const text = asText(fields);
      const scalars = Object.fromEntries(Object.entries(text).filter(([k]) => typeof (fields as Record<string, unknown>)[k] !== "object"));
      let url = target;
      let body: string | null = null;
      if (c.method === "GET" || c.op.requestType === "query") {
        if (Object.keys(text).length > 0) url += `?${new URLSearchParams(text)}`;
      } else if (c.op.requestType === "form") {
        // The JSON body, and the scalars in the query too (some handlers read ?employeeId&moveId).
        if (Object.keys(scalars).length > 0) url += `?${new URLSearchParams(scalars)}`;
        body = JSON.stringify(fields ?? {});
      }
      const res = await send(app, c.method, url, body, { cookie: who.cookie }, body === null ? undefined : "application/json");
      const answer = await res.text();
      tally(outcomes, String(res.status));
      if (isRoleRefusalStatus(res.status, answer)) {
        const junkQuery = Object.keys(text).length > 0 ? `?${new URLSearchParams(Object.fromEntries(Object.keys(text).map((k) => [k, "%not-a-value%"])))}` : "";
        const malformed =
          c.method === "GET" || c.op.requestType === "query"
            ? await send(app, c.method, `${target}${junkQuery}`, null, { cookie: who.cookie })
            : await send(app, c.method, target, "{not json", { cookie: who.cookie }, "application/json");
        await malformed.arrayBuffer();
        if (malformed.status !== res.status) roleFirst.push(`${c.method} ${c.path}: ${res.status} for a valid request but ${malformed.status} for a malformed one (the role must be checked before the input)`);
      }
      if (VERBOSE && res.status !== 403 && res.status !== 401) console.info(`  ${attacker.label} ${c.method} ${url} ${res.status} ${answer.slice(0, 160)}`);
      if (area && res.status === 200) areasUsed.add(area.procedures);
      else if (granted && res.status === 200) grantsUsed.add(c.path);
      let verdict: Verdict = null;
      const leaked = leakedMarkers(answer, markers);
      if (res.status === 200) {
        if (leaked.length > 0 && !granted) verdict = `200 with the victim's ${leaked.join(", ")}`;
      } else if (!REFUSAL_STATUSES.has(res.status) && !(area && res.status === 409)) {
        verdict = `status ${res.status}: ${answer.slice(0, 200)}`;
      } else if (leaked.length > 0 && !area) {
        verdict = `${res.status} with the victim's ${leaked.join(", ")}`;
      }
      const after = await fingerprint(t.db, dialect, who.userId, victim);
      const changed = changedTables(baseline, after).filter((table) => !area?.tables.includes(table));
      if (area) baseline = after;
      if (changed.length > 0) {
        verdict = `${verdict ? `${verdict}; ` : ""}changed ${changed.join(", ")}`;
        baseline = after;
      }
      if (verdict) failures.push(`${c.method} ${url} ${body ?? ""}: ${verdict}`);
      if (res.status === 200 && who.sessionId && !(await t.db.selectFrom("sessions").select("id").where("id", "=", who.sessionId).executeTakeFirst())) {
        who = await signIn();
      }
    }
  }
  return { failures, calls, grantsUsed, areasUsed, outcomes, roleFirst };
}

/** The staff areas of the attacker (each must still be needed: at least one call in it answered). */
const areasOf = (attacker: Attacker) => STAFF_AREAS.filter((a) => a.label === attacker.label).map((a) => a.procedures);

describe("cross-tenant matrix: tRPC procedures", () => {
  test.each(ATTACKERS.map((a) => [a.label, a] as const))("%s gets nothing of the victim and changes nothing", async (_label, attacker) => {
    const { failures, calls, grantsUsed, areasUsed, outcomes, roleFirst } = await trpcMatrix(attacker);
    report("tRPC", attacker, calls, outcomes);
    expect(calls).toBeGreaterThanOrEqual(procedures.length);
    expect(failures).toEqual([]);
    expect([...new Set(roleFirst)]).toEqual([]);
    // A grant nobody needs any more is removed, so the list stays the spec's exceptions only.
    const grants = STAFF_GRANTS.filter((g) => g.label === attacker.label).map((g) => g.procedure);
    expect([...grantsUsed].sort()).toEqual([...grants].sort());
    expect([...areasUsed].sort()).toEqual(areasOf(attacker).sort());
  }, 120_000);
});

describe("cross-tenant matrix: legacy paths", () => {
  test.each(ATTACKERS.map((a) => [a.label, a] as const))("%s gets nothing of the victim and changes nothing", async (_label, attacker) => {
    const { failures, calls, grantsUsed, areasUsed, outcomes, roleFirst } = await legacyMatrix(attacker);
    report("legacy", attacker, calls, outcomes);
    expect(calls).toBeGreaterThanOrEqual(legacyCases().length);
    expect(failures).toEqual([]);
    expect([...new Set(roleFirst)]).toEqual([]);
    const grants = LEGACY_STAFF_GRANTS.filter((g) => g.label === attacker.label).map((g) => g.path);
    expect([...grantsUsed].sort()).toEqual([...grants].sort());
    expect([...areasUsed].sort()).toEqual(areasOf(attacker).sort());
  }, 120_000);
});
