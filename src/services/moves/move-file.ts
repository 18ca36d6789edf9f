/**
 * The HR move page, the spec's employee file summary (`/{group}/employeefile/summaryView`): the
 * person, the move, its policy version, the current cost estimate with its approval and the number
 * of versions, the stage-3 overrides and the audit timeline, read in a handful of queries.
 * Access: HR of the move's group and ADMIN (`moveForCaller`); a move of another group than the one
 * named answers NOT_FOUND, as an unknown move does.
 */
import type { DB } from "../../db/index.ts";
import type { GroupRef } from "../../db/schema.ts";
import { stateNameIn, stateNamesOf } from "../../db/queries/admin/countries.ts";
import { findMoveAudit, findMoveEstimateVersions, findMoveServiceOverrideTitles, findUserName } from "../../db/queries/moves/move-file.ts";
import { findBudgetOverrides, findVersionBenefitChoices } from "../../db/queries/moves/overrides.ts";
import { findVersionBudgets } from "../../db/queries/policy/benefits.ts";
import { findCountryNames } from "../../db/queries/moves/wizard.ts";
import { AppError } from "../../domain/errors.ts";
import { displayRound, formatMoney, toMajorString } from "../../domain/money/money.ts";
import { budgetOverrideChanged, overrideChange, TIMELINE_LIMIT, type TMoveFileRequest, type TMoveFileResponse } from "../../domain/moves/move-file.ts";
import { moveStageNames } from "../../domain/policy/catalogue.ts";
import { movePolicyRef } from "../../domain/moves/policy-ref.ts";
import { wizardMessages } from "../../domain/moves/wizard/messages.ts";
import { wizardStepOf } from "../../domain/moves/wizard/navigation.ts";
import type { SessionUser } from "../identity/auth.ts";
import type { MoveWithPolicy } from "../../db/queries/moves/moves.ts";
import { moveForCaller } from "./wizard/access.ts";
import { approvalStateOfVersion } from "../estimate/approval-link.ts";
import { placeText } from "./wizard/initiation-rules.ts";

const fullName = (first: string | null | undefined, last: string | null | undefined) => (first == null ? null : `${first} ${last ?? ""}`.trim());

