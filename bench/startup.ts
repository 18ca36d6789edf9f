/**
 * Start-up benchmark: how long `bun run src/main.ts` takes from spawn to its first /api/health
 * answer, against a trivial Bun.serve script spawned the same way in the same run.
 *
 *   (a) baseline     a script that only starts Bun.serve and answers /api/health
 *   (b) existing     Meridian on a SQLite database a previous start already migrated and seeded
 *                    (the everyday restart: nothing to migrate or seed)
 *   (c) empty        Meridian on a new, empty SQLite file (migrations, reference data with every
 *                    city, the demo data)
 *
 * Each process gets a temporary DATABASE_URL, HOST=127.0.0.1, PORT=0 (the port is read from its
 * "listening on" line), LOG_REQUESTS=0, SEED_DEMO as by default. Rounds run a, b, c in turn; each
 * figure is the median over rounds. Prints one summary line:
 *
 *   startup: baseline N ms, existing database M ms (R× baseline), empty database E ms (target existing <= 300 ms)
 *
 * Knobs: BENCH_STARTUP_ROUNDS (default 5), BENCH_STARTUP_EMPTY_ROUNDS (default 3; each seeds every
 * city, about 2 s), BENCH_STARTUP_TIMEOUT seconds per start (60), BENCH_STARTUP_ROOT another checkout to
 * start instead of this one (to compare with an earlier commit).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "./lib/harness.ts";

const TARGET_EXISTING_MS = 300;
// BENCH_STARTUP_ROOT: another checkout (with its node_modules) to measure instead, e.g. the last release.
const ROOT = process.env.BENCH_STARTUP_ROOT || join(import.meta.dir, "..");
const MAIN = join(ROOT, "src", "main.ts");

function num(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, not ${raw}`);
  return n;
}
const ROUNDS = Math.max(1, Math.round(num("BENCH_STARTUP_ROUNDS", 5)));
const EMPTY_ROUNDS = Math.round(num("BENCH_STARTUP_EMPTY_ROUNDS", 3));
const TIMEOUT_MS = Math.max(1, num("BENCH_STARTUP_TIMEOUT", 60)) * 1000;

const dir = mkdtempSync(join(tmpdir(), "meridian-bench-startup-"));
const BASELINE = join(dir, "baseline.ts");
writeFileSync(
  BASELINE,
  `const server = Bun.serve({ port: Number(process.env.PORT ?? 0), hostname: process.env.HOST ?? "127.0.0.1",
  fetch: (req) => new URL(req.url).pathname === "/api/health" ? Response.json({ status: "ok", time: new Date().toISOString() }) : new Response("not found", { status: 404 }) });
console.log(\`baseline listening on http://127.0.0.1:\${server.port}\`);
`,
);

const running = new Set<Bun.Subprocess>();

/** Spawns `script`, waits for its "listening on" line, then for the first 200 from /api/health; returns ms since spawn. */
async function timeStart(script: string, databaseUrl: string): Promise<{ ms: number; output: string }> {
  const t0 = performance.now();
  const child = Bun.spawn([process.execPath, "run", script], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, HOST: "127.0.0.1", PORT: "0", LOG_REQUESTS: "0", WEB_DIR: join(dir, "no-web") },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  running.add(child);
  let output = "";
  const stderr = new Response(child.stderr).text();
  try {
    const reader = child.stdout.getReader();
    const decoder = new TextDecoder();
    const deadline = t0 + TIMEOUT_MS;
    let port: number | null = null;
    while (port === null) {
      if (performance.now() > deadline) throw new Error("no listening line before the timeout");
      const { value, done } = await reader.read();
      if (done) throw new Error(`exited before listening (exit ${await child.exited}): ${(await stderr).trim().slice(0, 500)}`);
      output += decoder.decode(value, { stream: true });
      const m = /listening on http:\/\/[^:\s]+:(\d+)/.exec(output);
      if (m) port = Number(m[1]);
    }
    // Keep draining stdout so the child never blocks on a full pipe.
    void (async () => {
      for (;;) {
        const { done } = await reader.read().catch(() => ({ done: true }));
        if (done) break;
      }
    })();
    for (;;) {
      if (performance.now() > deadline) throw new Error("/api/health did not answer 200 before the timeout");
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        await res.arrayBuffer();
        if (res.status === 200) return { ms: performance.now() - t0, output };
      } catch {
        // not accepting yet
      }
      await Bun.sleep(2);
    }
  } finally {
    child.kill();
    await child.exited;
    running.delete(child);
  }
}

const fmt = (ms: number) => ms.toFixed(0);

try {
  const existingDb = join(dir, "existing.sqlite");
  // The existing database: created by one Meridian start (migrations, every reference data set, demo).
  const first = await timeStart(MAIN, existingDb);
  console.log(
    `startup bench: Bun ${Bun.version}, SQLite, ${ROUNDS} rounds (baseline, existing${EMPTY_ROUNDS > 0 ? `, empty × ${EMPTY_ROUNDS}` : ""}); ` +
      `the existing database was created by a first start in ${fmt(first.ms)} ms`,
  );

  const baseline: number[] = [];
  const existing: number[] = [];
  const empty: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const a = await timeStart(BASELINE, join(dir, "unused.sqlite"));
    baseline.push(a.ms);
    const b = await timeStart(MAIN, existingDb);
    existing.push(b.ms);
    let line = `  round ${round}: baseline ${fmt(a.ms)} ms, existing ${fmt(b.ms)} ms`;
    if (round <= EMPTY_ROUNDS) {
      const file = join(dir, `empty-${round}.sqlite`);
      const c = await timeStart(MAIN, file);
      empty.push(c.ms);
      line += `, empty ${fmt(c.ms)} ms`;
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
    }
    console.log(line);
    if (b.output.includes("Applied migrations")) throw new Error("a start on the existing database applied migrations");
  }

  const a = median(baseline);
  const b = median(existing);
  const c = empty.length > 0 ? median(empty) : null;
  console.log(
    `startup: baseline ${fmt(a)} ms, existing database ${fmt(b)} ms (${(b / a).toFixed(1)}× baseline, +${fmt(b - a)} ms), ` +
      `${c === null ? "empty database not measured" : `empty database ${fmt(c)} ms (${(c / a).toFixed(1)}× baseline)`} (target existing <= ${TARGET_EXISTING_MS} ms)`,
  );
  if (b > TARGET_EXISTING_MS) {
    console.log(`WARN startup: a start on an existing database took ${fmt(b)} ms, above the target ${TARGET_EXISTING_MS} ms (baseline ${fmt(a)} ms)`);
  }
} finally {
  for (const child of running) child.kill();
  rmSync(dir, { recursive: true, force: true });
}
