/**
 * Extend and end assignments (issue 15; part 1 §2 "Employee table with bulk actions: extend assignment, end
 * assignment, view policy"; §4 the actions popup and eligibility; §5 "Extend: new end date must differ from the
 * current one, plus a reason if reasons apply. End: date not in the past, plus a reason if applicable."; §7
 * "POST /hr/json/extend-employee-assignments and /hr/json/repatriate-employees: actions array (employeeId,
 * message, newEndDate, groupOptionId for extend or reason for end, plus services and budgets for end)"; §8
 * "Actions popup: "We were unable to process data."", "No employees were selected!"). Shared by the tRPC
 * procedures (`assignments.*`), the legacy paths and the HR employee table page.
 */
import { z } from "zod";
import { isCurrencyCode } from "../../money/money.ts";
import { ZId, zInt } from "../../numbers.ts";
import { zMinorUnits } from "../../money/schemas.ts";

/** The spec's texts word for word (§5, §8), and Meridian's own where the spec gives only the rule. */
export const assignmentMessages = {
  /** §5 "No selected employees". */
  noneSelected: "No employees were selected!",
  /** §8 actions popup: any failure; nothing is applied. */
  unableToProcess: "We were unable to process data.",
  /** §5 extend (the spec gives the rule). */
  sameEndDate: "The new end date must differ from the current one.",
  /** §5 end: "date not in the past" (Meridian applies it to an extension too: issue 15). */
  pastDate: "The end date cannot be in the past.",
  dateRequired: "Please enter the new end date.",
  dateInvalid: "Please enter a valid date (YYYY-MM-DD).",
  /** §5 "plus a reason if reasons apply" (extend: the group's extension reasons are enabled). */
  reasonRequired: "Please select an extension reason.",
  reasonUnknown: "This extension reason does not exist.",
  /** §5 "plus a reason if applicable" (end: the group's extension reasons are enabled). */
  endReasonRequired: "Please enter the reason for ending the assignment.",
  reasonTooLong: "The reason can have at most 500 characters.",
  messageTooLong: "The message can have at most 2000 characters.",
  /** §4 eligibility. */
  notEligible: "This employee is not eligible: a three-stage policy at stage 2, status open or on assignment, and an assignment end date are needed.",
  employeeNotFound: "This employee does not exist.",
  duplicateEmployee: "Each employee can be selected only once.",
  tooMany: "At most 200 employees can be updated at once.",
  serviceUnknown: "This service is not part of the repatriation stage of the employee's policy.",
  budgetUnknown: "This budget is not part of the repatriation stage of the employee's policy.",
  currencyInvalid: "Please select a valid currency.",
  amountInvalid: "The amount must be a whole number of minor units, 0 or more.",
  budgetNotSelected: "This budget belongs to no selected service of the repatriation stage.",
  /** §6 policy editing in the end-assignment popup. */
  policyEditUnauthorised: "You are not authorised to edit this employee's policy: HR of the group or an administrator, with the employee at stage 2.",
  policyNotEditable: "This employee's policy cannot be edited.",
  groupRequired: "group can't be empty",
  /** Success texts (§4 "after success it shows a success message"). */
  extended: "The assignments were extended.",
  ended: "The assignments were ended.",
} as const;
const M = assignmentMessages;

export const MAX_ACTIONS = 200;
/** The repatriation stage of a three-stage policy; eligibility asks for stage 2 (§4). */
export const ELIGIBLE_STAGE = 2;
export const REPATRIATION_STAGE = 3;

const isCalendarDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

export const ZEndDate = z
  .string({ error: M.dateRequired })
  .trim()
  .min(1, M.dateRequired)
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDate(v), M.dateInvalid);

const ZMessage = z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string().max(2000, M.messageTooLong));
const blankToNull = (v: unknown) => (v === undefined || v === null || v === "" ? null : v);

