// Service attribute visibility per group and per policy (part 2 §3 "Service attribute: attribute
// id, viewableByHR, policyId, service type"; §7 PUT /api/v1/services/{serviceType}/attributes/{id}/
// configurations with {groupName, viewableByHR} or {policyId, viewableByHR}). A row overrides the
// catalogue's visible_to_hr for one group (policy_id null) or one policy of that group. One row per
// attribute and group, and per attribute and policy: partial unique indexes, written with
// insert … on conflict, so parallel identical saves leave one row. Frozen: imports nothing from src/.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("service_attribute_configurations")
    .addColumn("id", "integer", (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn("attribute_id", "integer", (c) => c.notNull().references("service_attributes.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("policy_id", "integer", (c) => c.references("policies.id").onDelete("cascade"))
    .addColumn("viewable_by_hr", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("service_attribute_configurations_group_uq")
    .on("service_attribute_configurations")
    .columns(["attribute_id", "group_id"])
    .unique()
    .where(sql.ref("policy_id"), "is", null)
    .execute();
  await db.schema
    .createIndex("service_attribute_configurations_policy_uq")
    .on("service_attribute_configurations")
    .columns(["attribute_id", "policy_id"])
    .unique()
    .where(sql.ref("policy_id"), "is not", null)
    .execute();
  await db.schema
    .createIndex("service_attribute_configurations_group_idx")
    .on("service_attribute_configurations")
    .column("group_id")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("service_attribute_configurations").execute();
}
