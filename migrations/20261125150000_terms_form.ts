// The terms form (part 2 §3 "Terms form: userType, email, firstName, lastName, moveDate, plus
// configurable fields"): the configurable fields of each group's terms form, and the values a
// user gave when accepting. HR of the group (or an admin) configures the fields; the form's own
// fields (userType, email, firstName, lastName, moveDate) are fixed and not stored here.
// Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("terms_form_fields")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    /** Letters and digits; the name the value is posted under. */
    .addColumn("model_name", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    /** text | date | select | checkbox */
    .addColumn("field_type", "text", (c) => c.notNull())
    .addColumn("mandatory", "integer", (c) => c.notNull().defaultTo(0))
    /** JSON array of strings (the choices of a select). */
    .addColumn("available_values", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("terms_form_fields_group_model_key").on("terms_form_fields").columns(["group_id", "model_name"]).unique().execute();
  /** JSON object: model name → value, as given with the last acceptance. */
  await db.schema.alterTable("users").addColumn("terms_form_values", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("terms_form_values").execute();
  await db.schema.dropTable("terms_form_fields").execute();
}
