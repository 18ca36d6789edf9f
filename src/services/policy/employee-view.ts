/**
 * The employee's policy view (part 2 §2 "Policy view for an employee", §3 "Policy view", §7 GET
 * /admin/policy/getPolicyDetails): an accordion per move stage of the policy version the
 * employee's move started on, one section per service with its policy type, note, amount,
 * budgets and benefits, and a "REMOVED FROM POLICY" section.
 *
 * REMOVED FROM POLICY lists, per stage, the services of the employee's version that are switched
 * off (service policy type 5) and those a newer released version of the same policy no longer
 * has on that stage (or has switched off); those components are marked serviceRemoved=true and
 * the service is not repeated among the stage's active sections.
 *
 * Access: ADMIN, CRM, HR of the employee's group, and the employee for their own moves.
 */
import type { DB } from "../../db/index.ts";
import { findStageServices } from "../../db/queries/policy/policy.ts";
import {
  findEmployeeMove,
  findNewerReleasedVersion,
  findServiceAttributes,
  findUserBrief,
  findVersionBudgets,
  findVersionServiceBenefits,
} from "../../db/queries/policy/benefits.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import {
  REMOVED_FROM_POLICY,
  type TEmployeePolicyRequest,
  type TEmployeePolicyResponse,
  type TPolicySection,
} from "../../domain/policy/benefit-schemas.ts";
import { moveStageNames, NO_BUDGET_GROUP, SERVICE_POLICY_TYPE_LABELS, type ServicePolicyType } from "../../domain/policy/catalogue.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import { toMajorString } from "../../domain/money/money.ts";
import type { SessionUser } from "../identity/auth.ts";
import type { Role } from "../../domain/roles.ts";

const SERVICE_OFF = 5;

/** FORBIDDEN unless the caller may see this employee's policy. */
function assertMayView(user: SessionUser, employee: { id: number; group_id: number | null }) {
  if (!EMPLOYEE_POLICY_VIEWERS.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  if (user.role === "ADMIN" || user.role === "CRM") return;
  if (user.role === "HR") {
    if (employee.group_id !== null && user.groupId === employee.group_id) return;
    throw new AppError("FORBIDDEN", messages.otherGroup);
  }
  if (user.id === employee.id) return;
  throw new AppError("FORBIDDEN", messages.otherPerson);
}

const money = (amount: number, currency: string) => `${toMajorString({ amount, currency })} ${currency}`;

/** Who may view an employee's policy: ADMIN, CRM, HR, and the employee their own (the builders check it before the input). */
export const EMPLOYEE_POLICY_VIEWERS: Role[] = ["ADMIN", "CRM", "HR", "EMPLOYEE"];

/** The employee's policy, per move stage. Unknown employee or no move: NOT_FOUND "This employee has no policy yet.". */
export async function employeePolicyView(db: DB, user: SessionUser, input: TEmployeePolicyRequest): Promise<TEmployeePolicyResponse> {
  const employee = await findUserBrief(db, input.employeeId);
  if (!employee) {
    // Only those who may look up employees learn that the id is unknown.
    if (!EMPLOYEE_POLICY_VIEWERS.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
    if (user.role !== "ADMIN" && user.role !== "CRM" && user.role !== "HR" && user.id !== input.employeeId) {
      throw new AppError("FORBIDDEN", messages.otherPerson);
    }
    throw new AppError("NOT_FOUND", policyMessages.employeeHasNoPolicy);
  }
  assertMayView(user, employee);
  const move = await findEmployeeMove(db, employee.id, input.moveId);
  if (!move) throw new AppError("NOT_FOUND", policyMessages.employeeHasNoPolicy);

  const [services, benefits, budgets, attributes, newer] = await Promise.all([
    findStageServices(db, move.policy_version_id),
    findVersionServiceBenefits(db, move.policy_version_id),
    findVersionBudgets(db, move.policy_version_id),
    findServiceAttributes(db, { hrOnly: true }),
    findNewerReleasedVersion(db, move.policy_id, move.version_number),
  ]);
  const newerServices = newer ? await findStageServices(db, newer.id) : null;
  const removedLater = (stage: number, key: string) =>
    newerServices !== null &&
    !newerServices.some((s) => s.move_stage === stage && s.service_key === key && s.service_policy_type !== SERVICE_OFF);

  const moveStageSections = moveStageNames(move.move_stages_count).map((moveStageName, index) => {
    const stage = index + 1;
    const sections: TPolicySection[] = [];
    const removed: TPolicySection["components"] = [];
    for (const s of services.filter((x) => x.move_stage === stage)) {
      const title = s.title || s.service_name;
      if (s.service_policy_type === SERVICE_OFF || removedLater(stage, s.service_key)) {
        removed.push({ name: s.service_key, title, type: "SERVICE", value: s.note, serviceRemoved: true });
        continue;
      }
      const components: TPolicySection["components"] = [
        {
          name: "servicePolicyType",
          title: "Policy type",
          type: "TEXT",
          value: SERVICE_POLICY_TYPE_LABELS[s.service_policy_type as ServicePolicyType] ?? String(s.service_policy_type),
        },
      ];
      if (s.provided === 0) components.push({ name: "provided", title: "Provided", type: "TEXT", value: "Not provided" });
      if (s.amount !== null && s.currency) {
        components.push({
          name: "amount",
          title: "Amount",
          type: "MONEY",
          value: s.rate_frequency ? `${money(s.amount, s.currency)} (${s.rate_frequency})` : money(s.amount, s.currency),
        });
      }
      if (s.budget_group !== NO_BUDGET_GROUP) {
        for (const b of budgets.filter((x) => x.move_stage === stage && x.group_number === s.budget_group)) {
          components.push({ name: `budget-${b.id}`, title: `Budget (group ${s.budget_group})`, type: "MONEY", value: money(b.amount, b.currency) });
        }
      }
      for (const b of benefits.filter((x) => x.policy_service_id === s.id)) {
        components.push({ name: `benefit-${b.benefit_set_id}`, title: b.set_name, type: "BENEFIT", value: b.option_name ?? b.value ?? "" });
      }
      const values = parseAttributes(s.attributes);
      for (const a of attributes.filter((x) => x.service_key === s.service_key)) {
        const value = values[a.attr_key];
        if (value !== undefined && value !== null && value !== "") {
          components.push({ name: `attribute-${a.attr_key}`, title: a.label, type: "ATTRIBUTE", value: String(value) });
        }
      }
      if (s.note.trim() !== "") components.push({ name: "note", title: "Notes", type: "NOTE", value: s.note });
      sections.push({ type: "SERVICE", title, sectionMultiTitle: s.service_key, components });
    }
    if (removed.length > 0) sections.push({ type: "REMOVED", title: REMOVED_FROM_POLICY, sectionMultiTitle: REMOVED_FROM_POLICY, components: removed });
    return { moveStageId: stage, moveStageName, sections };
  });

  return {
    success: true,
    moveStageSections,
    errorMessage: null,
    message: null,
    policy: { id: move.policy_id, name: move.policy_name, policyVersionId: move.policy_version_id, versionNumber: move.version_number },
    employee: { id: employee.id, firstName: employee.first_name, lastName: employee.last_name, email: employee.email },
  };
}

function parseAttributes(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
