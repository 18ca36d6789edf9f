import { describe, expect, test } from "bun:test";
import { fileNameOf, sizeText } from "./download.ts";

describe("fileNameOf (the saved file's name from Content-Disposition)", () => {
  test("the plain quoted name", () => {
    expect(fileNameOf('attachment; filename="moves-by-status-2026-12-07.csv"', "x.csv")).toBe("moves-by-status-2026-12-07.csv");
  });
  test("filename* (RFC 6266) wins over the plain name", () => {
    expect(fileNameOf("attachment; filename=\"a.xlsx\"; filename*=UTF-8''Co%C3%BBts%20par%20d%C3%A9m%C3%A9nagement.xlsx", "x.xlsx")).toBe("Coûts par déménagement.xlsx");
  });
  test("an unquoted name", () => {
    expect(fileNameOf("attachment; filename=report.csv", "x.csv")).toBe("report.csv");
  });
  test("a broken filename* falls back to the plain name; none at all to the fallback", () => {
    expect(fileNameOf("attachment; filename=\"b.csv\"; filename*=UTF-8''%E0%A4%A", "x.csv")).toBe("b.csv");
    expect(fileNameOf(null, "report-4.csv")).toBe("report-4.csv");
    expect(fileNameOf("inline", "report-4.csv")).toBe("report-4.csv");
  });
});

describe("sizeText (the progress line's amount)", () => {
  test("bytes, kilobytes and megabytes in the reader's locale", () => {
    expect(sizeText(0, "en-GB")).toBe("0 B");
    expect(sizeText(999, "en-GB")).toBe("999 B");
    expect(sizeText(12_345, "en-GB")).toBe("12.3 kB");
    expect(sizeText(3_250_000, "en-GB")).toBe("3.3 MB");
    expect(sizeText(12_345, "de-DE")).toBe("12,3 kB");
  });
});
