import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { localFileStore, s3FileStore, type FileStore } from "./store.ts";

/**
 * Both FileStore implementations against the same cases: the local directory, and S3 through a
 * local S3-protocol server (s3rver, started here on 127.0.0.1 with a bucket of its own).
 */
let base: string;
let s3: S3rver;
let s3Port: number;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "meridian-store-"));
  s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: join(base, "s3rver"), configureBuckets: [{ name: "meridian-files", configs: [] }] });
  const address = (await s3.run()) as { port: number };
  s3Port = address.port;
});
afterAll(async () => {
  await s3?.close();
  await rm(base, { recursive: true, force: true });
});

async function* chunks(...parts: (string | Uint8Array)[]) {
  for (const p of parts) yield typeof p === "string" ? new TextEncoder().encode(p) : p;
}
const sha = (text: string) => new Bun.CryptoHasher("sha256").update(text).digest("hex");
const text = async (body: Blob | ReadableStream<Uint8Array>) => (body instanceof Blob ? body.text() : new Response(body).text());
const staging = (name: string) => join(base, name, "tmp");
const tmpFiles = async (name: string) => (await readdir(staging(name)).catch(() => [])).length;

const stores: Array<[string, () => FileStore]> = [
  ["local", () => localFileStore(join(base, "local"))],
  ["s3", () => s3FileStore({ endpoint: `http://127.0.0.1:${s3Port}`, bucket: "meridian-files", accessKeyId: "S3RVER", secretAccessKey: "S3RVER", region: "us-east-1" }, join(base, "s3"))],
];

describe.each(stores)("%s store", (name, make) => {
  test("stage hashes and counts while streaming; commit stores under the hash; open, exists, remove", async () => {
    const store = make();
    const staged = await store.stage(chunks("%PDF-1.4\n", "hello ", "world"), 1024);
    expect(staged.hash).toBe(sha("%PDF-1.4\nhello world"));
    expect(staged.size).toBe(20);
    expect(new TextDecoder().decode(staged.head)).toBe("%PDF-1.4\nhello world");
    expect(await store.exists(staged.hash)).toBe(false);
    await store.commit(staged);
    expect(await tmpFiles(name)).toBe(0);
    expect(await store.exists(staged.hash)).toBe(true);
    const blob = await store.open(staged.hash);
    expect(blob?.size).toBe(20);
    expect(await text(blob!.body)).toBe("%PDF-1.4\nhello world");
    await store.remove(staged.hash);
    expect(await store.exists(staged.hash)).toBe(false);
    expect(await store.open(staged.hash)).toBeNull();
  });

  test("the same bytes twice (and in parallel) are one blob", async () => {
    const store = make();
    const content = `same ${crypto.randomUUID()}`;
    const staged = await Promise.all([1, 2, 3, 4].map(() => store.stage(chunks(content), 1024)));
    await Promise.all(staged.map((s) => store.commit(s)));
    expect(new Set(staged.map((s) => s.hash)).size).toBe(1);
    expect(await text((await store.open(staged[0]!.hash))!.body)).toBe(content);
    expect(await tmpFiles(name)).toBe(0);
  });

  test("a source that reuses its chunk buffer (valid until the next chunk): the bytes stored are the bytes sent", async () => {
    const store = make();
    const expected = new Uint8Array(3 * 1024 * 1024 + 12_345).map((_, i) => (i * 13) % 256);
    async function* reusing() {
      const chunk = new Uint8Array(65_536);
      for (let at = 0; at < expected.length; at += chunk.length) {
        const part = expected.subarray(at, at + chunk.length);
        chunk.set(part);
        yield chunk.subarray(0, part.length);
        chunk.fill(0xee); // the source moves on: the stage must have copied what it keeps
      }
    }
    const staged = await store.stage(reusing(), 10 * 1024 * 1024);
    expect(staged.size).toBe(expected.length);
    expect(staged.hash).toBe(new Bun.CryptoHasher("sha256").update(expected).digest("hex"));
    await store.commit(staged);
    const blob = (await store.open(staged.hash))!;
    const stored = new Uint8Array(blob.body instanceof Blob ? await blob.body.arrayBuffer() : await new Response(blob.body).arrayBuffer());
    expect(stored.length).toBe(expected.length);
    expect(Buffer.compare(stored, expected)).toBe(0);
    await store.remove(staged.hash);
  });

  test("over the limit: refused while streaming, the temporary file deleted, nothing stored", async () => {
    const store = make();
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled++;
        yield new Uint8Array(1024);
      }
    }
    await expect(store.stage(endless(), 10 * 1024)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(pulled).toBe(11);
    expect(await tmpFiles(name)).toBe(0);
  });

  test("a source that breaks off leaves nothing; discard drops a staged upload", async () => {
    const store = make();
    async function* broken() {
      yield new Uint8Array(100);
      throw new Error("connection reset");
    }
    await expect(store.stage(broken(), 1024)).rejects.toThrow("connection reset");
    expect(await tmpFiles(name)).toBe(0);
    const staged = await store.stage(chunks("never kept"), 1024);
    await store.discard(staged);
    expect(await tmpFiles(name)).toBe(0);
    expect(await store.exists(staged.hash)).toBe(false);
  });

  test("a key that is not a SHA-256 is refused (no path or key tricks)", async () => {
    const store = make();
    await expect(store.open("../../etc/passwd")).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(store.exists("A".repeat(64))).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
