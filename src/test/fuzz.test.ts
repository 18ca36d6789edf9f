/**
 * Malformed input never answers 5xx, never shows a stack trace, never logs an unexpected error
 * and never writes: every tRPC procedure and every legacy path (src/test/fuzz.ts), signed in as
 * ADMIN, as HR of acme and signed out, through the real Hono app, on the dialect under test.
 *
 * Deterministic: the cases come from FUZZ_SEED (default below; printed with every failure).
 * FUZZ_RUNS sets the fast-check samples per endpoint and identity (default 8).
 *
 *   bun test src/test/fuzz.test.ts
 *   FUZZ_SEED=123 FUZZ_RUNS=50 bun test src/test/fuzz.test.ts     # a longer, different run
 */
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { directoryAssets } from "../server/assets.ts";
import { SESSION_COOKIE } from "../server/cookies.ts";
import { settleJobs } from "../services/jobs/queue.ts";
import { appFor, cookieFor, TEST_ASSET_BODY, TEST_SHELL, type TestApp } from "./app.ts";
import { testDialect } from "./db.ts";
import { stackTraceIn } from "./errors.ts";
import { DEMO, useTestApp } from "./fixtures.ts";
import {
  describeRequest,
  fixedCases,
  generatedCases,
  installWriteLog,
  legacyEndpoints,
  moneyCases,
  moneyFields,
  sendFuzz,
  trpcEndpoints,
  type Endpoint,
  type FuzzRequest,
  type MoneyRequest,
  type WriteLog,
} from "./fuzz.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

const t = useTestApp([DEMO.ADMIN, DEMO.HR]);

type Identity = { name: string; email: string | null; cookie: string | null };
let identities: Identity[] = [];
/** The app on the test database with the production asset source over a temporary directory (as `npm start` serves src/web's build). */
let app: TestApp;
const assetsDir = mkdtempSync(join(tmpdir(), "meridian-fuzz-assets-"));
let writes: WriteLog;
const logged: unknown[][] = [];
let errorSpy: ReturnType<typeof spyOn> | undefined;

beforeAll(async () => {
  identities = [
    { name: "ADMIN", email: DEMO.ADMIN, cookie: t.cookie(DEMO.ADMIN) },
    { name: "HR", email: DEMO.HR, cookie: t.cookie(DEMO.HR) },
    { name: "signed out", email: null, cookie: null },
    // A session cookie no browser would send (bad percent-encoding, NUL, 4 KB): refused like none.
    { name: "forged cookie", email: null, cookie: `${SESSION_COOKIE}=%E0%A4%A; ${SESSION_COOKIE}=${"x".repeat(4096)}; a=%` },
  ];
  mkdirSync(join(assetsDir, "assets"));
  writeFileSync(join(assetsDir, "index.html"), TEST_SHELL);
  writeFileSync(join(assetsDir, "assets", "app-abc123.js"), TEST_ASSET_BODY);
  app = appFor(t.db, { assets: directoryAssets(assetsDir) });
  writes = await installWriteLog(t.db, testDialect());
  // The app logs what it did not expect ("[trpc] unexpected error", "[http] …", "[jobs] … failed"):
  // captured here, each one a failure of the request that caused it.
  errorSpy = spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
});

afterAll(() => {
  errorSpy?.mockRestore();
  rmSync(assetsDir, { recursive: true, force: true });
});

type Failure = { endpoint: string; identity: string; request: string; problem: string };

const AUTH_REFUSALS = new Set([401, 403]);

/** Answers by status, for the run's summary line. */
const statuses = new Map<number, number>();
/** Money fields (with a currency) whose in-bound amount was accepted by some identity: there the bound is what refuses the rest. */
const moneyAccepted = new Set<string>();
/** The status of each in-bound twin, by identity and money field (and currency). */
const twinStatus = new Map<string, number>();

