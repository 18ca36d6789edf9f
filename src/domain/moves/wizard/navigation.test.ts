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

describe("wizardStepOf: the step the stepper shows", () => {
  test("an advanced estimate's stage 6 is step 4 of 6, its stage 4 step 5", async () => {
    const { wizardStepOf } = await import("./navigation.ts");
    const advanced = { estimateType: "ADVANCED", cityGuideOnly: false };
    expect(wizardStepOf(advanced, 6)).toEqual({ number: 4, count: 6, stage: 6 });
    expect(wizardStepOf(advanced, 4)).toEqual({ number: 5, count: 6, stage: 4 });
    expect(wizardStepOf(advanced, 2)).toEqual({ number: 2, count: 6, stage: 2 });
  });
  test("hidden stages fall back to the step before; city guide only has 3 steps", async () => {
    const { wizardStepOf } = await import("./navigation.ts");
    expect(wizardStepOf({ estimateType: "LTA", cityGuideOnly: false }, 4)).toEqual({ number: 4, count: 5, stage: 4 });
    expect(wizardStepOf({ estimateType: "NONE", cityGuideOnly: false }, 4)).toEqual({ number: 3, count: 4, stage: 3 });
    expect(wizardStepOf({ estimateType: "LTA", cityGuideOnly: true }, 5)).toEqual({ number: 3, count: 3, stage: 5 });
  });
});
