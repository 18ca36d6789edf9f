import { describe, expect, test } from "bun:test";
import { INT_MAX, intFromText, ZId, zInt } from "./numbers.ts";

describe("ZId", () => {
  test.each([[1, 1], ["42", 42], [" 7 ", 7], [INT_MAX, INT_MAX], [String(INT_MAX), INT_MAX]])("%p → %p", (input, id) => {
    expect(ZId.parse(input)).toBe(id);
  });

  // 2^31 and past: PostgreSQL's integer column answers "out of range" (a 500); hex, exponent and blank
  // text were numbers to z.coerce.number ("0x10" → 16, "1e3" → 1000, " " → 0).
  test.each([2 ** 31, 2 ** 53, "2147483648", 0, -1, 1.5, "0x10", "0b11", "0o7", "1e3", "1.0", "", " ", "NaN", "Infinity", "1_000", "١٢", "+5", null, true, [], {}].map((v) => [v]))(
    "refuses %p",
    (input) => {
      expect(ZId.safeParse(input).success).toBe(false);
    },
  );
});

describe("zInt", () => {
  test("bounded by the column by default, by the field's range when given, with the field's text", () => {
    expect(zInt().parse("-2147483648")).toBe(-(2 ** 31));
    expect(zInt().safeParse(-(2 ** 31) - 1).success).toBe(false);
    const stage = zInt({ min: 1, max: 3, message: "Stage 1 to 3." });
    expect(stage.parse("3")).toBe(3);
    expect(stage.safeParse("4").error!.issues[0]!.message).toBe("Stage 1 to 3.");
    expect(stage.safeParse("0x2").error!.issues[0]!.message).toBe("Stage 1 to 3.");
  });

  test("intFromText reads decimal digits only and leaves anything else for the schema to refuse", () => {
    expect(intFromText("-12")).toBe(-12);
    expect(intFromText("0x10")).toBe("0x10");
    expect(intFromText(5)).toBe(5);
  });
});
