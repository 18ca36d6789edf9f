/** Reads and writes of the terms form (src/services/identity/terms.ts owns the rules and transactions). */
import type { DB } from "../../index.ts";

/** The configurable fields of a group's terms form, in order. */
export function findTermsFormFields(db: DB, groupId: number) {
  return db
    .selectFrom("terms_form_fields")
    .select(["model_name", "label", "field_type", "mandatory", "available_values"])
    .where("group_id", "=", groupId)
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
}
export type TermsFormFieldRow = Awaited<ReturnType<typeof findTermsFormFields>>[number];

/** Replaces the group's fields (call inside a transaction that holds the group's row lock). */
export async function replaceTermsFormFields(
  trx: DB,
  groupId: number,
  fields: Array<{ modelName: string; label: string; type: "text" | "date" | "select" | "checkbox"; mandatory: boolean; values: string[] }>,
  at: string,
): Promise<void> {
  await trx.deleteFrom("terms_form_fields").where("group_id", "=", groupId).execute();
  if (fields.length === 0) return;
  await trx
    .insertInto("terms_form_fields")
    .values(
      fields.map((f, i) => ({
        group_id: groupId,
        model_name: f.modelName,
        label: f.label,
        field_type: f.type,
        mandatory: f.mandatory ? 1 : 0,
        available_values: JSON.stringify(f.values),
        sort_order: i,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

/** What the terms page shows of the signed-in user. */
export function findTermsUser(db: DB, userId: number) {
  return db
    .selectFrom("users")
    .select(["id", "email", "first_name", "last_name", "role", "group_id", "move_date", "terms_accepted_at", "terms_version", "terms_form_values"])
    .where("id", "=", userId)
    .executeTakeFirst();
}
