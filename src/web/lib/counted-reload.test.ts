import { describe, expect, test } from "bun:test";
import { COUNTED_EVENTS_BEFORE_RELOAD, countEvent, createEventCounter } from "./counted-reload.ts";

describe("counted events (part 1 §9: reload after more than 4)", () => {
  test("the limit is 4: the fifth event is the first over it", () => {
    expect(COUNTED_EVENTS_BEFORE_RELOAD).toBe(4);
    const counter = createEventCounter();
    expect([1, 2, 3, 4].map(() => counter.count())).toEqual([false, false, false, false]);
    expect(counter.value).toBe(4);
    expect(counter.count()).toBe(true);
    expect(counter.count()).toBe(true);
    expect(counter.value).toBe(6);
  });

  test("countEvent reloads on the fifth event only, and says so", () => {
    const counter = createEventCounter();
    let reloads = 0;
    const reload = () => void reloads++;
    const answers = Array.from({ length: 5 }, () => countEvent(counter, reload));
    expect(answers).toEqual([false, false, false, false, true]);
    expect(reloads).toBe(1);
  });

  test("counters are independent; a custom limit is honoured", () => {
    const a = createEventCounter(1);
    const b = createEventCounter(1);
    expect(a.count()).toBe(false);
    expect(b.count()).toBe(false);
    expect(a.count()).toBe(true);
    expect(b.value).toBe(1);
  });
});
