/**
 * Load generator, run as its own process by the benchmarks so the client does not share
 * the server's event loop:
 *
 *   bun bench/lib/load.ts '{"url":"http://127.0.0.1:1234/x","connections":16,"warmupMs":5000,"durationMs":10000}'
 *
 * Opens `connections` concurrent request loops (each a keep-alive connection), runs the warm-up,
 * then counts completed responses for `durationMs`, and prints one JSON line (LoadResult) on stdout.
 * Loopback only: any other host is refused.
 */

export type LoadOptions = {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  warmupMs: number;
  durationMs: number;
};

export type LoadResult = {
  url: string;
  connections: number;
  durationMs: number;
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  reqPerSec: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  bytesPerResponse: number;
};

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length));
  return sorted[i]!;
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const target = new URL(o.url);
  if (!LOOPBACK.has(target.hostname)) throw new Error(`load.ts only targets loopback, not ${target.hostname}`);

  let phase: "warmup" | "measure" | "done" = "warmup";
  let requests = 0;
  let errors = 0;
  let bytes = 0;
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];

  async function loop() {
    while (phase !== "done") {
      const started = performance.now();
      const current = phase;
      let status = "error";
      let size = 0;
      try {
        const res = await fetch(o.url, { headers: o.headers, keepalive: true });
        size = (await res.arrayBuffer()).byteLength;
        status = String(res.status);
      } catch {
        status = "error";
      }
      if (current === "measure" && phase === "measure") {
        requests++;
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status !== "200") errors++;
        bytes += size;
        latencies.push(performance.now() - started);
      }
    }
  }

  const loops = Array.from({ length: o.connections }, () => loop());
  await Bun.sleep(o.warmupMs);
  phase = "measure";
  const start = performance.now();
  await Bun.sleep(o.durationMs);
  phase = "done";
  const elapsed = performance.now() - start;
  await Promise.all(loops);

  const sorted = Float64Array.from(latencies).sort();
  const ok = requests - errors;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    url: o.url,
    connections: o.connections,
    durationMs: Math.round(elapsed),
    requests,
    errors,
    statuses,
    reqPerSec: Math.round((ok / elapsed) * 1000),
    latencyMs: {
      p50: round(percentile(sorted, 50)),
      p90: round(percentile(sorted, 90)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.length ? sorted[sorted.length - 1]! : 0),
    },
    bytesPerResponse: ok > 0 ? Math.round(bytes / requests) : 0,
  };
}

if (import.meta.main) {
  const arg = process.argv[2];
  if (!arg) {
    console.error("usage: bun bench/lib/load.ts '<LoadOptions JSON>'");
    process.exit(2);
  }
  const result = await runLoad(JSON.parse(arg) as LoadOptions);
  console.log(JSON.stringify(result));
}
