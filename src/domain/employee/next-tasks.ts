/**
 * The employee home's "Next tasks" (issue 14 "Employee home"): the open tasks of the move hub, overdue
 * first, then by due date (undated last), then in hub order (section, position); at most `limit`.
 */
import type { TMoveHubView } from "./movehub/schemas.ts";

export type NextTask = { id: number; title: string; dueDate: string | null; completeStatus: "OPEN" | "OVERDUE" | "DONE"; sectionTitle: string };

export function nextTasks(hub: Pick<TMoveHubView, "sections">, limit: number): NextTask[] {
  const open: (NextTask & { rank: number })[] = [];
  let rank = 0;
  for (const section of hub.sections) {
    for (const item of section.items) {
      rank++;
      if (item.completeStatus === "DONE") continue;
      open.push({ id: item.id, title: item.title, dueDate: item.dueDate, completeStatus: item.completeStatus, sectionTitle: section.title, rank });
    }
  }
  open.sort((a, b) => {
    const overdue = Number(b.completeStatus === "OVERDUE") - Number(a.completeStatus === "OVERDUE");
    if (overdue !== 0) return overdue;
    if (a.dueDate !== b.dueDate) {
      if (a.dueDate === null) return 1;
      if (b.dueDate === null) return -1;
      return a.dueDate < b.dueDate ? -1 : 1;
    }
    return a.rank - b.rank;
  });
  return open.slice(0, Math.max(0, limit)).map(({ rank: _rank, ...task }) => task);
}
