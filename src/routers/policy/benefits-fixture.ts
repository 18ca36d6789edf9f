/**
 * Test data for the benefits, popup, catalogue and employee-view tests (not used by the app).
 * Inserts what the tests need directly — services, spend categories, benefit sets with options and
 * metadata lines, policies with versions, services, budgets and a move — beside whatever the demo
 * seed holds, with ids and names the seed does not use.
 */
import type { DB } from "../../db/index.ts";
import { SERVICE_CATALOGUE } from "../../domain/policy/catalogue.ts";

const now = () => new Date().toISOString();

export async function groupIdOf(db: DB, name: string): Promise<number> {
  return (await db.selectFrom("groups").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

export async function userIdOf(db: DB, email: string): Promise<number> {
  return (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

/** The catalogue services (kept when the seed already wrote them). */
export async function ensureServices(db: DB) {
  await db
    .insertInto("services")
    .values(
      SERVICE_CATALOGUE.map((s, i) => ({
        key: s.key,
        name: s.name,
        category: s.category,
        description: s.description,
        default_budget_type: s.defaultBudgetType,
        is_cash_flex: s.isCashFlex ? 1 : 0,
        cash_service: s.cashService ? 1 : 0,
        sort_order: i + 1,
      })),
    )
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

/** Spend categories 91000 (level 1) > 91100 (level 2, TEMPACCOMMODATION) > 91110, 91111 (hidden), 91112. */
export async function ensureSpendCategories(db: DB) {
  const rows = [
    { id: 91000, level: 1, description: "Fixture Relocation", parent_id: null, service_type: null, sdc_category: null, move_stages: null, hidden: 0 },
    { id: 91100, level: 2, description: "Fixture Housing", parent_id: 91000, service_type: "TEMPACCOMMODATION", sdc_category: "HOUSING", move_stages: null, hidden: 0 },
    { id: 91110, level: 3, description: "Fixture hotel nights", parent_id: 91100, service_type: null, sdc_category: null, move_stages: "1,2", hidden: 0 },
    { id: 91111, level: 3, description: "Fixture hotel hidden", parent_id: 91100, service_type: null, sdc_category: null, move_stages: "1", hidden: 1 },
    { id: 91112, level: 3, description: "Fixture parking", parent_id: 91100, service_type: null, sdc_category: null, move_stages: "2", hidden: 0 },
  ];
  for (const r of rows) {
    await db.insertInto("spend_categories").values(r).onConflict((oc) => oc.column("id").doNothing()).execute();
  }
}

export type SetFixture = { setId: number; optionIds: number[]; infoIds: number[] };

/** A benefit set with options, metadata infos and one global (or group, for a group set) line per option and info. */
export async function insertSet(
  db: DB,
  v: { serviceKey: string; groupId: number | null; name: string; groupNumber: number; optionType?: "REGULAR" | "CASH"; options: string[]; infos: string[]; formula?: string },
): Promise<SetFixture> {
  const set = await db
    .insertInto("benefit_sets")
    .values({ service_key: v.serviceKey, group_id: v.groupId, name: v.name, group_number: v.groupNumber, option_type: v.optionType ?? "REGULAR" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const optionIds: number[] = [];
  for (const [i, name] of v.options.entries()) {
    optionIds.push((await db.insertInto("benefit_options").values({ benefit_set_id: set.id, name, sort_order: i + 1 }).returning("id").executeTakeFirstOrThrow()).id);
  }
  const infoIds: number[] = [];
  for (const [i, name] of v.infos.entries()) {
    infoIds.push((await db.insertInto("metadata_infos").values({ benefit_set_id: set.id, name, sort_order: i + 1 }).returning("id").executeTakeFirstOrThrow()).id);
  }
  for (const optionId of optionIds) {
    for (const infoId of infoIds) {
      await db
        .insertInto("benefit_metadata")
        .values({ benefit_option_id: optionId, metadata_info_id: infoId, group_id: v.groupId, policy_id: null, formula: v.formula ?? "nights * 100", adjustment_formula: null, updated_at: now() })
        .execute();
    }
  }
  return { setId: set.id, optionIds, infoIds };
}

export type PolicyFixture = { policyId: number; versionIds: number[] };

/** A policy with versions of the given statuses (numbered from 1). */
export async function insertPolicy(
  db: DB,
  v: { groupId: number; name: string; stages?: number; programmeType?: "Standard" | "CoreFlex" | "LumpSum" | "ManagedBudget"; versions: ("DRAFT" | "RELEASED")[] },
): Promise<PolicyFixture> {
  const policy = await db
    .insertInto("policies")
    .values({
      group_id: v.groupId,
      name: v.name,
      move_type: "INTERNATIONAL",
      archetype: "PERMANENT_TRANSFER",
      move_stages_count: v.stages ?? 2,
      programme_type: v.programmeType ?? "Standard",
      created_at: now(),
      updated_at: now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const versionIds: number[] = [];
  for (const [i, status] of v.versions.entries()) {
    const row = await db
      .insertInto("policy_versions")
      .values({ policy_id: policy.id, version_number: i + 1, status, created_at: now(), released_at: status === "RELEASED" ? now() : null })
      .returning("id")
      .executeTakeFirstOrThrow();
    versionIds.push(row.id);
  }
  return { policyId: policy.id, versionIds };
}

export async function insertPolicyService(
  db: DB,
  v: {
    versionId: number;
    stage: number;
    serviceKey: string;
    type: number;
    title?: string;
    amount?: number;
    currency?: string;
    budgetGroup?: number;
    note?: string;
    attributes?: Record<string, string>;
  },
): Promise<number> {
  const row = await db
    .insertInto("policy_services")
    .values({
      policy_version_id: v.versionId,
      move_stage: v.stage,
      service_key: v.serviceKey,
      title: v.title ?? null,
      service_policy_type: v.type,
      budget_group: v.budgetGroup ?? 99,
      amount: v.amount ?? null,
      currency: v.currency ?? null,
      note: v.note ?? "",
      attributes: JSON.stringify(v.attributes ?? {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertBudget(db: DB, v: { versionId: number; stage: number; groupNumber: number; currency: string; amount: number }) {
  const group = await db
    .insertInto("budget_groups")
    .values({ policy_version_id: v.versionId, move_stage: v.stage, group_number: v.groupNumber })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("budgets").values({ budget_group_id: group.id, currency: v.currency, amount: v.amount }).execute();
}

export async function insertMove(db: DB, v: { groupId: number; employeeId: number; policyId: number; versionId: number }): Promise<number> {
  const row = await db
    .insertInto("moves")
    .values({ group_id: v.groupId, employee_user_id: v.employeeId, policy_id: v.policyId, policy_version_id: v.versionId, status: "open", created_at: now(), updated_at: now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rows of a table, for "nothing written" checks. */
export async function countOf(
  db: DB,
  table: "benefit_sets" | "benefit_options" | "metadata_infos" | "benefit_metadata" | "policy_popups" | "policy_popup_items" | "group_tags" | "audit_log",
): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}