export const ZExtendAction = z.object({
  employeeId: ZId,
  message: ZMessage,
  newEndDate: ZEndDate,
  /** The group's extension reason (HR settings); required when the group's reasons are enabled. */
  groupOptionId: z.preprocess(blankToNull, ZId.nullable()),
});
export type TExtendAction = z.infer<typeof ZExtendAction>;

export const ZEndBudget = z.object({
  /**
   * The budget group's number (1–20) on the repatriation stage of the employee's policy version: the policy
   * response's budgetGroupComponents[].id, as storePolicyOverrides takes it.
   */
  budgetGroupId: zInt({ min: 1, max: 99 }),
  /** Minor units of `currency`. */
  amount: zMinorUnits({ min: 0, message: M.amountInvalid }),
  currency: z.string().trim().toUpperCase().refine(isCurrencyCode, M.currencyInvalid),
});
export type TEndBudget = z.infer<typeof ZEndBudget>;

export const ZEndAction = z.object({
  employeeId: ZId,
  message: ZMessage,
  newEndDate: ZEndDate,
  reason: z.preprocess((v) => (typeof v === "string" ? v.replace(/\s+/g, " ").trim() || null : blankToNull(v)), z.string().max(500, M.reasonTooLong).nullable()),
  /** Service keys of the repatriation stage to provide. */
  services: z.preprocess((v) => (v === undefined || v === null ? [] : v), z.array(z.string().trim().min(1).max(64)).max(50)),
  budgets: z.preprocess((v) => (v === undefined || v === null ? [] : v), z.array(ZEndBudget).max(50)),
});
export type TEndAction = z.infer<typeof ZEndAction>;

const actionsOf = <S extends z.ZodType>(action: S) =>
  z.array(action, { error: M.noneSelected }).min(1, M.noneSelected).max(MAX_ACTIONS, M.tooMany);

export const ZExtendRequest = z.object({ actions: actionsOf(ZExtendAction) });
export const ZEndRequest = z.object({ actions: actionsOf(ZEndAction) });
export type TExtendRequest = z.infer<typeof ZExtendRequest>;
export type TEndRequest = z.infer<typeof ZEndRequest>;

export const ZActionResult = z.object({
  employeeId: z.number().int(),
  moveId: z.number().int(),
  oldEndDate: z.string().nullable(),
  newEndDate: z.string(),
  stage: z.number().int(),
});
export const ZActionsResponse = z.object({ message: z.string(), results: z.array(ZActionResult) });
export type TActionsResponse = z.infer<typeof ZActionsResponse>;

/** One row of the HR employee table (§2). */
export const ZEmployeeRow = z.object({
  employeeId: z.number().int(),
  moveId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.string(),
  stage: z.number().int(),
  stagesCount: z.number().int(),
  policyName: z.string(),
  assignmentEndDate: z.string().nullable(),
  eligible: z.boolean(),
});
export type TEmployeeRow = z.infer<typeof ZEmployeeRow>;

export const ZEmployeesView = z.object({
  rows: z.array(ZEmployeeRow),
  /** May the caller extend or end (HR, ADMIN, a manager with creation CREATE)? */
  canAct: z.boolean(),
  /** The group's extension reasons (HR settings) for the extend popup's select. */
  reasons: z.object({ enabled: z.boolean(), reasons: z.array(z.object({ id: z.number().int(), optionValue: z.string(), defaultValue: z.boolean() })) }),
  today: z.string(),
});
export type TEmployeesView = z.infer<typeof ZEmployeesView>;

// ── Legacy shapes ─────────────────────────────────────────────────────────────────────────────

/** POST /hr/json/extend-employee-assignments (JSON): the group by URL name (default: the caller's own). */
export const ZLegacyExtendRequest = ZExtendRequest.extend({ group: z.string().trim().min(1).max(64).optional() });
export const ZLegacyEndRequest = ZEndRequest.extend({ group: z.string().trim().min(1).max(64).optional() });
export const ZLegacyActionsResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  results: z.array(ZActionResult),
  errors: z.record(z.string(), z.string()).optional(),
});
