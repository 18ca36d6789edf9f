import { mkdir, open, rename, rm, stat, type FileHandle } from "node:fs/promises";
import { dirname, join } from "node:path";
import { S3Client } from "bun";
import type { Config, S3Settings } from "../../../config.ts";
import { AppError } from "../../../domain/errors.ts";
import { fileMessages } from "../../../domain/employee/files/messages.ts";
import { SNIFF_BYTES } from "../../../domain/employee/files/sniff.ts";
import { freeBuffer } from "./free-buffer.ts";

/**
 * The file store (DESIGN.md "Files"): blobs content-addressed by SHA-256, behind one interface
 * with two implementations, a local directory (FILES_DIR) and S3-compatible storage (S3_URL).
 *
 * An upload is staged first: streamed chunk by chunk into a temporary file under FILES_DIR/tmp
 * while it is hashed and counted (memory holds one chunk, never the file); past `maxBytes` the
 * stage stops, deletes its temporary file and throws PAYLOAD_TOO_LARGE, so nothing is stored.
 * `commit` then places the staged bytes under their hash: locally a rename (atomic; identical
 * parallel uploads rename the same bytes onto one name), on S3 a PUT of the temporary file
 * unless the key exists. `discard` drops a staged upload. An interrupted source (the client went
 * away) throws from `stage`, which deletes its temporary file first.
 */
export type StagedFile = { tempPath: string; hash: string; size: number; head: Uint8Array };
export type BlobBody = { body: Blob | ReadableStream<Uint8Array>; size: number };

/** Bytes as they arrive: an async iterable of chunks or a web stream. */
export type ByteSource = AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>;

async function* chunksOf(source: ByteSource): AsyncGenerator<Uint8Array> {
  if (!(source instanceof ReadableStream)) {
    yield* source;
    return;
  }
  const reader = source.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

export type FileStore = {
  readonly kind: "local" | "s3";
  stage(source: ByteSource, maxBytes: number): Promise<StagedFile>;
  commit(staged: StagedFile): Promise<void>;
  discard(staged: StagedFile): Promise<void>;
  open(hash: string): Promise<BlobBody | null>;
  exists(hash: string): Promise<boolean>;
  remove(hash: string): Promise<void>;
};

const HASH = /^[0-9a-f]{64}$/;
function checkHash(hash: string): string {
  if (!HASH.test(hash)) throw new AppError("BAD_REQUEST", fileMessages.fileNotFound);
  return hash;
}

const isMissing = (error: unknown) => (error as { code?: string } | null)?.code === "ENOENT";

/** Runs `action`; when it fails for want of `dir`, creates the directory and runs it again (no mkdir per upload). */
async function withDirectory<T>(dir: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!isMissing(error)) throw error;
    await mkdir(dir, { recursive: true });
    return action();
  }
}

/** Bytes gathered before one write: few, large writes instead of one per socket chunk (~64 KB). */
export const STAGE_WRITE_BYTES = 1024 * 1024;

/** Writes in flight at once per upload (positional writes, so they may finish in any order). */
export const STAGE_WRITES_IN_FLIGHT = 3;

/** Writes all of `bytes` at `position`. */
async function writeAllAt(handle: FileHandle, bytes: Uint8Array, position: number): Promise<void> {
  let done = 0;
  while (done < bytes.byteLength) done += (await handle.write(bytes, done, bytes.byteLength - done, position + done)).bytesWritten;
}

/**
 * Streams `source` into a new file in `tmpDir`, hashing (incrementally) and counting; see
 * FileStore.stage. Chunks are copied as they come into buffers of STAGE_WRITE_BYTES (a chunk may be
 * reused by its source once the next is asked for): a full buffer is written at its place in the
 * file while the next ones fill, up to STAGE_WRITES_IN_FLIGHT at once, so reading, hashing and
 * writing overlap and memory holds a few buffers per upload, never the file. The buffers are freed
 * at once when the stage ends.
 */
