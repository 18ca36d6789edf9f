/**
 * The content type of an upload, read from its first bytes (magic numbers), never from the
 * client's claim or the name — except to tell the Office formats apart, which are all zip
 * archives: a zip is accepted only as .docx or .xlsx (by the name, and only as a zip), and the
 * legacy .doc/.xls are OLE compound files. Text is accepted when the sample is valid UTF-8 without
 * control characters other than tab, CR, LF and FF.
 */
export const ALLOWED_TYPES = [
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/heic",
  "application/msword",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "text/plain",
] as const;
export type AllowedType = (typeof ALLOWED_TYPES)[number];

/** How many leading bytes `sniffContentType` needs. */
export const SNIFF_BYTES = 4096;

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The allowed type of these leading bytes (and name, for zip and OLE containers), or null: refused. */
export function sniffContentType(head: Uint8Array, name: string): AllowedType | null {
  if (head.length === 0) return null;
  const ext = name.toLowerCase().split(".").pop() ?? "";
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") return "image/gif";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "image/webp";
  if (ascii(head, 4, 8) === "ftyp" && ["heic", "heix", "hevc", "hevx", "mif1", "msf1", "heim", "heis"].includes(ascii(head, 8, 12))) return "image/heic";
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    if (ext === "docx") return "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    if (ext === "xlsx") return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    return null;
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (ext === "doc") return "application/msword";
    if (ext === "xls") return "application/vnd.ms-excel";
    return null;
  }
  return isPlainText(head) ? "text/plain" : null;
}

function isPlainText(head: Uint8Array): boolean {
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
    if (byte === 0x7f) return false;
  }
  // A sample cut inside a multi-byte character is still text: drop up to 3 trailing bytes before checking.
  for (let cut = 0; cut <= Math.min(3, head.length - 1); cut++) {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      // try a shorter sample
    }
  }
  return false;
}
