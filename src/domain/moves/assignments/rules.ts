/**
 * Pure rules of extend and end assignments (issue 15; part 1 §4, §5). Used by the service (on the rows read
 * under lock) and by the HR employee table page (before the call), so both say the same.
 */
import { assignmentMessages as M, ELIGIBLE_STAGE } from "./schemas.ts";

export type EligibilityFacts = { stagesCount: number; stage: number; status: string; assignmentEndDate: string | null };

/**
 * §4 "Eligible employees: three-stage policy, at stage 2, status open or on_assignment, and an assignment end
 * date present."
 */
export function isEligible(m: EligibilityFacts): boolean {
  return m.stagesCount === 3 && m.stage === ELIGIBLE_STAGE && (m.status === "open" || m.status === "on_assignment") && !!m.assignmentEndDate;
}

export type FieldErrors = Partial<Record<"newEndDate" | "groupOptionId" | "reason", string>>;

/**
 * §5 extend: the new end date differs from the current one and is not in the past (issue 15); a reason of the
 * group's list when the group's extension reasons are enabled.
 */
export function validateExtension(a: {
  currentEndDate: string | null;
  newEndDate: string;
  today: string;
  reasonsEnabled: boolean;
  groupOptionId: number | null;
  reasonIds: readonly number[];
}): FieldErrors {
  const errors: FieldErrors = {};
  if (a.newEndDate === a.currentEndDate) errors.newEndDate = M.sameEndDate;
  else if (a.newEndDate < a.today) errors.newEndDate = M.pastDate;
  if (a.groupOptionId !== null && !a.reasonIds.includes(a.groupOptionId)) errors.groupOptionId = M.reasonUnknown;
  else if (a.reasonsEnabled && a.groupOptionId === null) errors.groupOptionId = M.reasonRequired;
  return errors;
}

/** §5 end: the date is not in the past; a reason when the group's extension reasons are enabled. */
export function validateEnd(a: { newEndDate: string; today: string; reasonsEnabled: boolean; reason: string | null }): FieldErrors {
  const errors: FieldErrors = {};
  if (a.newEndDate < a.today) errors.newEndDate = M.pastDate;
  if (a.reasonsEnabled && !a.reason) errors.reason = M.endReasonRequired;
  return errors;
}

/** §4 "The popup lists up to 3 names, then "+ N Others"." */
export function namesSummary(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(", ");
  const others = names.length - 3;
  return others > 0 ? `${shown} + ${others} Others` : shown;
}

/**
 * §4 the popup's main button: "next" while employees remain; "confirm" on the last employee or with apply to
 * all (every employee then takes the values of the one shown).
 */
export function popupButton(index: number, count: number, applyToAll: boolean): "next" | "confirm" {
  return applyToAll || index >= count - 1 ? "confirm" : "next";
}

/** Today's date (UTC) as YYYY-MM-DD, the server's "not in the past" reference. */
export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}
