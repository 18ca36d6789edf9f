/**
 * The multipart part-header limit over real sockets (issue 23 item 14): the same request gets the same
 * answer every time, however the body is cut into chunks: a part whose header block is over
 * MAX_PART_HEADER_BYTES (16 KiB) is 400, one at the limit is read. Both the streamed upload
 * (POST /hr/json/employee/files/upload) and a form read whole (readFormBody: POST /admin/tags/…)
 * apply the one limit. On the test database (SQLite, or PostgreSQL with TEST_DB=postgres).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_PART_HEADER_BYTES } from "../services/employee/files/multipart.ts";
import { appFor, cookieFor } from "../test/app.ts";
import { testConfig } from "../test/db.ts";
import { DEMO, useTestDatabase } from "../test/fixtures.ts";

const t = useTestDatabase();
let dir: string;
let server: ReturnType<typeof Bun.serve>;
let employeeCookie: string;
let adminCookie: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "meridian-multipart-"));
  const config = testConfig({ FILES_DIR: dir });
  const app = appFor(t.db, { config });
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (req, srv) => app.fetch(req, { ip: srv.requestIP(req)?.address, trustProxy: false }) });
  employeeCookie = await cookieFor(t.db, DEMO.EMPLOYEE, config);
  adminCookie = await cookieFor(t.db, "admin@meridian.test", config);
}, 60_000);
afterAll(async () => {
  server?.stop(true);
  if (dir) await rm(dir, { recursive: true, force: true });
});

const PDF = new TextEncoder().encode("%PDF-1.4\nlimit test\n%%EOF\n");

/** A multipart body: a text part, then a file part whose header block is exactly `headerBytes` long. */
function body(headerBytes: number, fields: Record<string, string>): Uint8Array {
  const start = 'Content-Disposition: form-data; name="file"; filename="';
  const end = '.pdf"\r\nContent-Type: application/pdf';
  const block = `${start}${"n".repeat(headerBytes - start.length - end.length)}${end}`;
  const text = Object.entries(fields).map(([k, v]) => `--B0undary\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("");
  const head = new TextEncoder().encode(`${text}--B0undary\r\n${block}\r\n\r\n`);
  const tail = new TextEncoder().encode("\r\n--B0undary--\r\n");
  return new Uint8Array([...head, ...PDF, ...tail]);
}

/** Sends `bytes` in chunks of `chunk` bytes with a pause between them, so the server reads them apart. */
async function post(path: string, bytes: Uint8Array, chunk: number, cookie: string): Promise<number> {
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
      await Bun.sleep(0);
    },
  });
  const res = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    method: "POST",
    body: stream,
    headers: { "content-type": "multipart/form-data; boundary=B0undary", cookie, "sec-fetch-site": "same-origin" },
    // @ts-expect-error Bun streams a request body with duplex "half"
    duplex: "half",
  });
  await res.arrayBuffer();
  return res.status;
}

const CHUNKINGS = [1 << 20, 65_536, 16_384, 8_000, 4_093, 1_500];

describe("one part-header limit, the same answer every time", () => {
  test("the streamed upload: a 200 KB filename header is 400 on each of 24 tries, chunked 6 ways; at the limit it uploads", async () => {
    const big = body(200 * 1024, { categoryId: "1" });
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) statuses.push(await post("/hr/json/employee/files/upload", big, CHUNKINGS[i % CHUNKINGS.length]!, employeeCookie));
    expect(new Set(statuses)).toEqual(new Set([400]));
    expect(await post("/hr/json/employee/files/upload", body(MAX_PART_HEADER_BYTES + 1, { categoryId: "1" }), 4_093, employeeCookie)).toBe(400);
    expect(await post("/hr/json/employee/files/upload", body(MAX_PART_HEADER_BYTES, { categoryId: "1" }), 4_093, employeeCookie)).toBe(200);
  }, 60_000);

  test("a form read whole (readFormBody): over the limit 400 on each of 20 tries; at the limit it is read", async () => {
    const path = "/admin/tags/saveGroupTagAssociation";
    const over = body(MAX_PART_HEADER_BYTES + 1, { tagId: "1", groupId: "1", status: "ACTIVE" });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push(await post(path, over, CHUNKINGS[i % CHUNKINGS.length]!, adminCookie));
    expect(new Set(statuses)).toEqual(new Set([400]));
    expect(await post(path, body(MAX_PART_HEADER_BYTES, { tagId: "1", groupId: "1", status: "ACTIVE" }), 4_093, adminCookie)).not.toBe(400);
  }, 60_000);
});
