import { describe, expect, test } from "bun:test";
import { isDetached } from "./free-buffer.ts";
import { MAX_PART_HEADER_BYTES, multipartBoundary, multipartHeadersWithinLimit, readMultipart, readTextPart } from "./multipart.ts";

function streamOf(text: string | Uint8Array, chunkSize: number): ReadableStream<Uint8Array> {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunkSize));
      at += chunkSize;
    },
  });
}

async function partsOf(body: string | Uint8Array, boundary: string, chunkSize: number) {
  const out: Array<{ name: string; filename: string | null; value: string }> = [];
  for await (const part of readMultipart(streamOf(body, chunkSize), boundary)) {
    out.push({ name: part.name, filename: part.filename, value: await readTextPart(part.body, 1 << 20) });
  }
  return out;
}

describe("multipartBoundary", () => {
  test("reads plain and quoted boundaries of multipart/form-data only", () => {
    expect(multipartBoundary("multipart/form-data; boundary=abc")).toBe("abc");
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("application/json")).toBeNull();
    expect(multipartBoundary("multipart/form-data")).toBeNull();
    expect(multipartBoundary(undefined)).toBeNull();
  });
});

describe("readMultipart", () => {
  const body = [
    "preamble\r\n",
    "--XyZ\r\n",
    'Content-Disposition: form-data; name="categoryId"\r\n\r\n',
    "3\r\n",
    "--XyZ\r\n",
    'Content-Disposition: form-data; name="file"; filename="Grüße.txt"\r\nContent-Type: text/plain\r\n\r\n',
    "line one\r\n--Xy not the boundary\r\nline three",
    "\r\n--XyZ--\r\nepilogue",
  ].join("");

  test.each([1, 2, 3, 7, 64, 100_000])("the same parts whatever the chunk size (%i)", async (size) => {
    expect(await partsOf(body, "XyZ", size)).toEqual([
      { name: "categoryId", filename: null, value: "3" },
      { name: "file", filename: "Grüße.txt", value: "line one\r\n--Xy not the boundary\r\nline three" },
    ]);
  });

  test("the browser's own encoding (FormData) parses back to its fields and bytes", async () => {
    const fd = new FormData();
    fd.append("notes", "a \"quoted\" note");
    const binary = new Uint8Array(70_000).map((_, i) => (i * 31) % 256);
    fd.append("file", new File([binary], "bin.pdf"));
    const request = new Request("http://x/", { method: "POST", body: fd });
    const boundary = multipartBoundary(request.headers.get("content-type") ?? undefined)!;
    const seen: Record<string, Uint8Array | string> = {};
    for await (const part of readMultipart(request.body!, boundary)) {
      if (part.filename !== null) {
        const chunks: Uint8Array[] = [];
        for await (const c of part.body) chunks.push(new Uint8Array(c)); // kept: copied
        seen[part.name] = new Uint8Array(Buffer.concat(chunks));
      } else seen[part.name] = await readTextPart(part.body);
    }
    expect(seen["notes"]).toBe('a "quoted" note');
    expect(seen["file"]).toEqual(binary);
  });

  test("a 20 MB file passes in socket-sized chunks, each freed once the body is read on (memory holds a few, never the file)", async () => {
    const file = new Uint8Array(20 * 1024 * 1024).map((_, i) => (i * 7) % 251);
    const head = new TextEncoder().encode('--XyZ\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n');
    const tail = new TextEncoder().encode("\r\n--XyZ--\r\n");
    const whole = new Uint8Array(head.length + file.length + tail.length);
    whole.set(head);
    whole.set(file, head.length);
    whole.set(tail, head.length + file.length);
    const sent: Uint8Array[] = [];
    let at = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= whole.length) return controller.close();
        const chunk = whole.slice(at, at + 65_536);
        sent.push(chunk);
        controller.enqueue(chunk);
        at += 65_536;
      },
    });
    const hasher = new Bun.CryptoHasher("sha256");
    let size = 0;
    let mostAlive = 0;
    for await (const part of readMultipart(stream, "XyZ")) {
      for await (const chunk of part.body) {
        expect(isDetached(chunk.buffer)).toBe(false);
        hasher.update(chunk);
        size += chunk.byteLength;
        mostAlive = Math.max(mostAlive, sent.filter((c) => !isDetached(c.buffer)).length);
      }
    }
    expect(size).toBe(file.length);
    expect(hasher.digest("hex")).toBe(new Bun.CryptoHasher("sha256").update(file).digest("hex"));
    expect(sent.length).toBeGreaterThan(300);
    expect(mostAlive).toBeLessThanOrEqual(3);
  });

  test("a part left unread is skipped", async () => {
    const names: string[] = [];
    for await (const part of readMultipart(streamOf(body, 5), "XyZ")) names.push(part.name);
    expect(names).toEqual(["categoryId", "file"]);
  });

  test.each([
    ["no boundary at all", "just text"],
    ["cut short inside a part", '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue'],
    ["a part without a name", "--XyZ\r\nContent-Type: text/plain\r\n\r\nx\r\n--XyZ--"],
    ["headers that never end", `--XyZ\r\nX: ${"a".repeat(20_000)}`],
  ])("%s is BAD_REQUEST", async (_label, text) => {
    await expect(partsOf(text, "XyZ", 16)).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  test("a body over maxBytes stops with the caller's error", async () => {
    const big = `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\n${"a".repeat(10_000)}\r\n--XyZ--`;
    const tooLarge = () => Object.assign(new Error("too large"), { code: "PAYLOAD_TOO_LARGE" });
    const run = async () => {
      for await (const part of readMultipart(streamOf(big, 100), "XyZ", { maxBytes: 1000, tooLarge })) await readTextPart(part.body, 1 << 20);
    };
    await expect(run()).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });
});

