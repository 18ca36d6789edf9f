import { AppError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { freeBuffer } from "./free-buffer.ts";

/**
 * A streaming multipart/form-data reader (RFC 7578) over a request body: parts come one at a
 * time and a part's body is an async iterable of chunks, so a 20 MB file passes through in the
 * chunks the socket delivers and is never held whole. Each part's body must be read (or is
 * skipped) before the next part. A chunk of a part's body is valid until the body is read on:
 * the reader then frees the socket chunks it has passed (detaches their buffers), so memory holds
 * a few chunks per upload instead of every chunk until the next garbage collection. A consumer
 * that keeps bytes copies them. A body cut short, without its boundary, with a part's header block
 * over MAX_PART_HEADER_BYTES or more than MAX_PARTS parts is BAD_REQUEST.
 *
 * Every limit is decided by where the bytes are, never by how the socket cut them into chunks
 * (issue 23 item 14: a 200 KB header used to pass when it arrived in one chunk): `find` refuses a
 * needle that first occurs past its limit, and refuses early only once no later match could be within it.
 */
export type MultipartPart = {
  name: string;
  /** Set for a file part (may be ""). */
  filename: string | null;
  contentType: string | null;
  body: AsyncIterable<Uint8Array>;
};

/**
 * The one documented limit on a part's header block (README "Uploads"): the bytes between the line
 * after the boundary and the blank line that ends the headers (Content-Disposition with its name and
 * filename, Content-Type, …), 16 KiB. The streamed uploads and every other multipart body
 * (`multipartHeadersWithinLimit`, src/server/http.ts readFormBody) apply it.
 */
export const MAX_PART_HEADER_BYTES = 16 * 1024;
/** Bytes before the first boundary (the preamble) and transport padding after a boundary line. */
const MAX_PREAMBLE_BYTES = 64 * 1024;
const MAX_PADDING_BYTES = 1024;
const MAX_PARTS = 50;
const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

const bad = () => new AppError("BAD_REQUEST", messages.badRequest);

/** The boundary of a multipart/form-data content type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType.trim())) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function dispositionParam(header: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"|;\\s*${name}=([^;\\s]+)`, "i").exec(header);
  if (!match) return null;
  const raw = match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : match[2]!;
  // Browsers send UTF-8 bytes; the header arrived decoded as latin1.
  return Buffer.from(raw, "latin1").toString("utf8");
}

export async function* readMultipart(
  stream: ReadableStream<Uint8Array>,
  boundary: string,
  options: { maxBytes?: number; tooLarge?: () => Error } = {},
): AsyncGenerator<MultipartPart> {
  const maxBytes = options.maxBytes ?? Infinity;
  let total = 0;
  const reader = stream.getReader();
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter has no CRLF before it: read the body as if it had one.
  let buf: Buffer = Buffer.from(CRLF);
  let ended = false;
  /** Socket chunks read and not yet freed (each owning its whole buffer). */
  let held: ArrayBuffer[] = [];
  /**
   * Frees every chunk read so far but the one `buf` still views: called where the consumer has
   * asked for more, so no chunk handed out is still in use.
   */
  const release = () => {
    if (held.length === 0) return;
    const keep = held.filter((b) => b === buf.buffer);
    for (const b of held) if (b !== buf.buffer) freeBuffer(b);
    held = keep;
  };
  /** The next chunk of the body (not copied), or null at its end. */
  const readChunk = async (): Promise<Buffer | null> => {
    if (ended) return null;
    let result: Awaited<ReturnType<typeof reader.read>>;
    try {
      result = await reader.read();
    } catch {
      // The client went away or the body broke off: the request is incomplete.
      ended = true;
      throw bad();
    }
    if (result.done) {
      ended = true;
      return null;
    }
    const value = result.value;
    total += value.byteLength;
    if (total > maxBytes) throw (options.tooLarge?.() ?? bad());
    // Only a chunk that owns its whole buffer may be freed by `release`.
    if (value.byteOffset === 0 && value.byteLength === value.buffer.byteLength && value.buffer instanceof ArrayBuffer) held.push(value.buffer);
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  };
  const fill = async (): Promise<boolean> => {
    const next = await readChunk();
    if (next === null) return false;
    buf = buf.length === 0 ? next : Buffer.concat([buf, next]);
    return true;
  };
  /**
   * Reads until `needle` is in the buffer: its index, or -1 at the end of the body. BAD_REQUEST when
   * its first occurrence starts past `maxIndex`: refused as soon as no later match could start within
   * it (the same answer whatever the chunks).
   */
  const find = async (needle: Buffer, maxIndex: number): Promise<number> => {
    for (;;) {
      const at = buf.indexOf(needle);
      if (at >= 0) {
        if (at > maxIndex) throw bad();
        return at;
      }
      // A match not yet in the buffer starts at buf.length - needle.length + 1 or later.
      if (buf.length - needle.length + 1 > maxIndex) throw bad();
      if (!(await fill())) return -1;
    }
  };
  const need = async (bytes: number) => {
    while (buf.length < bytes) if (!(await fill())) throw bad();
  };

  try {
    // Preamble up to the first delimiter.
    const first = await find(delimiter, MAX_PREAMBLE_BYTES);
    if (first < 0) throw bad();
    buf = buf.subarray(first + delimiter.length);
    for (let parts = 0; ; parts++) {
      await need(2);
      if (buf[0] === 0x2d && buf[1] === 0x2d) return; // "--": the closing delimiter
      // Transport padding after the delimiter, then CRLF.
      const lineEnd = await find(CRLF, MAX_PADDING_BYTES);
      if (lineEnd < 0 || buf.subarray(0, lineEnd).toString("latin1").trim() !== "") throw bad();
      if (parts >= MAX_PARTS) throw bad();
      buf = buf.subarray(lineEnd);
      // Headers: from the CRLF just before them to the blank line; the block itself is buf[2, headerEnd).
      const headerEnd = await find(HEADER_END, CRLF.length + MAX_PART_HEADER_BYTES);
      if (headerEnd < 0) throw bad();
      const headers = new Map<string, string>();
      for (const line of buf.subarray(CRLF.length, headerEnd).toString("latin1").split("\r\n")) {
        const colon = line.indexOf(":");
        if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      buf = buf.subarray(headerEnd + HEADER_END.length);
      const disposition = headers.get("content-disposition") ?? "";
      const name = dispositionParam(disposition, "name");
      if (!/^form-data\b/i.test(disposition) || name === null) throw bad();

      let done = false;
      async function* body(): AsyncGenerator<Uint8Array> {
        while (!done) {
          // Everything handed out before has been consumed (the consumer asked for more).
          release();
          const at = buf.indexOf(delimiter);
          if (at >= 0) {
            if (at > 0) yield buf.subarray(0, at);
            buf = buf.subarray(at + delimiter.length);
            done = true;
            return;
          }
          // Everything but a tail that may begin the delimiter is the part's.
          const safe = buf.length - (delimiter.length - 1);
          if (safe > 0) {
            const chunk = buf.subarray(0, safe);
            buf = buf.subarray(safe);
            yield chunk;
          }
          // The next chunk is used as it came (a file passes without being copied): only the small
          // tail and the chunk's first bytes are joined, to find a delimiter across the two.
          const tail = buf;
          const next = await readChunk();
          if (next === null) throw bad();
          if (next.length < delimiter.length) {
            buf = Buffer.concat([tail, next]);
            continue;
          }
          const join = Buffer.concat([tail, next.subarray(0, delimiter.length - 1)]);
          const across = join.indexOf(delimiter);
          if (across >= 0 && across < tail.length) {
            if (across > 0) yield tail.subarray(0, across);
            buf = next.subarray(across + delimiter.length - tail.length);
            done = true;
            return;
          }
          if (tail.length > 0) yield tail;
          buf = next;
        }
      }
      const iterator = body();
      yield { name, filename: dispositionParam(disposition, "filename"), contentType: headers.get("content-type") ?? null, body: iterator };
      // Whatever the consumer left unread is skipped (a body the consumer closed early cannot be).
      while (!done) if ((await iterator.next()).done && !done) throw bad();
    }
  } finally {
    reader.releaseLock();
    if (!ended) await stream.cancel().catch(() => undefined);
  }
}

/** A text part's value (UTF-8), at most `maxBytes`, else BAD_REQUEST. */
export async function readTextPart(body: AsyncIterable<Uint8Array>, maxBytes = 64 * 1024): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > maxBytes) throw bad();
    chunks.push(new Uint8Array(chunk)); // a copy: a chunk is valid until the body is read on
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The same part-header limit over a whole multipart body already in memory (the bodies Hono's
 * parseBody reads): false when any part's header block exceeds MAX_PART_HEADER_BYTES. Only the
 * header limit is checked here; the parser still refuses what it cannot read.
 */
export function multipartHeadersWithinLimit(body: Uint8Array, boundary: string): boolean {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  let at = bytes.indexOf(delimiter);
  while (at >= 0) {
    const lineEnd = bytes.indexOf(CRLF, at + delimiter.length);
    if (lineEnd < 0) return true;
    // The closing delimiter ("--boundary--") has no headers after it.
    if (bytes[at + delimiter.length] === 0x2d && bytes[at + delimiter.length + 1] === 0x2d) return true;
    const headerEnd = bytes.indexOf(HEADER_END, lineEnd);
    const size = (headerEnd < 0 ? bytes.length : headerEnd) - (lineEnd + CRLF.length);
    if (size > MAX_PART_HEADER_BYTES) return false;
    if (headerEnd < 0) return true;
    at = bytes.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd + HEADER_END.length);
    if (at >= 0) at += CRLF.length;
  }
  return true;
}
