/**
 * PATCH …/services/{serviceName} (part 2 §4 service policy type and move hub; §5 submit rules and
 * numeric benefit values; §7; see services.ts): any subset of a stage service's fields, on a DRAFT
 * version, in one transaction with an audit row.
 */
import type { DB } from "../../db/index.ts";
import { findPolicyRow, findStageService, findStageServices } from "../../db/queries/policy/policy.ts";
import type { PolicyServiceTable } from "../../db/schema.ts";
import { AppError } from "../../domain/errors.ts";
import { toMajorString } from "../../domain/money/money.ts";
import { parseBudgetAmount, validateBudget } from "../../domain/policy/budget.ts";
import type { ServicePolicyType } from "../../domain/policy/catalogue.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import type { TServicePatch, TServiceResponse } from "../../domain/policy/schemas.ts";
import { applyServicePolicyType, checkAddable, checkMoveHub, parseBenefitValue } from "../../domain/policy/service-rules.ts";
import { assertPolicyRole, type VersionRef } from "./access.ts";
import { auditPolicy, bool, flag, parseAttributes, type PolicyActor } from "./common.ts";
import { fail, loadStageService } from "./services.ts";

type ServiceState = Pick<PolicyServiceTable, "title" | "service_policy_type" | "budget_type" | "authorization_type" | "currency" | "rate_frequency"> & {
  note: string;
  budget_group: number;
  amount: number | null;
  min_amount: number | null;
  max_amount: number | null;
  amount_can_be_negative: number;
  addable: number;
  move_hub: number;
  provided: number;
  cash_service: number;
  show_as_move_hub_budget: number;
  attributes: string;
};


/**
 * The benefit values of a service patch as numeric quantities (part 2 §5 "Numeric benefit values
 * must be numeric"): each non-empty value is parsed (commas stripped, non-negative, at most 2
 * decimals) and normalised; the first invalid one fails with its field `benefitGroups.<index>.value`.
 */
function parseBenefitGroupValues(groups: { value: string | null }[]): (string | null)[] {
  return groups.map((group, index) => {
    const parsed = parseBenefitValue(group.value);
    if (!parsed.ok) fail(`benefitGroups.${index}.value`, parsed.message);
    return parsed.value;
  });
}

/** Parses an amount field of a service in `currency`; null clears it. */
function parseServiceAmount(field: string, text: string | null, currency: string | null, serviceName: string): number | null {
  if (text === null) return null;
  if (text.trim() === "") return null;
  if (!currency) fail("currency", policyMessages.budgetCurrencyRequired(serviceName));
  const parsed = parseBudgetAmount(text, currency);
  if (!parsed.ok) fail(field, parsed.message);
  return parsed.minor;
}

/**
 * PATCH …/services/{serviceName}: any subset of the service's fields. A policy type change applies
 * its effects (4/5 leave the budget group, 1 forces a currency budget); the move hub is refused
 * while another service of the stage has it, unless `force` (which unsets the other); a service
 * that is not provided cannot be addable by HR; amounts are parsed in the service's currency and
 * checked like a budget (min ≤ amount ≤ max); clearing the amount clears the currency and the reverse.
 * Benefit values are numeric quantities (see `parseBenefitValue`); an invalid one writes nothing.
 */
