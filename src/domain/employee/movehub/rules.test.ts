import { describe, expect, test } from "bun:test";
import { closeGap, completeStatusOf, dueDateForStage, generateTasks, isCalendarDate, matchesFilter, moveTask, sectionStatusOf, type HubService, type Placed } from "./rules.ts";
import { ZSaveItemRequest, ZUpdateStatusRequest } from "./schemas.ts";

describe("overdue (part 1 §4)", () => {
  test("a due date before the server date and not done is overdue", () => {
    expect(completeStatusOf({ isDone: false, dueDate: "2026-11-24" }, "2026-11-25")).toBe("OVERDUE");
  });
  test("due today is still open; no due date is open", () => {
    expect(completeStatusOf({ isDone: false, dueDate: "2026-11-25" }, "2026-11-25")).toBe("OPEN");
    expect(completeStatusOf({ isDone: false, dueDate: null }, "2026-11-25")).toBe("OPEN");
  });
  test("done wins over a past due date", () => {
    expect(completeStatusOf({ isDone: true, dueDate: "2020-01-01" }, "2026-11-25")).toBe("DONE");
  });
  test("section status: all done DONE, any overdue OVERDUE, else OPEN (empty OPEN)", () => {
    expect(sectionStatusOf(["DONE", "DONE"])).toBe("DONE");
    expect(sectionStatusOf(["DONE", "OVERDUE", "OPEN"])).toBe("OVERDUE");
    expect(sectionStatusOf(["DONE", "OPEN"])).toBe("OPEN");
    expect(sectionStatusOf([])).toBe("OPEN");
  });
  test("filters", () => {
    expect(matchesFilter("OVERDUE", "OPEN")).toBe(true);
    expect(matchesFilter("OVERDUE", "OVERDUE")).toBe(true);
    expect(matchesFilter("OPEN", "OVERDUE")).toBe(false);
    expect(matchesFilter("DONE", "OPEN")).toBe(false);
    expect(matchesFilter("DONE", "DONE")).toBe(true);
    expect(matchesFilter("OPEN", "ALL")).toBe(true);
  });
});

const apply = (items: Placed[], changes: Placed[]) => items.map((i) => changes.find((c) => c.id === i.id) ?? i);
const orderOf = (items: Placed[], section: number) => items.filter((i) => i.section === section).sort((a, b) => a.order - b.order).map((i) => i.id);

describe("ordering", () => {
  const items: Placed[] = [
    { id: 1, section: 1, order: 0 },
    { id: 2, section: 1, order: 1 },
    { id: 3, section: 1, order: 2 },
    { id: 4, section: 2, order: 0 },
    { id: 5, section: 2, order: 1 },
  ];
  test("within a section: down and up, only changed rows returned", () => {
    const down = moveTask(items, 1, 1, 2);
    expect(orderOf(apply(items, down), 1)).toEqual([2, 3, 1]);
    expect(down.map((d) => d.id).sort()).toEqual([1, 2, 3]);
    const up = moveTask(items, 3, 1, 1);
    expect(orderOf(apply(items, up), 1)).toEqual([1, 3, 2]);
    expect(up.map((d) => d.id).sort()).toEqual([2, 3]);
  });
  test("across sections: both sections stay dense", () => {
    const next = apply(items, moveTask(items, 2, 2, 1));
    expect(orderOf(next, 1)).toEqual([1, 3]);
    expect(orderOf(next, 2)).toEqual([4, 2, 5]);
    for (const s of [1, 2]) expect(next.filter((i) => i.section === s).map((i) => i.order).sort()).toEqual([...Array(s === 1 ? 2 : 3).keys()]);
  });
  test("an order past the end appends; to an empty section order 0", () => {
    expect(orderOf(apply(items, moveTask(items, 1, 1, 99)), 1)).toEqual([2, 3, 1]);
    const next = apply(items, moveTask(items, 4, 3, 5));
    expect(next.find((i) => i.id === 4)).toEqual({ id: 4, section: 3, order: 0 });
    expect(orderOf(next, 2)).toEqual([5]);
  });
  test("the same move twice changes nothing the second time (idempotent)", () => {
    const once = apply(items, moveTask(items, 1, 2, 1));
    expect(moveTask(once, 1, 2, 1)).toEqual([]);
  });
  test("an unknown task changes nothing; a gap heals", () => {
    expect(moveTask(items, 99, 1, 0)).toEqual([]);
    const gap = items.filter((i) => i.id !== 2);
    expect(closeGap(gap, 1)).toEqual([{ id: 3, section: 1, order: 1 }]);
  });
});

