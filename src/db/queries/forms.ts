/**
 * Reads and writes of the per-group initiation forms (form_sections, form_fields,
 * form_prefill_values). The form-builder services own the writes; the wizard reads through
 * these functions.
 */
import type { DB } from "../index.ts";

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