export async function stageToDisk(tmpDir: string, source: ByteSource, maxBytes: number): Promise<StagedFile> {
  const tempPath = join(tmpDir, `${crypto.randomUUID()}.part`);
  const handle = await withDirectory(tmpDir, () => open(tempPath, "wx"));
  const hasher = new Bun.CryptoHasher("sha256");
  const head = new Uint8Array(SNIFF_BYTES);
  let headLength = 0;
  let size = 0;
  const buffers: Uint8Array[] = [];
  let filling: Uint8Array | null = null;
  let filled = 0;
  let position = 0;
  /** The writes in flight, oldest first, with the buffers they write. */
  const writing: { done: Promise<void>; buffer: Uint8Array }[] = [];
  const settleOldest = async () => {
    const oldest = writing.shift();
    if (!oldest) return;
    await oldest.done;
    buffers.push(oldest.buffer);
  };
  const flush = async () => {
    if (!filling || filled === 0) return;
    if (writing.length >= STAGE_WRITES_IN_FLIGHT) await settleOldest();
    const buffer = filling;
    const done = writeAllAt(handle, buffer.subarray(0, filled), position);
    done.catch(() => undefined); // awaited by settleOldest; not left unhandled meanwhile
    writing.push({ done, buffer });
    position += filled;
    filling = null;
    filled = 0;
  };
  try {
    for await (const chunk of chunksOf(source)) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", fileMessages.fileTooLarge);
      if (headLength < SNIFF_BYTES) {
        const take = Math.min(SNIFF_BYTES - headLength, chunk.byteLength);
        head.set(chunk.subarray(0, take), headLength);
        headLength += take;
      }
      hasher.update(chunk);
      for (let at = 0; at < chunk.byteLength; ) {
        filling ??= buffers.pop() ?? new Uint8Array(STAGE_WRITE_BYTES);
        const take = Math.min(STAGE_WRITE_BYTES - filled, chunk.byteLength - at);
        filling.set(chunk.subarray(at, at + take), filled);
        filled += take;
        at += take;
        if (filled === STAGE_WRITE_BYTES) await flush();
      }
    }
    await flush();
    while (writing.length > 0) await settleOldest();
    await handle.close();
  } catch (error) {
    await Promise.allSettled(writing.map((w) => w.done));
    await handle.close().catch(() => undefined);
    await rm(tempPath, { force: true });
    throw error;
  } finally {
    for (const buffer of [...buffers, ...(filling ? [filling] : [])]) freeBuffer(buffer.buffer);
  }
  return { tempPath, hash: hasher.digest("hex"), size, head: head.slice(0, headLength) };
}

/** FILES_DIR: blobs at `<dir>/<aa>/<bb>/<hash>`, uploads in flight in `<dir>/tmp`. */
export function localFileStore(dir: string): FileStore {
  const tmpDir = join(dir, "tmp");
  const pathOf = (hash: string) => join(dir, hash.slice(0, 2), hash.slice(2, 4), checkHash(hash));
  const exists = async (hash: string) => (await stat(pathOf(hash)).catch(() => null))?.isFile() ?? false;
  return {
    kind: "local",
    stage: (source, maxBytes) => stageToDisk(tmpDir, source, maxBytes),
    async commit(staged) {
      const target = pathOf(staged.hash);
      if (await exists(staged.hash)) {
        await rm(staged.tempPath, { force: true });
        return;
      }
      await withDirectory(dirname(target), () => rename(staged.tempPath, target));
    },
    discard: async (staged) => rm(staged.tempPath, { force: true }),
    async open(hash) {
      const file = Bun.file(pathOf(hash));
      return (await file.exists()) ? { body: file, size: file.size } : null;
    },
    exists,
    remove: async (hash) => rm(pathOf(hash), { force: true }),
  };
}

/** S3_URL: blobs at `files/<hash>` in the bucket; uploads in flight are staged under `<FILES_DIR>/tmp`. */
export function s3FileStore(settings: S3Settings, stagingDir: string): FileStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    bucket: settings.bucket,
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
  });
  const tmpDir = join(stagingDir, "tmp");
  const keyOf = (hash: string) => `files/${checkHash(hash)}`;
  const exists = async (hash: string) => client.exists(keyOf(hash));
  return {
    kind: "s3",
    stage: (source, maxBytes) => stageToDisk(tmpDir, source, maxBytes),
    async commit(staged) {
      try {
        if (!(await exists(staged.hash))) await client.write(keyOf(staged.hash), Bun.file(staged.tempPath));
      } finally {
        await rm(staged.tempPath, { force: true });
      }
    },
    discard: async (staged) => rm(staged.tempPath, { force: true }),
    async open(hash) {
      const key = keyOf(hash);
      if (!(await client.exists(key))) return null;
      const { size } = await client.stat(key);
      return { body: client.file(key).stream(), size };
    },
    exists,
    remove: async (hash) => {
      await client.delete(keyOf(hash));
    },
  };
}

const stores = new WeakMap<Config, FileStore>();
/** The store the configuration names (one per configuration): S3 when S3_URL is set, else FILES_DIR. */
export function fileStoreFor(config: Config): FileStore {
  let store = stores.get(config);
  if (!store) {
    store = config.files.s3 ? s3FileStore(config.files.s3, config.files.dir) : localFileStore(config.files.dir);
    stores.set(config, store);
  }
  return store;
}