export async function updateStageService(
  db: DB,
  actor: PolicyActor,
  version: VersionRef,
  stage: number,
  serviceKey: string,
  patch: TServicePatch,
  now = new Date(),
): Promise<TServiceResponse> {
  assertPolicyRole(actor.user, "write");
  return db.transaction().execute(async (trx) => {
    const row = await findStageService(trx, version.versionId, stage, serviceKey);
    if (!row) throw new AppError("NOT_FOUND", policyMessages.serviceNotFound);
    const name = row.service_name;
    const old: ServiceState = {
      title: row.title,
      service_policy_type: row.service_policy_type,
      budget_group: row.budget_group,
      budget_type: row.budget_type,
      authorization_type: row.authorization_type,
      note: row.note,
      currency: row.currency,
      rate_frequency: row.rate_frequency,
      amount: row.amount,
      min_amount: row.min_amount,
      max_amount: row.max_amount,
      amount_can_be_negative: row.amount_can_be_negative,
      addable: row.addable,
      move_hub: row.move_hub,
      provided: row.provided,
      cash_service: row.cash_service,
      show_as_move_hub_budget: row.show_as_move_hub_budget,
      attributes: row.attributes,
    };
    const next: ServiceState = { ...old };
    // Checked before anything is written.
    const benefitValues = patch.benefitGroups === undefined ? [] : parseBenefitGroupValues(patch.benefitGroups);

    if (patch.title !== undefined) next.title = patch.title === null || patch.title.trim() === "" ? null : patch.title.trim();
    if (patch.note !== undefined) next.note = patch.note;
    if (patch.amountCanBeNegative !== undefined) next.amount_can_be_negative = flag(patch.amountCanBeNegative);
    if (patch.addable !== undefined) next.addable = flag(patch.addable);
    if (patch.provided !== undefined) next.provided = flag(patch.provided);
    if (patch.cashService !== undefined) next.cash_service = flag(patch.cashService);
    if (patch.showAsMoveHubBudget !== undefined) next.show_as_move_hub_budget = flag(patch.showAsMoveHubBudget);
    if (patch.rateFrequency !== undefined) next.rate_frequency = patch.rateFrequency === "" ? null : patch.rateFrequency;
    if (patch.budgetType !== undefined) next.budget_type = patch.budgetType === "" ? null : patch.budgetType;
    if (patch.authorizationType !== undefined) next.authorization_type = patch.authorizationType === "" ? null : patch.authorizationType;
    if (patch.servicePolicyType !== undefined) next.service_policy_type = patch.servicePolicyType;
    if (patch.servicePolicyType !== undefined || patch.budgetType !== undefined) {
      const effect = applyServicePolicyType(next.service_policy_type as ServicePolicyType, {
        budgetGroup: next.budget_group,
        budgetType: next.budget_type,
      });
      next.budget_group = effect.budgetGroup;
      next.budget_type = effect.budgetType;
    }

    // Money: currency first (amounts are minor units of it); clearing one clears the other.
    if (patch.currency !== undefined) {
      const currency = patch.currency === null || patch.currency === "" ? null : patch.currency;
      if (currency !== null) {
        const known = await trx.selectFrom("currencies").select("code").where("code", "=", currency).executeTakeFirst();
        if (!known) fail("currency", `Unknown currency ${currency}`);
      }
      next.currency = currency;
    }
    const clearsAmount = patch.amount === null || (typeof patch.amount === "string" && patch.amount.trim() === "");
    if (clearsAmount && patch.currency === undefined) next.currency = null;
    const currencyChanged = next.currency !== old.currency;
    const amountOf = (field: "amount" | "min_amount" | "max_amount", patchValue: string | null | undefined, label: string) => {
      if (next.currency === null) return null;
      if (patchValue !== undefined) return parseServiceAmount(label, patchValue, next.currency, name);
      const current = old[field];
      if (current === null || !currencyChanged) return current;
      if (!old.currency) return null;
      // The same major-unit amount in the new currency.
      return parseServiceAmount(label, toMajorString({ amount: current, currency: old.currency }), next.currency, name);
    };
    const pending = [patch.amount, patch.minAmount, patch.maxAmount].some((v) => typeof v === "string" && v.trim() !== "");
    if (next.currency === null && pending && !clearsAmount) fail("currency", policyMessages.budgetCurrencyRequired(name));
    next.amount = amountOf("amount", patch.amount, "amount");
    next.min_amount = amountOf("min_amount", patch.minAmount, "minAmount");
    next.max_amount = amountOf("max_amount", patch.maxAmount, "maxAmount");
    const budgetErrors = validateBudget({ currency: next.currency, amount: next.amount, minAmount: next.min_amount, maxAmount: next.max_amount });
    // A currency chosen before its amount is a step of the form; release validation asks for the amount.
    if (next.amount === null) delete budgetErrors.amount;
    const firstBudgetError = Object.values(budgetErrors)[0];
    if (firstBudgetError) throw new AppError("VALIDATION", firstBudgetError, budgetErrors as Record<string, string>);

    const addableError = checkAddable(name, bool(next.provided), bool(next.addable));
    if (addableError) fail("addable", addableError);

    // Move hub: one per stage; `force` takes it from the current one.
    let unset: string[] = [];
    if (patch.moveHub === true && old.move_hub !== 1) {
      const stageServices = await findStageServices(trx, version.versionId, stage);
      const check = checkMoveHub(
        stageServices.map((s) => ({ serviceKey: s.service_key, serviceName: s.service_name, moveHub: s.move_hub === 1 })),
        row.service_key,
        patch.force ?? false,
      );
      if (!check.ok) throw new AppError("CONFLICT", check.message, { moveHub: check.message, current: check.current });
      unset = check.unset;
      if (unset.length > 0) {
        await trx
          .updateTable("policy_services")
          .set({ move_hub: 0 })
          .where("policy_version_id", "=", version.versionId)
          .where("move_stage", "=", stage)
          .where("service_key", "in", unset)
          .execute();
      }
    }
    if (patch.moveHub !== undefined) next.move_hub = flag(patch.moveHub);

    // Attributes: set values, then clear `propertiesToDelete`.
    if (patch.attributes !== undefined || patch.attributeGroups !== undefined || patch.propertiesToDelete !== undefined) {
      const attrs = parseAttributes(old.attributes);
      for (const [k, v] of Object.entries(patch.attributes ?? {})) attrs[k] = v;
      for (const { key, value } of patch.attributeGroups ?? []) {
        if (value === null || value.trim() === "") delete attrs[key];
        else attrs[key] = value;
      }
      for (const k of patch.propertiesToDelete ?? []) delete attrs[k];
      next.attributes = JSON.stringify(attrs);
    }

    await trx.updateTable("policy_services").set(next).where("id", "=", row.id).execute();

    // Benefits: each named benefit set's choice (options and numeric value) replaces the previous one.
    let benefitChanges: unknown = undefined;
    if (patch.benefitGroups !== undefined) {
      benefitChanges = patch.benefitGroups.map((group, index) => ({ ...group, value: benefitValues[index] ?? null }));
      const policyRow = await findPolicyRow(trx, version.id);
      for (const [index, group] of patch.benefitGroups.entries()) {
        const set = await trx.selectFrom("benefit_sets").selectAll().where("id", "=", group.id).executeTakeFirst();
        if (!set || set.service_key !== row.service_key || (set.group_id !== null && set.group_id !== policyRow?.group_id)) {
          fail("benefitGroups", policyMessages.benefitNotFound, "VALIDATION");
        }
        const optionIds = [...new Set(group.options)];
        if (optionIds.length > 0) {
          const found = await trx
            .selectFrom("benefit_options")
            .select("id")
            .where("benefit_set_id", "=", set.id)
            .where("id", "in", optionIds)
            .execute();
          if (found.length !== optionIds.length) fail("benefitGroups", policyMessages.benefitNotFound);
        }
        await trx.deleteFrom("policy_service_benefits").where("policy_service_id", "=", row.id).where("benefit_set_id", "=", set.id).execute();
        const value = benefitValues[index] ?? null;
        const rows = optionIds.length > 0
          ? optionIds.map((o) => ({ policy_service_id: row.id, benefit_set_id: set.id, benefit_option_id: o, value }))
          : value !== null
            ? [{ policy_service_id: row.id, benefit_set_id: set.id, benefit_option_id: null, value }]
            : [];
        if (rows.length > 0) await trx.insertInto("policy_service_benefits").values(rows).execute();
      }
    }

    await auditPolicy(trx, actor, {
      groupId: version.groupId,
      entity: "policy_service",
      entityId: row.id,
      action: "policyServiceUpdated",
      oldValues: old,
      newValues: { ...next, ...(benefitChanges === undefined ? {} : { benefitGroups: benefitChanges }), ...(unset.length ? { moveHubUnset: unset } : {}) },
    }, now);
    const service = await loadStageService(trx, version, stage, row.service_key);
    return unset.length > 0 ? { success: true as const, service, unset } : { success: true as const, service };
  });
}
