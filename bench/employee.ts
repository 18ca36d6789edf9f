/**
 * Employee home benchmark (issue 14 "Speed": the employee home (move, hub, budgets, expenses) ≤ 10×
 * auth.me): what "/" costs the server, as a multiple of a trivial authenticated call in the same run.
 *
 *   (a) auth.me                      baseline, in-process tRPC caller (session → user)
 *   (b) employee.home                the home's one query, in-process caller (target ≤ 10× a)
 *   (c) GET /trpc/auth.me            the baseline through the HTTP app (Hono, session cookie)
 *   (d) GET /trpc/employee.home      the home through the HTTP app, as the page asks for it
 *                                    (target ≤ 10× c)
 *
 * Signed in as employee@acme.test on a fresh seeded SQLite file (bench/lib/in-process.ts has the method
 * and the knobs): the demo move with its hub (prepared before measuring, as the page does on the first
 * visit), budgets, expenses and files. The query writes nothing, so every call does the same work.
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
  const hub = await setup.movehub.view({});
  if (!hub.prepared) await setup.movehub.prepare({});
  const home = await setup.employee.home();
  if (home.move === null) throw new Error(`${EMPLOYEE} has no move in the demo data; the bench needs one`);

  const app = createApp({ db, config });
  const { token } = await createSessionFor(db, EMPLOYEE, config);
  const headers = { Cookie: `${SESSION_COOKIE}=${token}` };
  const get = async (path: string) => {
    const res = await app.request(`http://localhost/trpc/${path}`, { headers });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };

  const rows: BenchRow[] = [
    { key: "a", label: "auth.me", what: "baseline (in process)", target: null, run: (c) => c.auth.me() },
    { key: "b", label: "employee.home", what: "move, next tasks, budgets, recent expenses, files (in process)", target: 10, run: (c) => c.employee.home() },
    { key: "c", label: "GET /trpc/auth.me", what: "baseline through the HTTP app", target: null, pure: true, run: () => get("auth.me") },
    { key: "d", label: "GET /trpc/employee.home", what: "the home through the HTTP app (target ≤ 10× c)", target: null, pure: true, run: () => get("employee.home") },
  ];

  const summary = `${home.tasks?.counts.all ?? 0} tasks, ${home.budgets.length} budgets, ${home.expenses.total} expenses, ${home.files.count} files`;
  const stats = await measureRows("employee", bench, rows, `employee bench: Bun ${Bun.version}, SQLite file, as ${EMPLOYEE}; ${summary}`);
  reportRatios("employee", rows, stats, ["b"]);
  const http = stats.get("d")!.p50 / stats.get("c")!.p50;
  console.log(`employee: GET /trpc/employee.home p50 ${ms(stats.get("d")!.p50)} ms, GET /trpc/auth.me p50 ${ms(stats.get("c")!.p50)} ms, ratio d/c = ${http.toFixed(1)} (target <= 10)`);
  if (http > 10) console.log(`WARN employee: the home over HTTP is ${http.toFixed(1)}× auth.me, above the target 10×`);
} finally {
  await bench.close();
}
