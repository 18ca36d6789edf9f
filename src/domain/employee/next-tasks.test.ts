import { describe, expect, test } from "bun:test";
import { nextTasks } from "./next-tasks.ts";

type Item = { id: number; title: string; dueDate: string | null; completeStatus: "OPEN" | "OVERDUE" | "DONE" };
const item = (id: number, completeStatus: Item["completeStatus"], dueDate: string | null) => ({
  id, title: `Task ${id}`, ddText: "", dueDate, section: 1, order: id, isDone: completeStatus === "DONE", doneAt: null, completeStatus, custom: false, moveHub: true, serviceKey: null,
});
const hub = (...sections: ReturnType<typeof item>[][]) => ({
  sections: sections.map((items, i) => ({ section: i + 1, title: `Stage ${i + 1}`, status: "OPEN" as const, items })),
});

describe("nextTasks", () => {
  test("overdue first, then by due date with undated last, done left out", () => {
    const h = hub(
      [item(1, "OPEN", null), item(2, "DONE", "2026-01-01"), item(3, "OPEN", "2026-12-01")],
      [item(4, "OVERDUE", "2026-10-02"), item(5, "OPEN", "2026-11-30"), item(6, "OVERDUE", "2026-10-01")],
    );
    expect(nextTasks(h, 10).map((t) => t.id)).toEqual([6, 4, 5, 3, 1]);
    expect(nextTasks(h, 10)[0]!.sectionTitle).toBe("Stage 2");
  });
  test("at most the limit; hub order breaks ties", () => {
    const h = hub([item(1, "OPEN", null), item(2, "OPEN", null), item(3, "OPEN", null)], [item(4, "OPEN", null)]);
    expect(nextTasks(h, 2).map((t) => t.id)).toEqual([1, 2]);
    expect(nextTasks(h, 0)).toEqual([]);
  });
});
