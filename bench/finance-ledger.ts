/**
 * Finance ledger benchmark (issue 16 "Speed": an account with 100,000 entries shows its balance and first
 * page ≤ 10× `auth.me`), on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL (a private schema,
 * dropped at the end).
 *
 *   (a) auth.me                     baseline: in process, a caller built per call as a request builds it
 *                                   (the session read from its token), as bench/employee-hub.ts measures it
 *   (b) account + first page        what the account page asks: finance.accounts.get (the balance: the last
 *                                   entry's running balance) and finance.accounts.entries page 1 of 25 (newest
 *                                   first), two calls as the finance user, each with its own session read
 *   (c) GET /trpc/auth.me           the baseline through the HTTP app (Hono, session cookie)
 *   (d) the same two reads          GET /trpc/finance.accounts.get and …entries through the HTTP app
 *
 * Targets: b ≤ 10× a and d ≤ 10× c.
 *
 * Both reads go through the unique (account_id, seq) index backwards: the balance and the entry count are one
 * probe each (the last entry), and a page is a seq range (`seq <= last − offset`), never an OFFSET scan, so
 * neither grows with the number of entries.
 *
 * Data: the demo groups, one Vendor account with BENCH_ENTRIES (100,000) entries inserted in batches whose
 * running balances are the sums of their amounts (as appendEntry writes them), then ANALYZE. Rounds alternate
 * (a) and (b); each figure is the median. Knobs: BENCH_ENTRIES (100000), BENCH_ITERATIONS (200).
 */
import { sql } from "kysely";
import type { DB } from "../src/db/index.ts";
import { createCaller } from "../src/routers/_app.ts";
import { createApp } from "../src/server/app.ts";
import { SESSION_COOKIE } from "../src/server/cookies.ts";
import { resolveSession } from "../src/services/identity/auth.ts";
import { createSessionFor, createTestDatabase, testConfig, type TestDatabase } from "../src/test/db.ts";
import { createContextInner } from "../src/trpc.ts";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const TARGET = 10;

