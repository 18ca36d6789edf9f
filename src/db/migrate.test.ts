import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "kysely";
import { migrateDown, migrateToLatest } from "./migrate.ts";
import { demoGroups, demoUsers, seedAll, seedDemoData, seedTranslations } from "./seed.ts";
import { en } from "../domain/i18n/en.ts";
import { countRows, createTestDatabase, type TestDatabase } from "../test/db.ts";

import { migrations } from "../../migrations/index.ts";

const ALL = Object.keys(migrations);
const TABLES = ["manager_restrictions", "manager_geo_restrictions", "groups", "users", "sessions", "login_throttle", "audit_log", "translations", "currencies", "exchange_rates", "countries", "states", "cities", "outbox", "account_tokens", "group_sso_settings", "sso_login_states",
  "services", "service_attributes", "service_attribute_configurations", "spend_categories", "group_tags", "policies", "policy_tags", "policy_versions", "benefit_sets", "benefit_options", "metadata_infos", "benefit_metadata", "policy_services", "policy_service_benefits", "budget_groups", "budgets", "budget_group_rates", "policy_popups", "policy_popup_stages", "policy_popup_items", "moves", "user_properties",
  "move_family_members", "move_service_overrides", "move_budget_overrides", "form_sections", "form_fields", "form_prefill_values", "splash_contents",
  "move_estimate_details", "cost_estimates", "jobs", "city_indices", "reference_data_versions", "client_errors", "terms_form_fields",
  "estimate_approval_links", "move_hub_items", "user_widget_prefs", "feedback", "splash_views", "neighbourhoods", "neighbourhood_favourites", "office_preferences", "property_clicks", "service_visits", "file_categories", "employee_files",
  "move_budget_edits", "expenses", "social_links", "social_identities", "social_login_states", "supplier_quotes", "move_hr_notes", "move_manager_notes", "welcome_popups", "welcome_call_requests", "notifications", "notification_preferences", "reports", "report_favourites", "report_filter_defaults", "report_permissions", "report_field_overrides", "crm_reminders", "third_party_dashboards", "dashboard_origins", "report_reminders", "report_reminder_opt_ins", "report_unsubscriptions", "report_reminder_sends", "scheduler_leases", "reporting_secrets", "chart_reports", "user_saved_charts", "tags", "user_tags", "group_options", "group_hr_settings", "assignment_actions", "bulk_import_rows", "incidents", "dashboard_data_versions",
  "finance_companies", "finance_subgroups", "finance_accounts", "finance_entries", "employee_bank_accounts", "finance_lock_periods", "finance_rejection_reasons", "finance_items", "finance_recurring_payments", "bills", "bill_lines", "payments", "finance_idempotency", "finance_approval_drafts", "finance_auto_approval_rules", "finance_payment_batches", "finance_payment_batch_bills"];

/** This database's tables (on PostgreSQL only those of its own schema: introspection lists every schema). */
async function tableNames(t: TestDatabase): Promise<string[]> {
  const own = t.dialect === "postgres" ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]?.s : undefined;
  const tables = await t.db.introspection.getTables();
  return tables.filter((x) => own === undefined || x.schema === own).map((x) => x.name).sort();
}

describe("migrations", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ migrate: false });
  });
  afterAll(() => t.close());

  test("apply to an empty database, then have nothing left to do", async () => {
    expect(await tableNames(t)).toEqual([]);
    expect(ALL[0]).toBe("20261122050000_foundation");
    expect(await migrateToLatest(t.db)).toEqual(ALL);
    expect(await tableNames(t)).toEqual([...TABLES].sort());
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  test("roll back completely and apply again", async () => {
    for (const name of [...ALL].reverse()) expect(await migrateDown(t.db)).toEqual([name]);
    expect(await tableNames(t)).toEqual([]);
    expect(await migrateToLatest(t.db)).toEqual(ALL);
    expect(await tableNames(t)).toEqual([...TABLES].sort());
  });

  test("a second database of the same dialect migrates on its own (one schema each on PostgreSQL)", async () => {
    const other = await createTestDatabase({ migrate: false });
    try {
      expect(await migrateToLatest(other.db)).toEqual(ALL);
      expect(await countRows(other.db, "groups")).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe("seed", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ reference: { cities: "none" } });
  });
  afterAll(() => t.close());

  test("demo groups and accounts, with the demo password hashed", async () => {
    const groups = await t.db.selectFrom("groups").select(["name", "display_name", "status"]).orderBy("name").execute();
    expect(groups).toEqual(demoGroups.map((g) => ({ name: g.name, display_name: g.displayName, status: "ACTIVE" })));
    const users = await t.db.selectFrom("users").select(["email", "role", "password_hash", "activation_state"]).execute();
    expect(users.map((u) => u.email).sort()).toEqual(demoUsers.map((u) => u.email).sort());
    const passwordHashed = (u: (typeof users)[number]) => (u.email === "sso@initech.test" ? u.password_hash === null : u.password_hash?.startsWith("$argon2id$"));
    expect(users.every((u) => u.activation_state === "ACTIVE" && passwordHashed(u))).toBe(true);
    expect(await countRows(t.db, "translations")).toBeGreaterThan(50);
    expect(await countRows(t.db, "sessions")).toBe(0);
  });

  test("seeding again adds nothing", async () => {
    const users = await countRows(t.db, "users");
    const translations = await countRows(t.db, "translations");
    expect(await seedDemoData(t.db)).toBe(false);
    await seedAll(t.db, { demo: true, reference: { cities: "none" }, wizardDemo: false });
    expect(await countRows(t.db, "users")).toBe(users);
    expect(await countRows(t.db, "translations")).toBe(translations);
  });

  test("a text added to en.ts since the last start is added; texts an admin edited are kept", async () => {
    await t.db.deleteFrom("translations").where("msg_key", "=", "login.title").where("group_id", "is", null).execute();
    await t.db.updateTable("translations").set({ msg_value: "Edited by an admin" }).where("msg_key", "=", "login.signIn").execute();
    expect(await seedTranslations(t.db)).toBe(1);
    const rows = await t.db.selectFrom("translations").select(["msg_key", "msg_value"]).where("msg_key", "in", ["login.title", "login.signIn"]).orderBy("msg_key").execute();
    expect(rows).toEqual([
      { msg_key: "login.signIn", msg_value: "Edited by an admin" },
      { msg_key: "login.title", msg_value: en["login.title"] },
    ]);
    expect(await seedTranslations(t.db)).toBe(0);
  });

  test("cities: none seeds no cities but every country", async () => {
    const cities = await t.db.selectFrom("cities").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(cities.n)).toBe(0);
    const countries = await t.db.selectFrom("countries").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(countries.n)).toBe(250);
  });
});
