/**
 * Demo files (issue 14 "Demo data"): employee@acme.test and employee@globex.test each have a few
 * files on their move — a passport scan (a generated PNG), a lease (a generated PDF, pdf-lib) and a
 * receipt (a generated PDF) — filed as the employee would: through the FileStore and the upload
 * service (`completeUpload`: bytes sniffed, content-addressed under their SHA-256, one row each), so
 * they show on the employee's /files and on HR's employee files page. The passport scan and the
 * lease are shared with HR, the receipt with nobody.
 *
 * The bytes are generated deterministically (fixed document dates), so they always hash the same:
 * re-seeding adds no second row (a file of the same name already filed for the employee is kept) and
 * puts back a blob the store has lost.
 */
import { deflateSync } from "node:zlib";
import type { DB } from "./index.ts";
import type { SessionUser } from "../services/identity/auth.ts";
import { completeUpload } from "../services/employee/files/files.ts";
import { attachDemoReceipts } from "./seed-receipts.ts";
import type { FileStore } from "../services/employee/files/store.ts";
import { MAX_FILE_BYTES } from "../domain/employee/files/limits.ts";
import type { TShareTarget } from "../domain/employee/files/schemas.ts";

const DEMO_EMPLOYEES = ["employee@acme.test", "employee@globex.test"] as const;

/** file_categories ids (migrations/20261125225000_employee_files.ts). */
const CATEGORY = { passport: 1, housing: 5, receipts: 6 } as const;

type Person = { firstName: string; lastName: string; email: string };
type DemoFile = { name: string; categoryId: number; notes: string; shareWith: TShareTarget[]; bytes: (p: Person) => Promise<Uint8Array> };

/** A fixed date for the generated documents' metadata (the same bytes on every seed). */
const DOCUMENT_DATE = new Date("2026-01-15T09:00:00Z");

export const DEMO_FILES: readonly DemoFile[] = [
  { name: "passport-scan.png", categoryId: CATEGORY.passport, notes: "Passport photo page", shareWith: ["HR"], bytes: async (p) => passportPng(p) },
  { name: "apartment-lease.pdf", categoryId: CATEGORY.housing, notes: "Signed lease for the new apartment", shareWith: ["MG", "HR"], bytes: (p) => leasePdf(p) },
  { name: "moving-receipt.pdf", categoryId: CATEGORY.receipts, notes: "Packing materials receipt", shareWith: [], bytes: (p) => receiptPdf(p) },
];

export async function seedFilesDemo(db: DB, store: FileStore, now = new Date()): Promise<number> {
  let written = 0;
  for (const email of DEMO_EMPLOYEES) {
    const row = await db
      .selectFrom("users as u")
      .innerJoin("groups as g", "g.id", "u.group_id")
      .select(["u.id", "u.email", "u.first_name", "u.last_name", "u.group_id", "g.name", "g.display_name"])
      .where("u.email", "=", email)
      .where("u.role", "=", "EMPLOYEE")
      .executeTakeFirst();
    if (!row) continue;
    const user: SessionUser = {
      id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, role: "EMPLOYEE",
      groupId: row.group_id, groupName: row.name, groupDisplayName: row.display_name, termsAccepted: true,
    };
    const person = { firstName: row.first_name, lastName: row.last_name, email: row.email };
    for (const file of DEMO_FILES) {
      const bytes = await file.bytes(person);
      const filed = await db
        .selectFrom("employee_files")
        .select("hash")
        .where("employee_user_id", "=", user.id)
        .where("original_name", "=", file.name)
        .executeTakeFirst();
      const staged = await store.stage(new Blob([new Uint8Array(bytes)]).stream(), MAX_FILE_BYTES);
      if (filed) {
        // Already filed: only put back the blob if the store lost it (same bytes, same hash).
        if (filed.hash === staged.hash && !(await store.exists(staged.hash))) await store.commit(staged);
        else await store.discard(staged);
        continue;
      }
      await completeUpload(db, store, user, { categoryId: file.categoryId, notes: file.notes, shareWith: file.shareWith }, { name: file.name, staged }, now);
      written++;
    }
  }
  // Issue 24 §1: the receipt goes with two pending demo claims (seed-receipts.ts).
  await attachDemoReceipts(db, now);
  return written;
}

// ── generated documents ────────────────────────────────────────────────────────────────────────

