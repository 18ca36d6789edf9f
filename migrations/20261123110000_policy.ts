// Policy configuration: the service catalogue and its attributes, spend categories, benefit sets
// (global defaults, group and policy overrides), tags, policies with versions, the services,
// budget groups, budgets and rates of each move stage, popups, and the minimal move record that
// ties an employee to the policy version they started on. Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);

  await db.schema
    .createTable("services")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("default_budget_type", "text")
    .addColumn("is_cash_flex", "integer", flag)
    .addColumn("cash_service", "integer", flag)
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("service_attributes")
    .addColumn("id", "integer", id)
    .addColumn("service_key", "text", (c) => c.notNull().references("services.key").onDelete("cascade"))
    .addColumn("attr_key", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("input_type", "text", (c) => c.notNull())
    .addColumn("options", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("data_fill_level", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("visible_to_hr", "integer", flag)
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("service_attributes_uq", ["service_key", "attr_key"])
    .execute();

  await db.schema
    .createTable("spend_categories")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("level", "integer", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("parent_id", "integer", (c) => c.references("spend_categories.id").onDelete("restrict"))
    .addColumn("hidden", "integer", flag)
    .addColumn("is_budget_cash_out", "integer", flag)
    .addColumn("cash_service_id", "text")
    .addColumn("service_type", "text")
    .addColumn("sdc_category", "text")
    .addColumn("move_stages", "text")
    .execute();
  await db.schema.createIndex("spend_categories_parent_idx").on("spend_categories").column("parent_id").execute();

  await db.schema
    .createTable("group_tags")
    .addColumn("id", "integer", id)
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addUniqueConstraint("group_tags_uq", ["group_id", "name"])
    .execute();

  await db.schema
    .createTable("policies")
    .addColumn("id", "integer", id)
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("restrict"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("move_type", "text", (c) => c.notNull())
    .addColumn("archetype", "text", (c) => c.notNull())
    .addColumn("move_stages_count", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sort_order", "integer")
    .addColumn("popup_displayed", "integer", flag)
    .addColumn("estimate_type", "text", (c) => c.notNull().defaultTo("NONE"))
    .addColumn("estimate_provider", "text")
    .addColumn("estimate_package", "text")
    .addColumn("exclude_compensation", "integer", flag)
    .addColumn("balance_sheet_enabled", "integer", flag)
    .addColumn("balance_sheet_currency_type", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("ACTIVE"))
    .addColumn("welcome_call_duration", "integer")
    .addColumn("programme_type", "text", (c) => c.notNull().defaultTo("Standard"))
    .addColumn("hr_dashboard", "integer", flag)
    .addColumn("no_ma_owner", "integer", flag)
    .addColumn("uses_ewallet", "integer", flag)
    .addColumn("no_welcome_call", "integer", flag)
    .addColumn("no_welcome_email", "integer", flag)
    .addColumn("city_guide_only", "integer", flag)
    .addColumn("include_user_preferences", "integer", flag)
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("policies_group_idx").on("policies").columns(["group_id", "name"]).execute();

  await db.schema
    .createTable("policy_tags")
    .addColumn("policy_id", "integer", (c) => c.notNull().references("policies.id").onDelete("cascade"))
    .addColumn("tag_id", "integer", (c) => c.notNull().references("group_tags.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("policy_tags_pk", ["policy_id", "tag_id"])
    .execute();

  await db.schema
    .createTable("policy_versions")
    .addColumn("id", "integer", id)
    .addColumn("policy_id", "integer", (c) => c.notNull().references("policies.id").onDelete("cascade"))
    .addColumn("version_number", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("released_at", "text")
    .addColumn("released_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addUniqueConstraint("policy_versions_uq", ["policy_id", "version_number"])
    .execute();

  await db.schema
    .createTable("benefit_sets")
    .addColumn("id", "integer", id)
    .addColumn("service_key", "text", (c) => c.notNull().references("services.key").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.references("groups.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("group_number", "integer", (c) => c.notNull())
    .addColumn("sdc_id", "integer", (c) => c.references("spend_categories.id").onDelete("set null"))
    .addColumn("option_type", "text", (c) => c.notNull().defaultTo("REGULAR"))
    .addColumn("custom", "integer", flag)
    .addColumn("affects_cost_estimate", "integer", flag)
    .addColumn("inactive", "integer", flag)
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("benefit_sets_service_idx").on("benefit_sets").columns(["service_key", "group_id"]).execute();

  await db.schema
    .createTable("benefit_options")
    .addColumn("id", "integer", id)
    .addColumn("benefit_set_id", "integer", (c) => c.notNull().references("benefit_sets.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("inactive", "integer", flag)
    .execute();
  await db.schema.createIndex("benefit_options_set_idx").on("benefit_options").column("benefit_set_id").execute();

  await db.schema
    .createTable("metadata_infos")
    .addColumn("id", "integer", id)
    .addColumn("benefit_set_id", "integer", (c) => c.notNull().references("benefit_sets.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("metadata_infos_set_idx").on("metadata_infos").column("benefit_set_id").execute();

  // One row per (option, metadata info, scope): group_id and policy_id both NULL is the global
  // default, group_id alone a group override, policy_id (with its group) a policy override.
  await db.schema
    .createTable("benefit_metadata")
    .addColumn("id", "integer", id)
    .addColumn("benefit_option_id", "integer", (c) => c.notNull().references("benefit_options.id").onDelete("cascade"))
    .addColumn("metadata_info_id", "integer", (c) => c.notNull().references("metadata_infos.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.references("groups.id").onDelete("cascade"))
    .addColumn("policy_id", "integer", (c) => c.references("policies.id").onDelete("cascade"))
    .addColumn("formula", "text", (c) => c.notNull())
    .addColumn("adjustment_formula", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("benefit_metadata_lookup_idx")
    .on("benefit_metadata")
    .columns(["benefit_option_id", "metadata_info_id"])
    .execute();

  await db.schema
    .createTable("policy_services")
    .addColumn("id", "integer", id)
    .addColumn("policy_version_id", "integer", (c) => c.notNull().references("policy_versions.id").onDelete("cascade"))
    .addColumn("move_stage", "integer", (c) => c.notNull())
    .addColumn("service_key", "text", (c) => c.notNull().references("services.key").onDelete("restrict"))
    .addColumn("title", "text")
    .addColumn("service_policy_type", "integer", (c) => c.notNull())
    .addColumn("budget_group", "integer", (c) => c.notNull().defaultTo(99))
    .addColumn("budget_type", "text")
    .addColumn("authorization_type", "text")
    .addColumn("min_amount", "integer")
    .addColumn("max_amount", "integer")
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("amount_can_be_negative", "integer", flag)
    .addColumn("addable", "integer", flag)
    .addColumn("move_hub", "integer", flag)
    .addColumn("provided", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("cash_service", "integer", flag)
    .addColumn("show_as_move_hub_budget", "integer", flag)
    .addColumn("currency", "text")
    .addColumn("rate_frequency", "text")
    .addColumn("amount", "integer")
    .addColumn("attributes", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("policy_services_uq", ["policy_version_id", "move_stage", "service_key"])
    .execute();

  await db.schema
    .createTable("policy_service_benefits")
    .addColumn("id", "integer", id)
    .addColumn("policy_service_id", "integer", (c) => c.notNull().references("policy_services.id").onDelete("cascade"))
    .addColumn("benefit_set_id", "integer", (c) => c.notNull().references("benefit_sets.id").onDelete("restrict"))
    .addColumn("benefit_option_id", "integer", (c) => c.references("benefit_options.id").onDelete("restrict"))
    .addColumn("value", "text")
    .execute();
  await db.schema
    .createIndex("policy_service_benefits_service_idx")
    .on("policy_service_benefits")
    .column("policy_service_id")
    .execute();

  await db.schema
    .createTable("budget_groups")
    .addColumn("id", "integer", id)
    .addColumn("policy_version_id", "integer", (c) => c.notNull().references("policy_versions.id").onDelete("cascade"))
    .addColumn("move_stage", "integer", (c) => c.notNull())
    .addColumn("group_number", "integer", (c) => c.notNull())
    .addColumn("auth_type", "text", (c) => c.notNull().defaultTo("NONE"))
    .addColumn("complexity", "text", (c) => c.notNull().defaultTo("simple"))
    .addUniqueConstraint("budget_groups_uq", ["policy_version_id", "move_stage", "group_number"])
    .execute();

  await db.schema
    .createTable("budgets")
    .addColumn("id", "integer", id)
    .addColumn("budget_group_id", "integer", (c) => c.notNull().references("budget_groups.id").onDelete("cascade"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("min_amount", "integer")
    .addColumn("max_amount", "integer")
    .execute();
  await db.schema.createIndex("budgets_group_idx").on("budgets").column("budget_group_id").execute();

  await db.schema
    .createTable("budget_group_rates")
    .addColumn("id", "integer", id)
    .addColumn("budget_group_id", "integer", (c) => c.notNull().references("budget_groups.id").onDelete("cascade"))
    .addColumn("country_code", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("frequency", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("budget_group_rates_group_idx").on("budget_group_rates").column("budget_group_id").execute();

  await db.schema
    .createTable("policy_popups")
    .addColumn("policy_version_id", "integer", (c) => c.primaryKey().references("policy_versions.id").onDelete("cascade"))
    .addColumn("header", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("paragraph_top", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("paragraph_bottom", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("display_relocation_and_ongoing_benefits", "integer", flag)
    .execute();

  await db.schema
    .createTable("policy_popup_stages")
    .addColumn("policy_version_id", "integer", (c) => c.notNull().references("policy_popups.policy_version_id").onDelete("cascade"))
    .addColumn("move_stage", "integer", (c) => c.notNull())
    .addColumn("header", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("move_stage_header", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("blurb", "text", (c) => c.notNull().defaultTo(""))
    .addPrimaryKeyConstraint("policy_popup_stages_pk", ["policy_version_id", "move_stage"])
    .execute();

  await db.schema
    .createTable("policy_popup_items")
    .addColumn("id", "integer", id)
    .addColumn("policy_version_id", "integer", (c) => c.notNull().references("policy_popups.policy_version_id").onDelete("cascade"))
    .addColumn("move_stage", "integer", (c) => c.notNull())
    .addColumn("service_key", "text", (c) => c.notNull().references("services.key").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("policy_popup_items_uq", ["policy_version_id", "move_stage", "service_key"])
    .execute();

  // The employee's move as far as policies need it: the version it was started on. The wizard
  // issue extends this table with the initiation details.
  await db.schema
    .createTable("moves")
    .addColumn("id", "integer", id)
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("restrict"))
    .addColumn("employee_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("restrict"))
    .addColumn("policy_id", "integer", (c) => c.notNull().references("policies.id").onDelete("restrict"))
    .addColumn("policy_version_id", "integer", (c) => c.notNull().references("policy_versions.id").onDelete("restrict"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("current_move_stage", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("moves_group_idx").on("moves").columns(["group_id", "status"]).execute();
  await db.schema.createIndex("moves_policy_idx").on("moves").column("policy_id").execute();
  await db.schema.createIndex("moves_employee_idx").on("moves").column("employee_user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "moves",
    "policy_popup_items",
    "policy_popup_stages",
    "policy_popups",
    "budget_group_rates",
    "budgets",
    "budget_groups",
    "policy_service_benefits",
    "policy_services",
    "benefit_metadata",
    "metadata_infos",
    "benefit_options",
    "benefit_sets",
    "policy_versions",
    "policy_tags",
    "policies",
    "group_tags",
    "spend_categories",
    "service_attributes",
    "services",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
