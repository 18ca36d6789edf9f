import { describe, expect, test } from "bun:test";
import { SAVE_BAR_STICK_AFTER_PX, saveBarStuck } from "./save-bar.ts";

describe("the save bar rule (part 1 §9, part 2 §9)", () => {
  test("sticks after 240 px of scrolling", () => {
    expect(SAVE_BAR_STICK_AFTER_PX).toBe(240);
  });

  test("in place up to 240 px, stuck past it", () => {
    expect(saveBarStuck(0)).toBe(false);
    expect(saveBarStuck(239)).toBe(false);
    expect(saveBarStuck(240)).toBe(false);
    expect(saveBarStuck(240.5)).toBe(true);
    expect(saveBarStuck(241)).toBe(true);
    expect(saveBarStuck(5000)).toBe(true);
  });

  test("a bounce above the top (negative scroll) is not stuck", () => {
    expect(saveBarStuck(-30)).toBe(false);
  });
});
