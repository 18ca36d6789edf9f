// The new-move wizard and the form builder (part 1 §§2–5 wizard, part 2 form builder): the move's
// initiation data (cities, dates, the initiation form's values, the stage the wizard reached),
// per-move policy overrides (services, benefits, budgets), family members, per-group initiation
// forms (sections, fields, prefill master → slave values) and splash texts.
// Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

const MOVE_COLUMNS: Array<[string, "text" | "integer", (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder]> = [
  ["origin_country_code", "text", (c) => c],
  ["origin_state", "text", (c) => c],
  ["origin_city_id", "integer", (c) => c],
  ["origin_city_name", "text", (c) => c],
  ["destination_country_code", "text", (c) => c],
  ["destination_state", "text", (c) => c],
  ["destination_city_id", "integer", (c) => c],
  ["destination_city_name", "text", (c) => c],
  ["move_date", "text", (c) => c],
  ["assignment_start_date", "text", (c) => c],
  ["assignment_end_date", "text", (c) => c],
  ["wizard_stage", "integer", (c) => c.notNull().defaultTo(1)],
  ["skip_ce", "integer", flag],
  ["form_values", "text", (c) => c.notNull().defaultTo("{}")],
  ["created_by", "integer", (c) => c],
  ["initiated_at", "text", (c) => c],
  ["initiated_by", "integer", (c) => c],
  ["cancelled_at", "text", (c) => c],
];

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);

  // SQLite adds one column per ALTER TABLE statement.
  for (const [name, type, build] of MOVE_COLUMNS) {
    await db.schema.alterTable("moves").addColumn(name, type, build).execute();
  }
  await db.schema.createIndex("moves_group_updated_idx").on("moves").columns(["group_id", "updated_at"]).execute();

  await db.schema
    .createTable("move_family_members")
    .addColumn("id", "integer", id)
    .addColumn("move_id", "integer", (c) => c.notNull().references("moves.id").onDelete("cascade"))
    .addColumn("relationship", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("date_of_birth", "text")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("move_family_members_move_idx").on("move_family_members").column("move_id").execute();

  await db.schema
    .createTable("move_service_overrides")
    .addColumn("id", "integer", id)
    .addColumn("move_id", "integer", (c) => c.notNull().references("moves.id").onDelete("cascade"))
    .addColumn("move_stage", "integer", (c) => c.notNull())
    .addColumn("service_key", "text", (c) => c.notNull().references("services.key"))
    .addColumn("selected", "integer", flag)
    .addColumn("benefit_option_id", "integer", (c) => c.references("benefit_options.id").onDelete("set null"))
    .addColumn("amount", "integer")
    .addColumn("currency", "text")
    .addUniqueConstraint("move_service_overrides_unique", ["move_id", "move_stage", "service_key"])
    .execute();

  await db.schema
    .createTable("move_budget_overrides")
    .addColumn("move_id", "integer", (c) => c.notNull().references("moves.id").onDelete("cascade"))
    .addColumn("move_stage", "integer", (c) => c.notNull())
    .addColumn("group_number", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("move_budget_overrides_pk", ["move_id", "move_stage", "group_number"])
    .execute();

  await db.schema
    .createTable("form_sections")
    .addColumn("id", "integer", id)
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("added", "integer", flag)
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("form_sections_group_idx").on("form_sections").column("group_id").execute();

  await db.schema
    .createTable("form_fields")
    .addColumn("id", "integer", id)
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("section_id", "integer", (c) => c.references("form_sections.id").onDelete("set null"))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("model_name", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("form_type", "text", (c) => c.notNull())
    .addColumn("data_type", "text", (c) => c.notNull())
    .addColumn("placeholder", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("validator", "text")
    .addColumn("xlate_key", "text")
    .addColumn("tooltip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("available_values", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("mapping_parent", "text")
    .addColumn("mapping_field", "text")
    .addColumn("data_parent", "text")
    .addColumn("iterator_factory_method", "text")
    .addColumn("policy_version_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("excluded_policy_version_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("dependency_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("parent_field_id", "integer")
    .addColumn("shown", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("read_only", "integer", flag)
    .addColumn("mandatory", "integer", flag)
    .addColumn("draft_mandatory", "integer", flag)
    .addColumn("excluded", "integer", flag)
    .addColumn("core", "integer", flag)
    .addColumn("basic_ce", "integer", flag)
    .addColumn("advanced_ce", "integer", flag)
    .addColumn("clone", "integer", flag)
    .addColumn("can_be_deleted", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("master", "integer", flag)
    .addColumn("slave", "integer", flag)
    .addColumn("in_initiation_summary", "integer", flag)
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("form_fields_model_unique", ["group_id", "model_name"])
    .execute();
  await db.schema.createIndex("form_fields_section_idx").on("form_fields").column("section_id").execute();

  await db.schema
    .createTable("form_prefill_values")
    .addColumn("id", "integer", id)
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("master_field_id", "integer", (c) => c.notNull().references("form_fields.id").onDelete("cascade"))
    .addColumn("master_value", "text", (c) => c.notNull())
    .addColumn("slave_field_id", "integer", (c) => c.notNull().references("form_fields.id").onDelete("cascade"))
    .addColumn("slave_value", "text", (c) => c.notNull())
    .addColumn("policy_version_id", "integer", (c) => c.references("policy_versions.id").onDelete("cascade"))
    .execute();
  await db.schema
    .createIndex("form_prefill_master_idx")
    .on("form_prefill_values")
    .columns(["master_field_id", "master_value"])
    .execute();

  await db.schema
    .createTable("splash_contents")
    .addColumn("id", "integer", id)
    .addColumn("area", "text", (c) => c.notNull())
    .addColumn("splash_key", "text", (c) => c.notNull())
    .addColumn("group_id", "integer", (c) => c.references("groups.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "splash_contents",
    "form_prefill_values",
    "form_fields",
    "form_sections",
    "move_budget_overrides",
    "move_service_overrides",
    "move_family_members",
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex("moves_group_updated_idx").execute();
  for (const [name] of [...MOVE_COLUMNS].reverse()) {
    await db.schema.alterTable("moves").dropColumn(name).execute();
  }
}
