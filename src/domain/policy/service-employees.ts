/**
 * Policy group setup's per-service employee data list (part 2 §2 "Policy group setup: a service selector
 * with one table per service (benefits, options, metadata lines, employee data list)"; issue 23 item 16).
 * The spec names the list but shows no call for it, so it has a typed procedure only
 * (`policy.benefits.employeeData`) and no documented path. Its fields are the spec's Employee data
 * (part 2 §3: firstName, lastName, username equal to the email, email, id, moveId, moveDate), with the
 * move's policy, status and the stages and benefit options it has of the service, so an administrator
 * sees whom a change to the service's benefit sets reaches.
 *
 * Which moves use a service (`serviceInUse`, pure; the query's SQL form in
 * src/db/queries/policy/service-employees.ts): a move stage uses it when the move's policy version has it
 * there, provided and of any policy type but 5 ("off"), and the move's stage-3 override did not deselect
 * it; or when an override selects it (an addable service added for the employee).
 */
import { z } from "zod";
import { ZId } from "../numbers.ts";
import { policyMessages } from "./messages.ts";

/** The rows one answer lists at most (the newest moves first are kept); `truncated` says more exist. */
export const SERVICE_EMPLOYEES_LIMIT = 200;

/** The list's screen texts are Meridian's own (the spec gives it none): `policyConfig.group.employees.*` in src/domain/i18n/en-policy-config.ts. */
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const ZServiceEmployeesRequest = z.object({
  groupId: ZId,
  /** Only the moves on this policy (of the group). */
  policyId: z.preprocess(blankToUndefined, ZId.optional()),
  serviceType: z.string().trim().toUpperCase().regex(/^[A-Z0-9_]{1,64}$/, policyMessages.unknownService),
});
export type TServiceEmployeesRequest = z.infer<typeof ZServiceEmployeesRequest>;

export const ZServiceEmployee = z.object({
  /** The employee's user id. */
  id: z.number().int(),
  moveId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /** Equal to the email (part 2 §3). */
  username: z.string(),
  email: z.string(),
  /** YYYY-MM-DD, or null when not yet known. */
  moveDate: z.string().nullable(),
  status: z.enum(["draft", "open", "on_assignment", "completed", "cancelled"]),
  policyId: z.number().int(),
  policyName: z.string(),
  versionNumber: z.number().int(),
  /** The move stages (1–3) on which the move has the service. */
  moveStages: z.array(z.number().int()),
  /** The benefit options the move has of the service (its stage-3 choice, else the policy's), by set. */
  benefits: z.array(z.object({ moveStage: z.number().int(), benefitSet: z.string(), option: z.string() })),
});
export type TServiceEmployee = z.infer<typeof ZServiceEmployee>;

export const ZServiceEmployeesResponse = z.object({
  serviceType: z.string(),
  employees: z.array(ZServiceEmployee),
  /** More moves use the service than `SERVICE_EMPLOYEES_LIMIT`. */
  truncated: z.boolean(),
});
export type TServiceEmployeesResponse = z.infer<typeof ZServiceEmployeesResponse>;

/** A move stage's policy line for the service (null: the version does not have it there). */
export type StagePolicyLine = { servicePolicyType: number; provided: boolean } | null;
/** A move stage's stage-3 override for the service (null: none). */
export type StageOverride = { selected: boolean } | null;

/** Whether a move has the service on a stage (see the module comment). */
export function serviceInUse(line: StagePolicyLine, override: StageOverride): boolean {
  if (override) return override.selected;
  return line !== null && line.servicePolicyType !== 5 && line.provided;
}
