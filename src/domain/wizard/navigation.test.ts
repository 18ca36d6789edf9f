import { describe, expect, test } from "bun:test";
import { hiddenStages, nextStage, previousStage, stageOrder, visibleStage } from "./navigation.ts";

const advanced = { estimateType: "ADVANCED", cityGuideOnly: false };
const basic = { estimateType: "LTA", cityGuideOnly: false };
const none = { estimateType: "NONE", cityGuideOnly: false };
const cityGuide = { estimateType: "NONE", cityGuideOnly: true };

describe("wizard navigation", () => {
  test("city guide only hides 3 and 4; no estimate hides 4", () => {
    expect(hiddenStages(cityGuide)).toEqual([3, 4, 6]);
    expect(hiddenStages(none)).toEqual([4, 6]);
    expect(hiddenStages(basic)).toEqual([6]);
    expect(hiddenStages(advanced)).toEqual([]);
  });
  test("the walk per policy", () => {
    expect(stageOrder(advanced)).toEqual([1, 2, 3, 6, 4, 5]);
    expect(stageOrder(basic)).toEqual([1, 2, 3, 4, 5]);
    expect(stageOrder(none)).toEqual([1, 2, 3, 5]);
    expect(stageOrder(cityGuide)).toEqual([1, 2, 5]);
  });
  test("next, with and without skipCE", () => {
    expect(nextStage(none, 2)).toBe(3);
    expect(nextStage(none, 3)).toBe(5);
    expect(nextStage(cityGuide, 2)).toBe(5);
    expect(nextStage(basic, 3)).toBe(4);
    expect(nextStage(basic, 3, { skipCE: true })).toBe(5);
    expect(nextStage(advanced, 3)).toBe(6);
    expect(nextStage(advanced, 6)).toBe(4);
    expect(nextStage(basic, 5)).toBeNull();
  });
  test("back goes one shown stage; stage 1 goes to the group home (0)", () => {
    expect(previousStage(none, 1)).toBe(0);
    expect(previousStage(none, 2)).toBe(1);
    expect(previousStage(none, 5)).toBe(3);
    expect(previousStage(cityGuide, 5)).toBe(2);
    expect(previousStage(basic, 5)).toBe(4);
    expect(previousStage(basic, 5, { skipCE: true })).toBe(3);
    expect(previousStage(advanced, 4)).toBe(6);
  });
  test("a hidden stage in the URL is corrected", () => {
    expect(visibleStage(cityGuide, 3)).toBe(2);
    expect(visibleStage(none, 4)).toBe(3);
    expect(visibleStage(basic, 4)).toBe(4);
  });
});