describe("generation", () => {
  const svc = (o: Partial<HubService>): HubService => ({
    moveStage: 1, serviceKey: "X", title: "X", description: "", policyType: 3, moveHub: false, selected: true, sortOrder: 0, ...o,
  });
  const dates = { moveDate: "2026-12-01", assignmentStartDate: "2026-12-15", assignmentEndDate: "2029-12-15" };
  test("one task per service that is on and selected, the move hub service first, due dates per stage", () => {
    const tasks = generateTasks(
      [
        svc({ serviceKey: "IMMIGRATION", title: "Immigration", sortOrder: 1 }),
        svc({ serviceKey: "MOVEHUB", title: "Move Hub", policyType: 4, moveHub: true, sortOrder: 5 }),
        svc({ serviceKey: "OFF", policyType: 5 }),
        svc({ serviceKey: "DESELECTED", selected: false }),
        svc({ moveStage: 2, serviceKey: "TAX", title: "Tax" }),
        svc({ moveStage: 3, serviceKey: "REPATRIATION", title: "Repatriation" }),
        svc({ moveStage: 4, serviceKey: "BEYOND" }),
      ],
      3,
      dates,
    );
    expect(tasks.map((t) => t.sourceKey)).toEqual(["svc:1:MOVEHUB", "svc:1:IMMIGRATION", "svc:2:TAX", "svc:3:REPATRIATION"]);
    expect(tasks.map((t) => t.dueDate)).toEqual(["2026-12-01", "2026-12-01", "2026-12-15", "2029-12-15"]);
    expect(tasks[0]!.moveHub).toBe(true);
  });
  test("due dates fall back when the move lacks one", () => {
    expect(dueDateForStage(1, 1, { moveDate: null, assignmentStartDate: "2027-01-01", assignmentEndDate: null })).toBe("2027-01-01");
    expect(dueDateForStage(2, 2, { moveDate: null, assignmentStartDate: null, assignmentEndDate: null })).toBeNull();
  });
});

describe("validation texts (part 1 §5)", () => {
  test("a blank title answers the spec's text", () => {
    const r = ZSaveItemRequest.safeParse({ title: "   ", section: 1 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe("Please enter task title.");
  });
  test("dates are calendar dates; '' clears", () => {
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(ZUpdateStatusRequest.safeParse({ type: "DATE", itemId: "3", dueDate: "2026-13-01" }).success).toBe(false);
    expect(ZUpdateStatusRequest.parse({ type: "DATE", itemId: "3", dueDate: "" })).toEqual({ type: "DATE", itemId: 3, dueDate: null });
    expect(ZUpdateStatusRequest.parse({ type: "DONE", itemId: "3", isDone: "true" })).toEqual({ type: "DONE", itemId: 3, isDone: true });
  });
  test("form text fields parse strictly", () => {
    expect(ZUpdateStatusRequest.safeParse({ type: "ORDER", itemId: "0x10", section: "1", order: "0" }).success).toBe(false);
    expect(ZUpdateStatusRequest.safeParse({ type: "ORDER", itemId: "1", section: "4", order: "0" }).success).toBe(false);
    expect(ZUpdateStatusRequest.parse({ type: "ORDER", itemId: "1", section: "2", order: "3" })).toEqual({ type: "ORDER", itemId: 1, section: 2, order: 3 });
  });
});
