// Tags admin and the HR-settings extension reasons (issue 15; part 2 §2 "Admin tags page", §3 "Tag: tagId,
// tagName; group-tag association: tagId, groupId, status", "HR settings: extension reasons (id, optionValue,
// defaultValue), enableExtensionReason flag"; part 1 §7 tag allocations of users).
// - tags: the platform's tag catalogue (one row per name, compared without case). Filled here from the
//   names the groups already use (group_tags).
// - group_tags (existing, the policy area's tags of a group) gains `status` (ACTIVE | INACTIVE): a
//   group_tags row IS the association of a catalogue tag (same name) with a group.
// - user_tags: tags allocated to a user (a manager) of the group; deleted with the association.
// - group_options: a group's option lists; optionGroup EMPLOYEE_MOVE_STAGE_EXT holds the extension
//   reasons. `value_key` is the lower-cased value, unique per group and option group (parallel identical
//   adds leave one row); a partial unique index keeps one default per group and option group.
// - group_hr_settings: one row per group with the enableExtensionReason flag (0/1).
// Timestamps: ISO-8601 UTC. Frozen: imports nothing from src/.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tags")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tags_name_uq").on("tags").column("name_key").unique().execute();
  const now = new Date().toISOString();
  const names = await db.selectFrom("group_tags").select("name").orderBy("id").execute();
  const seen = new Set<string>();
  for (const { name } of names as { name: string }[]) {
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    await db.insertInto("tags").values({ name, name_key: key, created_at: now }).execute();
  }

  await db.schema.alterTable("group_tags").addColumn("status", "text", (c) => c.notNull().defaultTo("ACTIVE")).execute();

  await db.schema
    .createTable("user_tags")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("group_tag_id", "integer", (c) => c.notNull().references("group_tags.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("user_tags_pk", ["user_id", "group_tag_id"])
    .execute();
  await db.schema.createIndex("user_tags_tag_idx").on("user_tags").column("group_tag_id").execute();

  await db.schema
    .createTable("group_options")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("option_group", "text", (c) => c.notNull())
    .addColumn("option_value", "text", (c) => c.notNull())
    .addColumn("value_key", "text", (c) => c.notNull())
    .addColumn("default_value", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("group_options_value_uq").on("group_options").columns(["group_id", "option_group", "value_key"]).unique().execute();
  await sql`create unique index group_options_default_uq on group_options (group_id, option_group) where default_value = 1`.execute(db);

  await db.schema
    .createTable("group_hr_settings")
    .addColumn("group_id", "integer", (c) => c.primaryKey().references("groups.id").onDelete("cascade"))
    .addColumn("extension_reason_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("group_hr_settings").execute();
  await db.schema.dropTable("group_options").execute();
  await db.schema.dropTable("user_tags").execute();
  await db.schema.alterTable("group_tags").dropColumn("status").execute();
  await db.schema.dropTable("tags").execute();
}