async function check(endpoint: Endpoint, r: FuzzRequest, who: Identity, failures: Failure[]): Promise<number> {
  const before = await writes.count();
  const loggedBefore = logged.length;
  const res = await sendFuzz(app, r, who.cookie);
  const text = await res.text();
  // A money amount past the one bound (src/domain/money/money.ts MONEY_MAX_MINOR) is refused, on both databases;
  // the in-bound twin (one minor unit) of each money field and currency is noted when accepted.
  // An amount past the bound answers 400 (bad input), or what its in-bound twin (one minor unit, the
  // same request otherwise) answered when that was refused before the input is read (role, group, a
  // version or estimate that does not exist or is not a draft): never a success, never another refusal.
  const money = r as Partial<MoneyRequest>;
  const twinKey = `${who.name} ${money.twin}`;
  if (money.isTwin) twinStatus.set(twinKey, res.status);
  if (money.isTwin && res.status < 400) moneyAccepted.add(money.twin!);
  if (money.pastBound) {
    const twin = twinStatus.get(twinKey) ?? 0;
    if (res.status < 400 || (res.status !== 400 && twin !== 0 && res.status !== twin)) {
      failures.push({ endpoint: endpoint.name, identity: who.name, request: describeRequest(r), problem: `status ${res.status} (one minor unit: ${twin}): a money amount past the bound was not refused as bad input` });
    }
  }
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  // A request that succeeded may have started a job: let it finish here, so its writes and logs are this request's.
  if (res.status < 400) await settleJobs();
  const fail = (problem: string) => failures.push({ endpoint: endpoint.name, identity: who.name, request: describeRequest(r), problem });
  if (res.status >= 500) fail(`status ${res.status}: ${text.slice(0, 300)}`);
  const trace = stackTraceIn(text);
  if (trace) fail(`stack trace in the body (${trace}): ${text.slice(0, 300)}`);
  for (const args of logged.slice(loggedBefore)) {
    const first = String(args[0]);
    const detail = args[1] instanceof Error ? `${args[1].name}: ${args[1].message}` : String(args[1] ?? "");
    fail(`logged ${first} ${detail.slice(0, 300)}`);
  }
  // A refusal writes nothing. A success is the app accepting the input: its writes are its own.
  if (res.status >= 400) {
    const after = await writes.count();
    if (after !== before) fail(`status ${res.status} but wrote ${(await writes.since(before)).join(", ")}`);
  }
  return res.status;
}

/** Runs the fixed cases for each identity, then the generated ones for each identity the endpoint admits. */
async function fuzz(endpoints: Endpoint[]) {
  const failures: Failure[] = [];
  let sent = 0;
  for (const endpoint of endpoints) {
    const fixed = fixedCases(endpoint);
    const generated = [...moneyCases(endpoint), ...generatedCases(endpoint, SEED, RUNS)];
    for (const who of identities) {
      let admitted = false;
      let succeeded = false;
      for (const r of fixed) {
        const status = await check(endpoint, r, who, failures);
        admitted ||= !AUTH_REFUSALS.has(status);
        succeeded ||= status < 400;
        sent++;
      }
      // Cases past the fixed ones (money amounts, then generated ones) only where the caller gets past sign-in and role checks.
      if (admitted) {
        for (const r of generated) {
          // Checked first, then noted: `succeeded ||= await check(…)` would skip every case after the first success.
          const status = await check(endpoint, r, who, failures);
          succeeded ||= status < 400;
          sent++;
        }
      }
      // An accepted request may have ended the session (logout): sign in again for the next endpoint.
      if (succeeded && who.email) who.cookie = await cookieFor(t.db, who.email);
    }
  }
  return { failures, sent };
}

function report(what: string, result: { failures: Failure[]; sent: number }, ms: number) {
  const { failures, sent } = result;
  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(" ");
  statuses.clear();
  console.log(`fuzz ${what} on ${testDialect()}: ${sent} requests in ${(ms / 1000).toFixed(1)} s (${byStatus}), ${failures.length} failures (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS}); money fields accepted in bound: ${moneyAccepted.size}`);
  if (failures.length === 0) return;
  // One entry per endpoint: how many failed and the first two, each with the request that failed.
  const byEndpoint = new Map<string, Failure[]>();
  for (const f of failures) byEndpoint.set(f.endpoint, byEndpoint.get(f.endpoint) ?? []).get(f.endpoint)!.push(f);
  const lines = [...byEndpoint].map(([endpoint, list]) => {
    const examples = list.slice(0, 2).map((f) => `    as ${f.identity}: ${f.problem.replace(/\s+/g, " ")}\n      ${f.request.replace(/\s+/g, " ")}`);
    return `- ${endpoint}: ${list.length}\n${examples.join("\n")}`;
  });
  throw new Error(`${failures.length} fuzz failures on ${byEndpoint.size} endpoints (${what}, ${testDialect()}, FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}):\n${lines.join("\n")}`);
}

