/** Shared pieces of the benchmarks: running the load generator in its own process, medians, formatting. */
import { join } from "node:path";
import type { LoadOptions, LoadResult } from "./load.ts";

export type { LoadResult };

const LOAD_SCRIPT = join(import.meta.dir, "load.ts");

/** Environment knobs shared by every benchmark (all in seconds / counts). */
export function benchSettings() {
  const num = (name: string, fallback: number) => {
    const raw = process.env[name];
    const n = raw === undefined || raw === "" ? fallback : Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, not ${raw}`);
    return n;
  };
  return {
    warmupMs: num("BENCH_WARMUP", 5) * 1000,
    durationMs: Math.max(1, num("BENCH_DURATION", 10)) * 1000,
    connections: Math.max(1, Math.round(num("BENCH_CONNECTIONS", 16))),
    rounds: Math.max(1, Math.round(num("BENCH_ROUNDS", 2))),
  };
}

/**
 * Runs bench/lib/load.ts in a separate Bun process against `url` and returns its result.
 * The calling process keeps serving requests while it waits.
 */
export async function loadFromSubprocess(options: LoadOptions): Promise<LoadResult> {
  const child = Bun.spawn([process.execPath, LOAD_SCRIPT, JSON.stringify(options)], {
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const timeoutMs = options.warmupMs + options.durationMs + 30_000;
  const timer = setTimeout(() => child.kill(), timeoutMs);
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  clearTimeout(timer);
  if (code !== 0) throw new Error(`load generator exited with ${code}: ${err.trim() || out.trim()}`);
  const line = out.trim().split("\n").pop() ?? "";
  return JSON.parse(line) as LoadResult;
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function describe(label: string, r: LoadResult): string {
  const errors = r.errors > 0 ? `, ${r.errors} errors ${JSON.stringify(r.statuses)}` : "";
  return (
    `  ${label.padEnd(22)} ${String(r.reqPerSec).padStart(7)} req/s  ` +
    `p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, ${r.requests} requests in ${r.durationMs} ms, ${r.bytesPerResponse} B/response${errors}`
  );
}