async function fill(db: DB): Promise<{ accountId: number; balance: number }> {
  const now = new Date().toISOString();
  const company = await db.insertInto("finance_companies").values({ company_name: "Bench Removals", category: "REMOVALS", created_at: now }).returning("id").executeTakeFirstOrThrow();
  const account = await db
    .insertInto("finance_accounts")
    .values({ name: "Bench Removals (USD)", type: "Vendor", company_id: company.id, currency: "USD", natural_key: `Vendor:${company.id}:USD`, created_by: null, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const BATCH = 1_000;
  let balance = 0;
  for (let start = 0; start < ENTRIES; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, ENTRIES - start) }, (_, k) => {
      const seq = start + k + 1;
      // Charges and payments that roughly cancel out, so the running balance stays within a 32-bit integer (PostgreSQL `integer`).
      const amount = seq % 2 === 1 ? 10_000 + ((seq * 101) % 997) : -10_000;
      balance += amount;
      const day = String((seq % 28) + 1).padStart(2, "0");
      return {
        account_id: account.id, group_id: null, seq, entry_date: `2026-11-${day}`, kind: (seq % 2 === 0 ? "payment" : "charge") as "payment" | "charge",
        amount, currency: "USD", balance_after: balance, bill_id: null, payment_id: null, notes: "", created_by: null, created_at: now,
      };
    });
    await db.insertInto("finance_entries").values(rows).execute();
  }
  await sql`analyze`.execute(db);
  return { accountId: account.id, balance };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function runOn(label: string, open: () => Promise<TestDatabase>) {
  const t0 = performance.now();
  const t = await open();
  try {
    const { accountId, balance } = await fill(t.db);
    console.log(`${label}: one account with ${ENTRIES} entries ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const config = testConfig();
    // A session inserted the way login does; every call resolves it from the token, as a request does.
    const { token } = await createSessionFor(t.db, "finance@meridian.test", config);
    const caller = async () => {
      const session = await resolveSession(t.db, token, config.session);
      if (!session) throw new Error("the bench session did not resolve");
      return createCaller(createContextInner({ db: t.db, config, session, ip: "127.0.0.1", userAgent: "bench" }));
    };
    const app = createApp({ db: t.db, config });
    const headers = { Cookie: `${SESSION_COOKIE}=${token}` };
    const http = async (path: string) => {
      const res = await app.request(`http://localhost${path}`, { headers });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      return res.json();
    };
    const getPath = `/trpc/finance.accounts.get?input=${encodeURIComponent(JSON.stringify({ id: accountId }))}`;
    const entriesPath = `/trpc/finance.accounts.entries?input=${encodeURIComponent(JSON.stringify({ id: accountId, page: 1, pageSize: 25 }))}`;

    const account = await (await caller()).finance.accounts.get({ id: accountId });
    if (account.balanceMinor !== balance || account.entryCount !== ENTRIES) throw new Error(`the account shows ${account.balanceMinor} over ${account.entryCount} entries, not ${balance} over ${ENTRIES}`);
    const page = await (await caller()).finance.accounts.entries({ id: accountId, page: 1, pageSize: 25 });
    if (page.entries.length !== 25 || page.entries[0]!.seq !== ENTRIES || page.entries[0]!.balanceAfterMinor !== balance) throw new Error("the first page is not the newest 25 entries");

    const rows = [
      { key: "a", what: "auth.me (in process, session read)", run: async () => (await caller()).auth.me() },
      { key: "b", what: "accounts.get + entries page 1 of 25 (two calls)", run: async () => {
        await (await caller()).finance.accounts.get({ id: accountId });
        await (await caller()).finance.accounts.entries({ id: accountId, page: 1, pageSize: 25 });
      } },
      { key: "c", what: "GET /trpc/auth.me (HTTP app)", run: () => http("/trpc/auth.me") },
      { key: "d", what: "GET get + GET entries page 1 (HTTP app)", run: async () => {
        await http(getPath);
        await http(entriesPath);
      } },
    ];
    const times = new Map(rows.map((r) => [r.key, [] as number[]]));
    for (let i = 0; i < ITERATIONS + 20; i++) {
      for (const r of rows) {
        const s = performance.now();
        await r.run();
        if (i >= 20) times.get(r.key)!.push(performance.now() - s);
      }
    }
    const p50 = (key: string) => median(times.get(key)!);
    for (const r of rows) {
      const base = r.key === "b" ? ` ${(p50("b") / p50("a")).toFixed(1)}× a` : r.key === "d" ? ` ${(p50("d") / p50("c")).toFixed(1)}× c` : "";
      console.log(`  ${r.key}  ${r.what.padEnd(50)} p50 ${p50(r.key).toFixed(3)} ms ${base}`);
    }
    for (const [x, y, how] of [["b", "a", "in process"], ["d", "c", "over HTTP"]] as const) {
      const ratio = p50(x) / p50(y);
      console.log(`finance-ledger ${label}: ratio ${x}/${y} = ${ratio.toFixed(1)} (target <= ${TARGET}, ${how}); balance and first page of an account with ${ENTRIES} entries against auth.me`);
      if (ratio > TARGET) console.log(`WARN finance-ledger ${label}: ${x}/${y} ${ratio.toFixed(1)} is above the target ${TARGET}`);
    }
  } finally {
    await t.close();
  }
}

process.env.TEST_DB = "sqlite";
await runOn("SQLite", () => createTestDatabase({ reference: { cities: [] } }));
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) {
  process.env.TEST_DB = "postgres";
  process.env.TEST_DATABASE_URL = pgUrl;
  await runOn("PostgreSQL", () => createTestDatabase({ reference: { cities: [] } }));
} else {
  console.log("finance-ledger: TEST_DATABASE_URL is not set, PostgreSQL skipped");
}