const fullName = (p: Person) => `${p.firstName} ${p.lastName}`;

async function pdfOf(title: string, lines: string[]): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor("Meridian demo data");
  doc.setProducer("Meridian");
  doc.setCreator("Meridian");
  doc.setCreationDate(DOCUMENT_DATE);
  doc.setModificationDate(DOCUMENT_DATE);
  const page = doc.addPage([595, 842]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 56, y: 770, size: 20, font: bold, color: rgb(0.1, 0.15, 0.3) });
  lines.forEach((line, i) => page.drawText(line, { x: 56, y: 730 - i * 20, size: 11, font, color: rgb(0.15, 0.15, 0.15) }));
  return doc.save({ useObjectStreams: false });
}

function leasePdf(p: Person): Promise<Uint8Array> {
  return pdfOf("Residential Lease Agreement", [
    `Tenant: ${fullName(p)}`,
    "Landlord: Harbourside Lettings Ltd",
    "Property: Flat 4, 12 Quay Street",
    "Term: 12 months from 1 February 2026",
    "Monthly rent: 1,850.00 (payable on the 1st of each month)",
    "Deposit: 3,700.00, held in a protected scheme",
    "",
    "Signed by both parties on 15 January 2026.",
    "(Demo document generated by Meridian.)",
  ]);
}

function receiptPdf(p: Person): Promise<Uint8Array> {
  return pdfOf("Receipt", [
    "Boxes & Co. — packing supplies",
    `Customer: ${fullName(p)}`,
    "Date: 15 January 2026",
    "",
    "20 × moving boxes (large)          60.00",
    "4 × packing tape                    12.00",
    "1 × bubble wrap roll                18.50",
    "Total paid (card)                   90.50",
    "(Demo document generated by Meridian.)",
  ]);
}

// A small PNG encoder (8-bit RGB, no interlace) for the passport scan.
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, Bun.hash.crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A passport photo page: a tinted page, a photo, lines of text as bars, and two MRZ lines. */
export function passportPng(p: Person): Uint8Array {
  const width = 420;
  const height = 280;
  const pixels = new Uint8Array(height * (1 + width * 3));
  const set = (x: number, y: number, [r, g, b]: readonly [number, number, number]) => {
    const at = y * (1 + width * 3) + 1 + x * 3;
    pixels[at] = r;
    pixels[at + 1] = g;
    pixels[at + 2] = b;
  };
  const rect = (x0: number, y0: number, w: number, h: number, colour: readonly [number, number, number]) => {
    for (let y = y0; y < Math.min(height, y0 + h); y++) for (let x = x0; x < Math.min(width, x0 + w); x++) set(x, y, colour);
  };
  // Page with a faint guilloche-like stripe pattern.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const wave = Math.round(8 * Math.sin((x + y * 0.6) / 9));
      set(x, y, [226 + wave, 232 + wave, 238]);
    }
  }
  rect(0, 0, width, 26, [34, 58, 110]); // header band
  rect(24, 44, 110, 140, [176, 184, 196]); // photo frame
  rect(54, 66, 50, 50, [120, 104, 96]); // head
  rect(40, 124, 78, 56, [70, 84, 110]); // shoulders
  // Text fields: one bar per letter group, lengths from the holder's name so each scan differs.
  const seed = [...`${p.lastName}${p.firstName}`].map((c) => c.charCodeAt(0));
  for (let line = 0; line < 6; line++) {
    const y = 50 + line * 22;
    rect(156, y, 60, 4, [120, 130, 150]); // field label
    const length = 80 + ((seed[line % seed.length] ?? 70) * 7) % 150;
    rect(156, y + 8, Math.min(length, width - 180), 8, [40, 44, 56]); // field value
  }
  // Machine-readable zone.
  rect(0, 206, width, 74, [244, 244, 240]);
  for (let line = 0; line < 2; line++) {
    for (let c = 0; c < 44; c++) {
      const code = seed[(c + line * 7) % seed.length] ?? 65;
      if ((code + c) % 5 === 0) continue; // the '<' fillers show as gaps
      rect(14 + c * 9, 220 + line * 26, 6, 12, [30, 30, 30]);
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const parts = [new Uint8Array(PNG_SIGNATURE), pngChunk("IHDR", header), pngChunk("IDAT", new Uint8Array(deflateSync(pixels))), pngChunk("IEND", new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
