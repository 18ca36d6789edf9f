import { describe, expect, test } from "bun:test";
import { isTap, LONG_PRESS_MS, TAP_MAX_MS } from "./touch.ts";

describe("touch constants (part 1 §9)", () => {
  test("long press 500 ms, tap under 100 ms", () => {
    expect(LONG_PRESS_MS).toBe(500);
    expect(TAP_MAX_MS).toBe(100);
  });
  test("a touch is a tap only under 100 ms and without movement", () => {
    expect(isTap(1000, 1099, false)).toBe(true);
    expect(isTap(1000, 1100, false)).toBe(false);
    expect(isTap(1000, 1050, true)).toBe(false);
  });
});
