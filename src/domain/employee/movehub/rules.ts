/**
 * Move hub rules (part 1 §2 "Move hub task list", §3 "Move hub item", §4 states, §9 section statuses).
 * Pure: no I/O, no clock (today is a parameter: the server's date, YYYY-MM-DD, UTC).
 */

/** §3 later reads: completeStatus OPEN, DONE, OVERDUE; §9 section statuses DONE, OVERDUE, OPEN. */
export type CompleteStatus = "OPEN" | "DONE" | "OVERDUE";

/** §4: overdue is a due date earlier than the server date and not done; done wins over overdue. */
export function completeStatusOf(item: { isDone: boolean; dueDate: string | null }, today: string): CompleteStatus {
  if (item.isDone) return "DONE";
  if (item.dueDate !== null && item.dueDate < today) return "OVERDUE";
  return "OPEN";
}

/**
 * §9 section status: DONE when the section has tasks and every one is done; OVERDUE when any task
 * is overdue; otherwise OPEN (an empty section is OPEN).
 */
export function sectionStatusOf(statuses: readonly CompleteStatus[]): CompleteStatus {
  if (statuses.length > 0 && statuses.every((s) => s === "DONE")) return "DONE";
  if (statuses.includes("OVERDUE")) return "OVERDUE";
  return "OPEN";
}

/** §2 filters All, Open, Overdue, Done. Open lists every task not done (overdue ones too). */
export const MOVE_HUB_FILTERS = ["ALL", "OPEN", "OVERDUE", "DONE"] as const;
export type MoveHubFilter = (typeof MOVE_HUB_FILTERS)[number];

export function matchesFilter(status: CompleteStatus, filter: MoveHubFilter): boolean {
  switch (filter) {
    case "ALL":
      return true;
    case "OPEN":
      return status !== "DONE";
    case "OVERDUE":
      return status === "OVERDUE";
    case "DONE":
      return status === "DONE";
  }
}

/** A task's place: its section (move stage) and its order in it. */
export type Placed = { id: number; section: number; order: number };

/**
 * Moves one task to `order` in `section` (the same section or another) and returns every task whose
 * place changed, with orders dense (0 … n − 1) in both sections. `order` past the end appends.
 * Tasks are read in their current order (order, then id, so a damaged order heals).
 */
export function moveTask(items: readonly Placed[], itemId: number, section: number, order: number): Placed[] {
  const moving = items.find((i) => i.id === itemId);
  if (!moving) return [];
  const sorted = (s: number) =>
    items.filter((i) => i.section === s && i.id !== itemId).sort((a, b) => a.order - b.order || a.id - b.id);
  const target = sorted(section);
  const at = Math.max(0, Math.min(order, target.length));
  target.splice(at, 0, moving);
  const next = new Map<number, Placed>();
  target.forEach((i, index) => next.set(i.id, { id: i.id, section, order: index }));
  if (moving.section !== section) sorted(moving.section).forEach((i, index) => next.set(i.id, { id: i.id, section: i.section, order: index }));
  return [...next.values()].filter((p) => {
    const before = items.find((i) => i.id === p.id)!;
    return before.section !== p.section || before.order !== p.order;
  });
}

/** Dense orders for one section after a task left it (deletion). */
export function closeGap(items: readonly Placed[], section: number): Placed[] {
  return items
    .filter((i) => i.section === section)
    .sort((a, b) => a.order - b.order || a.id - b.id)
    .map((i, index) => ({ ...i, order: index }))
    .filter((p) => items.find((i) => i.id === p.id)!.order !== p.order);
}

/** A service of the move's policy version, as generation reads it. */
export type HubService = {
  moveStage: number;
  serviceKey: string;
  title: string;
  description: string;
  /** 1 cash flex, 2 budget, 3 benefits, 4 view-only third party, 5 off. */
  policyType: number;
  moveHub: boolean;
  /** false when stage 3 of the wizard deselected it for this move. */
  selected: boolean;
  sortOrder: number;
};

export type MoveDates = { moveDate: string | null; assignmentStartDate: string | null; assignmentEndDate: string | null };

export type GeneratedTask = { sourceKey: string; serviceKey: string; moveHub: boolean; title: string; ddText: string; section: number; dueDate: string | null };

/**
 * The due date of a generated task of `stage` out of `stageCount`: the first stage's tasks are due by
 * the move date (else the assignment start), a last stage of several (repatriation, ongoing) by the
 * assignment end, and a middle stage by the assignment start. Null when the move has no such date.
 */
export function dueDateForStage(stage: number, stageCount: number, dates: MoveDates): string | null {
  if (stage <= 1) return dates.moveDate ?? dates.assignmentStartDate;
  if (stage >= stageCount) return dates.assignmentEndDate;
  return dates.assignmentStartDate ?? dates.moveDate;
}

/**
 * The generated tasks of a move: one per service of each move stage of its policy version that is
 * on (type 1–4) and not deselected for the move. The stage's move hub service (part 2: at most one
 * per stage) leads its section; the others follow in the policy's order.
 */
export function generateTasks(services: readonly HubService[], stageCount: number, dates: MoveDates): GeneratedTask[] {
  const out: GeneratedTask[] = [];
  for (let stage = 1; stage <= stageCount; stage++) {
    const own = services
      .filter((s) => s.moveStage === stage && s.policyType !== 5 && s.selected)
      .sort((a, b) => Number(b.moveHub) - Number(a.moveHub) || a.sortOrder - b.sortOrder || a.serviceKey.localeCompare(b.serviceKey));
    for (const s of own) {
      out.push({
        sourceKey: `svc:${stage}:${s.serviceKey}`,
        serviceKey: s.serviceKey,
        moveHub: s.moveHub,
        title: s.title.slice(0, 200),
        ddText: s.description.slice(0, 2000),
        section: stage,
        dueDate: dueDateForStage(stage, stageCount, dates),
      });
    }
  }
  return out;
}

/** A calendar date YYYY-MM-DD that exists (2026-02-30 does not). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** The server's date (UTC) of an instant. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}
