import { describe, expect, test } from "bun:test";
import { canEditFile, canSeeFile, canShareFile, type FileAccessRow, type FileViewer } from "./access.ts";
import { cleanFileName, fitsFileLimit, MAX_FILE_BYTES } from "./limits.ts";
import { sniffContentType } from "./sniff.ts";
import { ZShareWith } from "./schemas.ts";

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);

describe("file limits (part 1 §5, §9)", () => {
  test("20971520 bytes is the most a file may have", () => {
    expect(MAX_FILE_BYTES).toBe(20_971_520);
    expect(fitsFileLimit(20_971_520)).toBe(true);
    expect(fitsFileLimit(20_971_521)).toBe(false);
    expect(fitsFileLimit(0)).toBe(true);
    expect(fitsFileLimit(-1)).toBe(false);
    expect(fitsFileLimit(1.5)).toBe(false);
  });

  test("names keep their last segment without control characters", () => {
    expect(cleanFileName("C:\\Users\\emma\\passport.pdf")).toBe("passport.pdf");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("a\u0000b\u001f.pdf")).toBe("ab.pdf");
    expect(cleanFileName("  ")).toBe("file");
    expect(cleanFileName("..")).toBe("file");
    expect(cleanFileName("x".repeat(300) + ".pdf")).toHaveLength(255);
  });
});

describe("content type from the bytes", () => {
  test.each([
    ["application/pdf", ascii("%PDF-1.7\n"), "scan.jpg"],
    ["image/png", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), "a.pdf"],
    ["image/jpeg", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), "photo"],
    ["image/gif", ascii("GIF89a\u0001\u0000"), "x.gif"],
    ["image/webp", ascii("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "), "x.webp"],
    ["image/heic", bytes(0, 0, 0, 0x18, ...ascii("ftypheic"), 0, 0), "IMG_0001.HEIC"],
    ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", bytes(0x50, 0x4b, 0x03, 0x04, 0x14), "letter.docx"],
    ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", bytes(0x50, 0x4b, 0x03, 0x04, 0x14), "costs.XLSX"],
    ["application/msword", bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), "old.doc"],
    ["application/vnd.ms-excel", bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), "old.xls"],
    ["text/plain", ascii("Flat 3\r\nStraße 12\tBerlin\n"), "address.txt"],
  ])("%s", (type, head, name) => {
    expect(sniffContentType(head, name) as string | null).toBe(type);
  });

  test("anything else is refused, whatever its name says", () => {
    expect(sniffContentType(bytes(0x4d, 0x5a, 0x90, 0), "invoice.pdf")).toBeNull(); // a Windows program
    expect(sniffContentType(bytes(0x7f, 0x45, 0x4c, 0x46), "notes.txt")).toBeNull(); // ELF
    expect(sniffContentType(bytes(0x50, 0x4b, 0x03, 0x04), "archive.zip")).toBeNull();
    expect(sniffContentType(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), "setup.msi")).toBeNull();
    expect(sniffContentType(bytes(0xff, 0xfe, 0x00, 0x00), "a.txt")).toBeNull();
    expect(sniffContentType(bytes(), "empty.pdf")).toBeNull();
  });

  test("text cut inside a multi-byte character is still text", () => {
    const sample = ascii("Grüße aus Zürich");
    expect(sniffContentType(sample.subarray(0, 3), "a.txt")).toBe("text/plain");
  });
});

describe("who sees and changes a file (part 1 §6, part 2 §6)", () => {
  const employee: FileViewer = { id: 10, role: "EMPLOYEE", groupId: 1 };
  const colleague: FileViewer = { id: 11, role: "EMPLOYEE", groupId: 1 };
  const hr: FileViewer = { id: 20, role: "HR", groupId: 1 };
  const otherHr: FileViewer = { id: 21, role: "HR", groupId: 2 };
  const admin: FileViewer = { id: 1, role: "ADMIN", groupId: null };
  const manager: FileViewer = { id: 30, role: "MANAGER", groupId: 1 };
  const own = (share: { mg: number; hr: number }): FileAccessRow => ({ group_id: 1, employee_user_id: 10, uploaded_by: 10, uploaded_by_role: "EMPLOYEE", share_mg: share.mg, share_hr: share.hr });
  const filedByHr: FileAccessRow = { group_id: 1, employee_user_id: 10, uploaded_by: 20, uploaded_by_role: "HR", share_mg: 0, share_hr: 0 };

  test("the employee sees everything filed for them; edits and shares only their own uploads", () => {
    expect([canSeeFile(employee, own({ mg: 0, hr: 0 })), canEditFile(employee, own({ mg: 0, hr: 0 })), canShareFile(employee, own({ mg: 0, hr: 0 }))]).toEqual([true, true, true]);
    expect([canSeeFile(employee, filedByHr), canEditFile(employee, filedByHr), canShareFile(employee, filedByHr)]).toEqual([true, false, false]);
  });

  test("a colleague, another group's HR and roles without files see nothing", () => {
    for (const viewer of [colleague, otherHr, manager]) {
      expect(canSeeFile(viewer, own({ mg: 1, hr: 1 }))).toBe(false);
      expect(canSeeFile(viewer, filedByHr)).toBe(false);
    }
  });

  test("HR sees what staff filed and what is shared with HR; ADMIN what staff filed and what is shared with MG", () => {
    expect(canSeeFile(hr, own({ mg: 1, hr: 0 }))).toBe(false);
    expect(canSeeFile(hr, own({ mg: 0, hr: 1 }))).toBe(true);
    expect(canSeeFile(hr, filedByHr)).toBe(true);
    expect(canSeeFile(admin, own({ mg: 0, hr: 1 }))).toBe(false);
    expect(canSeeFile(admin, own({ mg: 1, hr: 0 }))).toBe(true);
    expect(canSeeFile(admin, filedByHr)).toBe(true);
  });

  test("staff edit what they see, and share only what staff filed", () => {
    expect([canEditFile(hr, own({ mg: 0, hr: 1 })), canShareFile(hr, own({ mg: 0, hr: 1 }))]).toEqual([true, false]);
    expect([canEditFile(hr, filedByHr), canShareFile(hr, filedByHr)]).toEqual([true, true]);
  });

  test("temporary uploads (no employee yet) are the group's staff's only", () => {
    const temp: FileAccessRow = { group_id: 1, employee_user_id: null, uploaded_by: 20, uploaded_by_role: "HR", share_mg: 1, share_hr: 1 };
    expect(canSeeFile(hr, temp)).toBe(true);
    expect(canSeeFile(employee, temp)).toBe(false);
    expect(canSeeFile(otherHr, temp)).toBe(false);
  });
});

describe("share targets", () => {
  test("MG and HR, from an array or a form's text, without repeats", () => {
    expect(ZShareWith.parse(["HR", "MG", "HR"])).toEqual(["HR", "MG"]);
    expect(ZShareWith.parse("MG,HR")).toEqual(["MG", "HR"]);
    expect(ZShareWith.parse("")).toEqual([]);
    expect(ZShareWith.safeParse(["EVERYONE"]).success).toBe(false);
  });
});
