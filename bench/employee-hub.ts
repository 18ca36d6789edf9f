/**
 * Move hub benchmark (issue 14 "Speed": a hub reorder ≤ 10× auth.me): what moving one task costs, as
 * a multiple of a trivial authenticated call measured in the same run.
 *
 *   (a) auth.me                         baseline, in-process tRPC caller (session → user)
 *   (b) movehub.updateStatus ORDER      the reorder procedure, in-process caller (target ≤ 10× a)
 *   (c) GET /trpc/auth.me               the baseline through the HTTP app (Hono, session cookie)
 *   (d) POST /movehub/updateMHStatus    the documented path: type=ORDER form post through the HTTP app
 *                                       (target ≤ 10× c)
 *
 * Signed in as employee@acme.test on a fresh seeded SQLite file (bench/lib/in-process.ts has the method
 * and the knobs). Each reorder moves the last task of the first section to the top (the move row is
 * locked, the section re-numbered densely, the hub answered), so every call does the same work.
 * Rows c and d run through `app.request` without a network: their query count is not counted (0).
 */
import { createApp } from "../src/server/app.ts";
import { SESSION_COOKIE } from "../src/server/cookies.ts";
import { createSessionFor } from "../src/test/db.ts";
import { measureRows, ms, openBenchDatabase, reportRatios, type BenchRow } from "./lib/in-process.ts";

const EMPLOYEE = "employee@acme.test";
const bench = await openBenchDatabase(EMPLOYEE);
const { db, config } = bench;

try {
  const setup = await bench.callerOn(db);
  let hub = await setup.movehub.view({});
  if (!hub.prepared) hub = await setup.movehub.prepare({});
  const first = hub.sections[0]!;
  if (first.items.length < 2) throw new Error(`the demo hub's first section has ${first.items.length} task(s); the bench needs two`);
  const lastOfFirst = () => hub.sections[0]!.items.at(-1)!.id;

  const app = createApp({ db, config });
  const { token } = await createSessionFor(db, EMPLOYEE, config);
  const headers = { Cookie: `${SESSION_COOKIE}=${token}` };

  const rows: BenchRow[] = [
    { key: "a", label: "auth.me", what: "baseline (in process)", target: null, run: (c) => c.auth.me() },
    {
      key: "b", label: "updateStatus ORDER", what: "movehub.updateStatus: last task of section 1 to the top (in process)", target: 10,
      run: async (c) => {
        hub = (await c.movehub.updateStatus({ type: "ORDER", itemId: lastOfFirst(), section: 1, order: 0 })).hub;
      },
    },
    {
      key: "c", label: "GET /trpc/auth.me", what: "baseline through the HTTP app", target: null, pure: true,
      run: async () => {
        const res = await app.request("http://localhost/trpc/auth.me", { headers });
        if (res.status !== 200) throw new Error(`auth.me answered ${res.status}`);
        await res.arrayBuffer();
      },
    },
    {
      key: "d", label: "POST updateMHStatus", what: "the documented path, type=ORDER form post (target ≤ 10× c)", target: null, pure: true,
      run: async () => {
        const body = new URLSearchParams({ type: "ORDER", itemId: String(lastOfFirst()), section: "1", order: "0" });
        const res = await app.request("http://localhost/movehub/updateMHStatus", { method: "POST", headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" }, body });
        if (res.status !== 200) throw new Error(`updateMHStatus answered ${res.status}: ${await res.text()}`);
        hub = ((await res.json()) as { hub: typeof hub }).hub;
      },
    },
  ];

  const stats = await measureRows("employee-hub", bench, rows, `employee-hub bench: Bun ${Bun.version}, SQLite file, as ${EMPLOYEE}; ${first.items.length} tasks in section 1`);
  reportRatios("employee-hub", rows, stats, ["b"]);
  const http = stats.get("d")!.p50 / stats.get("c")!.p50;
  console.log(`employee-hub: documented path updateMHStatus p50 ${ms(stats.get("d")!.p50)} ms, GET /trpc/auth.me p50 ${ms(stats.get("c")!.p50)} ms, ratio d/c = ${http.toFixed(1)} (target <= 10)`);
  if (http > 10) console.log(`WARN employee-hub: the documented reorder is ${http.toFixed(1)}× auth.me over HTTP, above the target 10×`);
} finally {
  await bench.close();
}