describe("malformed input", () => {
  test("the endpoints come from the router and the OpenAPI document", () => {
    const names = [...trpcEndpoints(), ...legacyEndpoints(app)].map((e) => e.name);
    expect(names).toContain("trpc query policy.policies.get");
    expect(names).toContain("trpc mutation policy.benefits.addOption");
    expect(names).toContain("legacy GET /admin/SSO/disable/{userId}/");
    expect(names.length).toBeGreaterThan(200);
  });

  test("every money input is known by the shared money schema and gets amounts around 2^31 and 2^63 minor units in 0/2/3-decimal currencies", () => {
    const endpoints = [...trpcEndpoints(), ...legacyEndpoints(app)];
    const paths = (name: string) => moneyFields(endpoints.find((e) => e.name === name)!).map((f) => f.path.join("."));
    expect(paths("trpc mutation finance.adhoc.createCharge")).toEqual(expect.arrayContaining(["amount", "recurring.payments.0.paymentAmount"]));
    expect(paths("trpc mutation expenses.submit")).toEqual(expect.arrayContaining(["gross", "net", "tax"]));
    expect(paths("legacy POST /expenses/add")).toEqual(expect.arrayContaining(["gross", "net", "tax"]));
    expect(paths("trpc mutation quotes.add")).toEqual(["amount"]);
    expect(paths("trpc mutation assignments.repatriate")).toEqual(["actions.0.budgets.0.amount"]);
    const withMoney = endpoints.filter((e) => moneyFields(e).length > 0);
    expect(withMoney.length).toBeGreaterThan(40);
    // The currency beside the amount is set to match each written amount (JPY 0, USD 2, BHD 3 decimals).
    const charge = moneyCases(endpoints.find((e) => e.name === "trpc mutation finance.adhoc.createCharge")!);
    const inputs = charge.filter((r) => r.label.startsWith("money amount=")).map((r) => JSON.parse(String(r.body)) as { amount: unknown; currency: string });
    expect(inputs).toContainEqual(expect.objectContaining({ amount: "21474836.48", currency: "USD" }));
    expect(inputs).toContainEqual(expect.objectContaining({ amount: "2147483648", currency: "JPY" }));
    expect(inputs).toContainEqual(expect.objectContaining({ amount: "2147483.648", currency: "BHD" }));
    expect(inputs).toContainEqual(expect.objectContaining({ amount: "92233720368547758.07", currency: "USD" }));
    expect(charge.filter((r) => r.pastBound).length).toBeGreaterThan(0);
    // The kind: an input field named as an amount of money is declared with the shared money schema
    // (a new one written with z.string() would escape the money cases and the bound).
    const MONEY_NAME = /^(amount|gross|net|tax|balance|floatAmount|\w+Amount|monthlyRent|price)$/;
    const unmarked: string[] = [];
    const walk = (endpoint: string, name: string, s: Record<string, unknown>, path: string, depth: number) => {
      if (depth > 8 || s["x-money"]) return;
      const types = ([] as unknown[]).concat(s.type ?? []);
      if (MONEY_NAME.test(name) && s.enum === undefined && types.some((t) => t === "string" || t === "number" || t === "integer")) unmarked.push(`${endpoint}: ${path}`);
      for (const alt of [...((s.anyOf as object[]) ?? []), ...((s.oneOf as object[]) ?? [])]) walk(endpoint, name, alt as Record<string, unknown>, path, depth + 1);
      for (const [k, v] of Object.entries((s.properties as Record<string, Record<string, unknown>>) ?? {})) walk(endpoint, k, v, `${path}.${k}`, depth + 1);
      if (s.items) walk(endpoint, name, s.items as Record<string, unknown>, `${path}.0`, depth + 1);
    };
    for (const e of endpoints) for (const f of e.fields) walk(e.name, f.name, f.schema as Record<string, unknown>, f.name, 0);
    expect(unmarked).toEqual([]);
  });

  test(
    "every tRPC procedure: no 5xx, no stack trace, no unexpected error, no write on refusal",
    async () => {
      const start = performance.now();
      report("tRPC", await fuzz(trpcEndpoints()), performance.now() - start);
    },
    { timeout: 600_000 },
  );

  test(
    "every legacy path: no 5xx, no stack trace, no unexpected error, no write on refusal",
    async () => {
      const start = performance.now();
      report("legacy", await fuzz(legacyEndpoints(app)), performance.now() - start);
    },
    { timeout: 600_000 },
  );
});
