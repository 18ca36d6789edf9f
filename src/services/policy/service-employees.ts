/**
 * Policy group setup's per-service employee data list (issue 23 item 16; part 2 §2, §3 Employee data):
 * the group's employees whose moves have the service, with the stages and benefit options they have of
 * it. ADMIN reads any group, HR its own (the role is checked by the procedure builder, then the group
 * here, then the policy and service named).
 */
import type { DB } from "../../db/index.ts";
import { findService } from "../../db/queries/policy/benefits.ts";
import { findMovesUsingService, findServiceLinesOfVersions, findServiceOverridesOfMoves } from "../../db/queries/policy/service-employees.ts";
import { AppError } from "../../domain/errors.ts";
import { benefitMessages } from "../../domain/policy/benefit-schemas.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import {
  SERVICE_EMPLOYEES_LIMIT,
  serviceInUse,
  type TServiceEmployee,
  type TServiceEmployeesRequest,
  type TServiceEmployeesResponse,
} from "../../domain/policy/service-employees.ts";
import { groupForCaller, policyForCaller } from "./access.ts";
import type { PolicyActor } from "./common.ts";

export async function findServiceEmployees(db: DB, caller: PolicyActor, input: TServiceEmployeesRequest, limit = SERVICE_EMPLOYEES_LIMIT): Promise<TServiceEmployeesResponse> {
  const groupId = await groupForCaller(db, caller.user, input.groupId, "read");
  const policyId = input.policyId ?? null;
  if (policyId !== null) {
    const policy = await policyForCaller(db, caller.user, policyId, "read");
    if (policy.groupId !== groupId) throw new AppError("VALIDATION", benefitMessages.policyNotInGroup, { policyId: benefitMessages.policyNotInGroup });
  }
  if (!(await findService(db, input.serviceType))) throw new AppError("VALIDATION", policyMessages.unknownService, { serviceType: policyMessages.unknownService });

  const moves = await findMovesUsingService(db, { groupId, policyId, serviceKey: input.serviceType, limit: limit + 1 });
  const truncated = moves.length > limit;
  const shown = moves.slice(0, limit);
  const [{ lines, choices }, overrides] = await Promise.all([
    findServiceLinesOfVersions(db, [...new Set(shown.map((m) => m.versionId))], input.serviceType),
    findServiceOverridesOfMoves(db, shown.map((m) => m.moveId), input.serviceType),
  ]);

  const employees = shown.map((m): TServiceEmployee => {
    const moveStages: number[] = [];
    const benefits: TServiceEmployee["benefits"] = [];
    for (const stage of [1, 2, 3]) {
      const line = lines.find((l) => l.versionId === m.versionId && l.moveStage === stage) ?? null;
      const override = overrides.find((o) => o.moveId === m.moveId && o.moveStage === stage) ?? null;
      if (!serviceInUse(line && { servicePolicyType: line.servicePolicyType, provided: line.provided === 1 }, override && { selected: override.selected === 1 })) continue;
      moveStages.push(stage);
      // The policy's choice per benefit set, replaced by the employee's stage-3 choice in the same set.
      const sets = line ? choices.filter((c) => c.policyServiceId === line.id) : [];
      const chosen = override?.optionId != null && override.setId !== null ? override : null;
      for (const c of sets) {
        const optionName = chosen && chosen.setId === c.setId ? chosen.optionName : c.optionName;
        if (optionName) benefits.push({ moveStage: stage, benefitSet: c.setName, option: optionName });
      }
      if (chosen && chosen.optionName && chosen.setName && !sets.some((c) => c.setId === chosen.setId)) benefits.push({ moveStage: stage, benefitSet: chosen.setName, option: chosen.optionName });
    }
    return {
      id: m.userId,
      moveId: m.moveId,
      firstName: m.firstName,
      lastName: m.lastName,
      username: m.email,
      email: m.email,
      moveDate: m.moveDate,
      status: m.status,
      policyId: m.policyId,
      policyName: m.policyName,
      versionNumber: m.versionNumber,
      moveStages,
      benefits,
    };
  });
  return { serviceType: input.serviceType, employees, truncated };
}