describe("the part-header limit (issue 23 item 14): one limit, the same answer whatever the chunks", () => {
  /** A body whose first part's header block is exactly `size` bytes (a long filename makes up the rest). */
  function withHeaderBlock(size: number): string {
    const start = 'Content-Disposition: form-data; name="file"; filename="';
    const end = '"\r\nContent-Type: text/plain';
    const filename = "f".repeat(size - start.length - end.length);
    const block = `${start}${filename}${end}`;
    expect(Buffer.byteLength(block)).toBe(size);
    return `--XyZ\r\n${block}\r\n\r\nhello\r\n--XyZ--\r\n`;
  }
  const outcome = (body: string, chunk: number) =>
    partsOf(body, "XyZ", chunk).then(
      (parts) => `ok ${parts.length}`,
      (e: { code?: string }) => e.code ?? "thrown",
    );
  // Whole, one byte at a time, around the limit, and odd sizes that cut the blank line apart.
  const chunkings = [1, 2, 3, 5, 7, 64, 1000, 4093, 8192, 16_383, 16_384, 16_385, 16_390, 16_400, 65_536, 250_000, 1 << 22];

  test("just under and at the limit pass, just over and 200 KB are refused, for every chunking", async () => {
    const cases: Array<[number, string]> = [
      [MAX_PART_HEADER_BYTES - 1, "ok 1"],
      [MAX_PART_HEADER_BYTES, "ok 1"],
      [MAX_PART_HEADER_BYTES + 1, "BAD_REQUEST"],
      [MAX_PART_HEADER_BYTES + 3, "BAD_REQUEST"],
      [200 * 1024, "BAD_REQUEST"],
    ];
    for (const [size, expected] of cases) {
      const body = withHeaderBlock(size);
      for (const chunk of chunkings) expect([size, chunk, await outcome(body, chunk)]).toEqual([size, chunk, expected]);
    }
  });

  test("the same 200 KB header request 25 times (random chunk sizes): 25 × the same answer", async () => {
    const body = withHeaderBlock(200 * 1024);
    const answers = new Set<string>();
    for (let i = 0; i < 25; i++) answers.add(await outcome(body, 1 + Math.floor(Math.random() * 300_000)));
    expect([...answers]).toEqual(["BAD_REQUEST"]);
  });

  test("a body held whole is judged the same way (multipartHeadersWithinLimit)", () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    expect(multipartHeadersWithinLimit(bytes(withHeaderBlock(MAX_PART_HEADER_BYTES)), "XyZ")).toBe(true);
    expect(multipartHeadersWithinLimit(bytes(withHeaderBlock(MAX_PART_HEADER_BYTES + 1)), "XyZ")).toBe(false);
    // A later part over the limit, after a small one.
    const second = withHeaderBlock(MAX_PART_HEADER_BYTES + 1).replace("--XyZ\r\n", '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XyZ\r\n');
    expect(multipartHeadersWithinLimit(bytes(second), "XyZ")).toBe(false);
    expect(multipartHeadersWithinLimit(bytes(withHeaderBlock(100)), "XyZ")).toBe(true);
  });
});