/** An estimate total in whole units of its currency ("USD 123,457"; part 1 §9). */
function wholeTotal(amount: number, currency: string): string {
  const whole = displayRound.estimateTotal(toMajorString({ amount, currency }));
  return `${currency} ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

export async function moveFile(db: DB, user: SessionUser, group: GroupRef, input: TMoveFileRequest): Promise<TMoveFileResponse> {
  const move = await moveForCaller(db, user, input);
  if (move.group_id !== group.id) throw new AppError("NOT_FOUND", wizardMessages.moveNotFound);
  return describeMove(db, move);
}

/**
 * The move page's contents for a move the caller's access check has already found (HR's `moveFile` above; a
 * manager's read-only move page, src/services/manager/manager-move.ts).
 */
export async function describeMove(db: DB, move: MoveWithPolicy): Promise<TMoveFileResponse> {
  const [estimates, serviceOverrides, budgetOverrides, audit, countries, states, initiator, policyChoices, policyBudgets] = await Promise.all([
    findMoveEstimateVersions(db, move.id),
    findMoveServiceOverrideTitles(db, move.id, move.policy_version_id),
    findBudgetOverrides(db, move.id),
    findMoveAudit(db, { groupId: move.group_id, moveId: move.id, employeeId: move.employee_user_id, limit: TIMELINE_LIMIT }),
    findCountryNames(db, [move.origin_country_code, move.destination_country_code].filter((c): c is string => !!c)),
    stateNamesOf(db),
    move.initiated_by === null ? Promise.resolve(undefined) : findUserName(db, move.initiated_by),
    findVersionBenefitChoices(db, move.policy_version_id),
    findVersionBudgets(db, move.policy_version_id),
  ]);
  // What the move's policy version itself says: a service's first benefit option (as stage 3 shows it), a group's first budget.
  const policyOption = (policyServiceId: number | null) => policyChoices.find((c) => c.policy_service_id === policyServiceId)?.benefit_option_id ?? null;
  const policyBudget = (stage: number, group: number) => policyBudgets.find((b) => b.move_stage === stage && b.group_number === group) ?? null;

  const countryName = new Map(countries.map((c) => [c.code, c.name]));
  const place = (city: string | null, country: string | null, state: string | null) =>
    placeText(city, stateNameIn(states, country, state), country ? (countryName.get(country) ?? country) : null);
  const stageNames = moveStageNames(move.move_stages_count);
  const stageName = (stage: number) => stageNames[stage - 1] ?? String(stage);
  const current = estimates.find((e) => e.status === "CURRENT");
  const approvalState = current ? await approvalStateOfVersion(db, current) : null;

  return {
    person: {
      id: move.employee_user_id,
      firstName: move.employee_first_name,
      lastName: move.employee_last_name,
      email: move.employee_email,
      activationState: move.employee_activation_state,
    },
    move: {
      id: move.id,
      status: move.status,
      wizardStage: move.wizard_stage,
      wizardStep: wizardStepOf({ estimateType: move.estimate_type, cityGuideOnly: move.city_guide_only === 1 }, move.wizard_stage),
      currentMoveStage: move.current_move_stage,
      moveStagesCount: move.move_stages_count,
      moveStageName: stageName(move.current_move_stage),
      origin: place(move.origin_city_name, move.origin_country_code, move.origin_state),
      destination: place(move.destination_city_name, move.destination_country_code, move.destination_state),
      moveDate: move.move_date,
      assignmentStartDate: move.assignment_start_date,
      assignmentEndDate: move.assignment_end_date,
      createdAt: move.created_at,
      initiatedAt: move.initiated_at,
      initiatedBy: initiator ? fullName(initiator.first_name, initiator.last_name) : null,
    },
    policy: movePolicyRef(move),
    estimateAvailable: move.estimate_type !== "NONE" && move.cost_estimate_enabled === 1,
    estimate:
      current && approvalState
      ? {
          costEstimateId: current.id,
          versionNumber: current.version_number,
          type: current.type,
          // Estimate totals read in whole units.
          total: wholeTotal(current.total_minor, current.display_currency),
          createdAt: current.created_at,
          createdBy: fullName(current.first_name, current.last_name),
          isApproved: current.is_approved === 1,
          approverName: current.approver_name,
          approverEmail: current.approver_email,
          approvalDate: current.approval_date,
          approvalState,
        }
      : null,
    estimateVersions: estimates.length,
    overrides: {
      services: serviceOverrides.flatMap((o) => {
        const detail = o.option_name ?? (o.amount !== null && o.currency ? formatMoney({ amount: o.amount, currency: o.currency }) : null);
        const change = overrideChange({
          selected: o.selected === 1,
          addable: o.addable === 1,
          benefitOptionId: o.benefit_option_id,
          amount: o.amount,
          currency: o.currency,
          policy: { benefitOptionId: policyOption(o.policy_service_id), amount: o.policy_amount, currency: o.policy_currency },
        });
        if (change === null) return [];
        return [{ moveStage: o.move_stage, moveStageName: stageName(o.move_stage), title: o.title ?? o.service_name ?? o.service_key, change, detail: change === "removed" ? null : detail }];
      }),
      budgets: budgetOverrides.filter((b) => budgetOverrideChanged(b, policyBudget(b.move_stage, b.group_number))).map((b) => ({
        moveStage: b.move_stage,
        moveStageName: stageName(b.move_stage),
        budgetGroup: b.group_number,
        amount: formatMoney({ amount: b.amount, currency: b.currency }),
      })),
    },
    timeline: audit.map((a) => ({ id: a.id, at: a.at, entity: a.entity, action: a.action, actor: fullName(a.first_name, a.last_name) })),
  };
}
