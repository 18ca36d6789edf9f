/**
 * Latency probe, run as its own process by the benchmarks (bench/import.ts) so the client does not share
 * the server's event loop:
 *
 *   bun bench/lib/probe.ts '{"targets":[{"name":"auth.me","url":"http://127.0.0.1:1234/trpc/auth.me","headers":{}}]}'
 *
 * One sequential request loop per target (the next request starts when the previous answer has been read,
 * so a slow answer is the server's wait, not the client's queue). Every answer is printed as it arrives,
 * one tab-separated line: name, start time (ms since the epoch, sub-millisecond), latency in ms, HTTP status.
 * Stops on SIGTERM (or after `maxMs`, default 10 minutes) once the requests in flight have answered.
 * Loopback only: any other host is refused.
 */

export type ProbeTarget = { name: string; url: string; headers?: Record<string, string> };
export type ProbeOptions = { targets: ProbeTarget[]; maxMs?: number };
export type ProbeSample = { name: string; startedAt: number; latencyMs: number; status: string };

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** The wall clock in ms with the monotonic clock's resolution: comparable across processes of one machine. */
export const epochMs = () => performance.timeOrigin + performance.now();

export function parseProbeLines(text: string): ProbeSample[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const [name, startedAt, latencyMs, status] = line.split("\t");
      return { name: name!, startedAt: Number(startedAt), latencyMs: Number(latencyMs), status: status! };
    });
}

async function runProbe(o: ProbeOptions): Promise<void> {
  for (const t of o.targets) {
    const host = new URL(t.url).hostname;
    if (!LOOPBACK.has(host)) throw new Error(`probe.ts only targets loopback, not ${host}`);
  }
  let running = true;
  process.on("SIGTERM", () => (running = false));
  const stopAt = epochMs() + (o.maxMs ?? 600_000);
  const loop = async (t: ProbeTarget) => {
    while (running && epochMs() < stopAt) {
      const startedAt = epochMs();
      let status = "error";
      try {
        const res = await fetch(t.url, { headers: t.headers, keepalive: true });
        await res.arrayBuffer();
        status = String(res.status);
      } catch {
        status = "error";
      }
      process.stdout.write(`${t.name}\t${startedAt.toFixed(3)}\t${(epochMs() - startedAt).toFixed(3)}\t${status}\n`);
    }
  };
  await Promise.all(o.targets.map(loop));
}

if (import.meta.main) {
  const arg = process.argv[2];
  if (!arg) {
    console.error("usage: bun bench/lib/probe.ts '<ProbeOptions JSON>'");
    process.exit(2);
  }
  await runProbe(JSON.parse(arg) as ProbeOptions);
}
