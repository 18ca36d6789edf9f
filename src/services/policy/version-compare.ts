import type { DB } from "../../db/index.ts";
import { findBudgetGroups, findBudgets, findPolicyRow, findServiceBenefits, findStageServices, findVersionRow } from "../../db/queries/policy/policy.ts";
import { AppError } from "../../domain/errors.ts";
import { moveStageNames } from "../../domain/policy/catalogue.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import type { TCompareVersionsResponse } from "../../domain/policy/schemas.ts";
import { diffVersions, type VersionDiffSnapshot } from "../../domain/policy/version-diff.ts";
import type { PolicyRef } from "./access.ts";
import { bool } from "./common.ts";

type VersionRow = NonNullable<Awaited<ReturnType<typeof findVersionRow>>>;

/**
 * policies.compareVersions (issue 13 item 3): what differs from one version of a policy to
 * another, as sentences (`diffVersions`). The caller resolved the policy with `policyForCaller`
 * ("read": ADMIN any group, HR its own); both versions must belong to that policy (NOT_FOUND
 * otherwise, so another policy's version id tells nothing). Reads only.
 */
export async function compareVersions(db: DB, policy: PolicyRef, fromVersionId: number, toVersionId: number): Promise<TCompareVersionsResponse> {
  const [from, to, row] = await Promise.all([findVersionRow(db, fromVersionId), findVersionRow(db, toVersionId), findPolicyRow(db, policy.id)]);
  if (!row || !from || !to || from.policy_id !== policy.id || to.policy_id !== policy.id) {
    throw new AppError("NOT_FOUND", policyMessages.versionNotFound);
  }
  const stageNames = moveStageNames(row.move_stages_count);
  const [a, b] = await Promise.all([loadDiffSnapshot(db, from, row.move_stages_count, stageNames), loadDiffSnapshot(db, to, row.move_stages_count, stageNames)]);
  return { success: true, from: summary(from), to: summary(to), changes: diffVersions(a, b) };
}

const summary = (v: VersionRow) => ({ id: v.id, versionNumber: v.version_number, status: v.status, createdAt: v.created_at, releasedAt: v.released_at });

/** One version as the diff reads it: services with benefit choices by name, budget groups with budgets, the popup. */
async function loadDiffSnapshot(db: DB, version: VersionRow, stagesCount: number, stageNames: string[]): Promise<VersionDiffSnapshot> {
  const [services, groups, popup] = await Promise.all([
    findStageServices(db, version.id).then((rows) => rows.filter((s) => s.move_stage <= stagesCount)),
    findBudgetGroups(db, version.id).then((rows) => rows.filter((g) => g.move_stage <= stagesCount)),
    db.selectFrom("policy_popups").select("display_relocation_and_ongoing_benefits").where("policy_version_id", "=", version.id).executeTakeFirst(),
  ]);
  const [benefits, budgets] = await Promise.all([findServiceBenefits(db, services.map((s) => s.id)), findBudgets(db, groups.map((g) => g.id))]);
  const setIds = [...new Set(benefits.map((b) => b.benefit_set_id))];
  const optionIds = [...new Set(benefits.flatMap((b) => (b.benefit_option_id === null ? [] : [b.benefit_option_id])))];
  const [sets, options] = await Promise.all([
    setIds.length === 0 ? [] : db.selectFrom("benefit_sets").select(["id", "name"]).where("id", "in", setIds).execute(),
    optionIds.length === 0 ? [] : db.selectFrom("benefit_options").select(["id", "name"]).where("id", "in", optionIds).execute(),
  ]);
  const setName = new Map(sets.map((s) => [s.id, s.name]));
  const optionName = new Map(options.map((o) => [o.id, o.name]));

  return {
    versionNumber: version.version_number,
    stageNames,
    services: services.map((s) => ({
      moveStage: s.move_stage,
      serviceKey: s.service_key,
      name: s.title?.trim() || s.service_name,
      policyType: s.service_policy_type,
      budgetGroup: s.budget_group,
      budgetType: s.budget_type,
      authorizationType: s.authorization_type,
      currency: s.currency,
      amount: s.amount,
      minAmount: s.min_amount,
      maxAmount: s.max_amount,
      rateFrequency: s.rate_frequency,
      flags: {
        addable: bool(s.addable),
        moveHub: bool(s.move_hub),
        provided: bool(s.provided),
        cashService: bool(s.cash_service),
        showAsMoveHubBudget: bool(s.show_as_move_hub_budget),
        amountCanBeNegative: bool(s.amount_can_be_negative),
      },
      benefits: benefits
        .filter((b) => b.policy_service_id === s.id)
        .map((b) => ({
          set: setName.get(b.benefit_set_id) ?? `#${b.benefit_set_id}`,
          option: b.benefit_option_id === null ? null : (optionName.get(b.benefit_option_id) ?? `#${b.benefit_option_id}`),
          value: b.value,
        })),
    })),
    budgetGroups: groups.map((g) => ({
      moveStage: g.move_stage,
      groupNumber: g.group_number,
      authType: g.auth_type,
      complexity: g.complexity,
      budgetType: g.budget_type,
      allowOutsideRange: g.allow_outside_range === 1,
      budgets: budgets
        .filter((x) => x.budget_group_id === g.id)
        .map((x) => ({ currency: x.currency, amount: x.amount, minAmount: x.min_amount, maxAmount: x.max_amount })),
    })),
    popup: { on: popup !== undefined, relocationAndOngoing: popup ? bool(popup.display_relocation_and_ongoing_benefits) : false },
  };
}
