/**
 * bench/files.ts (issue 14): the streamed file upload against the disk.
 *
 * Starts Meridian in its own process (a new SQLite database and FILES_DIR in a temporary
 * directory, demo seed, 127.0.0.1 on a free port), signs in as employee@acme.test and measures:
 *
 * - a: writing 20 MB to a file in the same directory directly (Bun.write of the same bytes), the
 *   baseline;
 * - b: uploading those 20 MB through the documented path POST /hr/json/employee/files/upload
 *   (multipart, parsed while it streams, hashed, staged, renamed under its SHA-256, a row written).
 *   Each upload's bytes differ (a counter after the PDF header) so none is deduplicated away.
 *
 * Rounds alternate a, b; each figure is the median. Prints ratio a/b (b's throughput as a share of
 * the disk's; target ≥ 0.5). Then 4 uploads of 20 MB in parallel while the server's resident
 * memory (VmRSS from /proc) is sampled every 5 ms: the growth over the idle figure must stay under
 * 64 MB (the bytes are streamed, never held whole). Below a target it prints WARN and exits 0.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "./lib/harness.ts";

const ROOT = join(import.meta.dir, "..");
const SIZE = 20 * 1024 * 1024;
const ROUNDS = Math.max(1, Number(process.env.BENCH_FILES_ROUNDS ?? 5));
const TARGET_RATIO = 0.5;
const TARGET_GROWTH_MB = 64;

const dir = mkdtempSync(join(tmpdir(), "meridian-bench-files-"));
const filesDir = join(dir, "files");
const server = Bun.spawn([process.execPath, "run", join(ROOT, "src", "main.ts")], {
  cwd: ROOT,
  env: {
    ...process.env,
    DATABASE_URL: join(dir, "bench.sqlite"),
    FILES_DIR: filesDir,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_REQUESTS: "0",
    WEB_DIR: join(dir, "no-web"),
  },
  stdout: "pipe",
  stderr: "inherit",
});

function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
}

async function portOf(child: typeof server): Promise<number> {
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let output = "";
  const deadline = performance.now() + 120_000;
  for (;;) {
    if (performance.now() > deadline) throw new Error("the server did not start");
    const { value, done } = await reader.read();
    if (done) throw new Error(`the server exited: ${output}`);
    output += decoder.decode(value, { stream: true });
    const m = /listening on http:\/\/[^:\s]+:(\d+)/.exec(output);
    if (m) {
      void (async () => {
        for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) break;
      })();
      return Number(m[1]);
    }
  }
}

/** 20 MB that sniff as a PDF, different for each `n`. */
function bytesFor(n: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(SIZE);
  bytes.fill(0x41);
  bytes.set(new TextEncoder().encode(`%PDF-1.4\n% bench upload ${n} ${crypto.randomUUID()}\n`));
  return bytes;
}

try {
  const port = await portOf(server);
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/login`, { method: "POST", body: new URLSearchParams({ email: "employee@acme.test", password: "Demo#2026pass" }) });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  if (login.status !== 200 || !cookie) throw new Error(`sign-in failed: ${login.status}`);

  async function upload(n: number): Promise<number> {
    const form = new FormData();
    form.append("categoryId", "6");
    form.append("file", new Blob([bytesFor(n)], { type: "application/pdf" }), `bench-${n}.pdf`);
    const t0 = performance.now();
    const res = await fetch(`${base}/hr/json/employee/files/upload`, { method: "POST", body: form, headers: { Cookie: cookie } });
    const body = (await res.json()) as { success: boolean; errorMessage: string | null };
    const ms = performance.now() - t0;
    if (!body.success) throw new Error(`upload ${n} refused: ${res.status} ${body.errorMessage}`);
    return ms;
  }
  async function direct(n: number): Promise<number> {
    const bytes = bytesFor(n);
    const t0 = performance.now();
    await Bun.write(join(dir, `direct-${n}.bin`), bytes);
    return performance.now() - t0;
  }

  // Warm-up (JIT, the first directories).
  await direct(0);
  await upload(0);
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    a.push(await direct(round));
    b.push(await upload(round));
    console.log(`  round ${round}: a disk ${a.at(-1)!.toFixed(1)} ms, b upload ${b.at(-1)!.toFixed(1)} ms`);
  }
  const ratio = median(a) / median(b);
  const mbps = (ms: number) => (SIZE / 1024 / 1024 / (ms / 1000)).toFixed(0);
  console.log(`files: disk ${median(a).toFixed(1)} ms (${mbps(median(a))} MB/s), upload ${median(b).toFixed(1)} ms (${mbps(median(b))} MB/s), ratio a/b = ${ratio.toFixed(2)} (target >= ${TARGET_RATIO})`);
  if (ratio < TARGET_RATIO) console.log(`WARN files: ratio a/b ${ratio.toFixed(2)} is below the target ${TARGET_RATIO}`);

  // Memory: 4 parallel uploads of 20 MB.
  Bun.gc(true);
  await Bun.sleep(200);
  const idle = rssBytes(server.pid);
  let peak = idle;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, rssBytes(server.pid));
      await Bun.sleep(5);
    }
  })();
  const parallel = await Promise.all([101, 102, 103, 104].map((n) => upload(n)));
  sampling = false;
  await sampler;
  const growthMb = (peak - idle) / 1024 / 1024;
  console.log(`files: 4 parallel uploads of 20 MB in ${Math.max(...parallel).toFixed(0)} ms; server RSS idle ${(idle / 1024 / 1024).toFixed(0)} MB, peak ${(peak / 1024 / 1024).toFixed(0)} MB, growth ${growthMb.toFixed(1)} MB (target < ${TARGET_GROWTH_MB} MB)`);
  if (growthMb >= TARGET_GROWTH_MB) console.log(`WARN files: memory growth ${growthMb.toFixed(1)} MB is not below ${TARGET_GROWTH_MB} MB`);
} finally {
  server.kill();
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
}
