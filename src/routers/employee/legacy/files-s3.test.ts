import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { Config } from "../../../config.ts";
import { appFor, cookieFor, get, jsonOf, send, type TestApp } from "../../../test/app.ts";
import { testConfig } from "../../../test/db.ts";
import { DEMO, useTestDatabase } from "../../../test/fixtures.ts";

/**
 * The files API with S3_URL set (issue 14): the same documented paths store and serve the bytes
 * through a local S3-protocol server (s3rver on 127.0.0.1), nothing is kept under FILES_DIR but the
 * staging of uploads in flight, and deleting the last upload of some bytes deletes the object.
 */
const t = useTestDatabase();
let base: string;
let s3: S3rver;
let config: Config;
let app: TestApp;
let employee: string;
let hr: string;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "meridian-files-s3-"));
  s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: join(base, "s3rver"), configureBuckets: [{ name: "meridian-files", configs: [] }] });
  const { port } = await s3.run();
  config = testConfig({
    FILES_DIR: join(base, "files"),
    S3_URL: `http://127.0.0.1:${port}/meridian-files`,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  });
  app = appFor(t.db, { config });
  employee = await cookieFor(t.db, DEMO.EMPLOYEE, config);
  hr = await cookieFor(t.db, DEMO.HR, config);
});
afterAll(async () => {
  await s3?.close();
  await rm(base, { recursive: true, force: true });
});

test("upload, download (employee and HR), delete: the bytes live in the bucket", async () => {
  const bytes = new TextEncoder().encode(`%PDF-1.4\nS3 ${crypto.randomUUID()}\n`);
  const fd = new FormData();
  fd.append("shareWith", "HR");
  fd.append("file", new File([bytes], "visa.pdf"));
  const up = await jsonOf(await send(app, "POST", "/hr/json/employee/files/upload", fd, { cookie: employee }));
  expect(up.body).toMatchObject({ success: true, errorMessage: null });
  const hash: string = up.body.hash;

  // Nothing under FILES_DIR but an empty staging directory; the object is in the bucket.
  const local = await readdir(join(base, "files"), { recursive: true, withFileTypes: true });
  expect(local.filter((e) => e.isFile())).toEqual([]);
  const objects = await readdir(join(base, "s3rver", "meridian-files"), { recursive: true });
  expect(objects.some((name) => String(name).includes(hash))).toBe(true);

  for (const cookie of [employee, hr]) {
    const res = await get(app, `/download?hash=${hash}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  }

  expect((await jsonOf(await send(app, "DELETE", `/hr/json/fileDelete?fileId=${up.body.fileID}`, null, { cookie: employee }))).body.success).toBe(true);
  expect((await get(app, `/download?hash=${hash}`, { cookie: employee })).status).toBe(404);
  const after = await readdir(join(base, "s3rver", "meridian-files"), { recursive: true });
  expect(after.some((name) => String(name).includes(hash))).toBe(false);
});
