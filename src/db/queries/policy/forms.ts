/**
 * Reads and writes of the per-group initiation forms (form_sections, form_fields,
 * form_prefill_values). The form-builder services own the writes; the wizard reads through
 * these functions.
 */
import type { Insertable, Updateable } from "kysely";
import type { DB } from "../../index.ts";
import type { FormFieldTable } from "../../schema.ts";

/** The group's sections (added and available), in order. */
export function findFormSections(db: DB, groupId: number) {
  return db.selectFrom("form_sections").selectAll().where("group_id", "=", groupId).orderBy("sort_order").orderBy("id").execute();
}

/** The group's fields (in sections and available), in section order. */
export function findFormFields(db: DB, groupId: number) {
  return db.selectFrom("form_fields").selectAll().where("group_id", "=", groupId).orderBy("sort_order").orderBy("id").execute();
}
export type FormFieldRow = Awaited<ReturnType<typeof findFormFields>>[number];

/** Prefill: the slave values a master field's value fills in. */
export function findPrefillValues(db: DB, masterFieldId: number, masterValue: string) {
  return db
    .selectFrom("form_prefill_values as p")
    .innerJoin("form_fields as f", "f.id", "p.slave_field_id")
    .select(["p.slave_field_id", "p.slave_value", "p.policy_version_id", "f.model_name"])
    .where("p.master_field_id", "=", masterFieldId)
    .where("p.master_value", "=", masterValue)
    .orderBy("p.id")
    .execute();
}

// ── form builder writes (src/services/policy/forms/builder.ts; call inside its transaction) ──────────

/** Groups the form builder lists: every ACTIVE group. */
export function findActiveGroups(db: DB) {
  return db.selectFrom("groups").select(["id", "name", "display_name"]).where("status", "=", "ACTIVE").orderBy("display_name").orderBy("id").execute();
}

/** The group's policies with each of their versions. */
export function findGroupPolicyVersions(db: DB, groupId: number) {
  return db
    .selectFrom("policies as p")
    .innerJoin("policy_versions as v", "v.policy_id", "p.id")
    .select(["p.id as policy_id", "v.id as policy_version_id", "p.name", "v.version_number", "v.status"])
    .where("p.group_id", "=", groupId)
    .orderBy("p.name")
    .orderBy("v.version_number")
    .execute();
}

export async function insertFormSection(db: DB, v: { groupId: number; name: string; added: boolean; sortOrder: number }): Promise<number> {
  const row = await db
    .insertInto("form_sections")
    .values({ group_id: v.groupId, name: v.name, added: v.added ? 1 : 0, sort_order: v.sortOrder })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function updateFormSection(db: DB, id: number, v: { name?: string; added: boolean; sortOrder: number }) {
  return db
    .updateTable("form_sections")
    .set({ ...(v.name !== undefined ? { name: v.name } : {}), added: v.added ? 1 : 0, sort_order: v.sortOrder })
    .where("id", "=", id)
    .execute();
}

export async function insertFormField(db: DB, values: Insertable<FormFieldTable>): Promise<number> {
  const row = await db.insertInto("form_fields").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export function updateFormField(db: DB, id: number, values: Updateable<FormFieldTable>) {
  return db.updateTable("form_fields").set(values).where("id", "=", id).execute();
}

/** The next sort position in the group's available fields list. */
export async function nextAvailableFieldOrder(db: DB, groupId: number): Promise<number> {
  const row = await db
    .selectFrom("form_fields")
    .select((eb) => eb.fn.max("sort_order").as("n"))
    .where("group_id", "=", groupId)
    .where("section_id", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? -1) + 1;
}
