/**
 * Loads a group's initiation form as the wizard shows it for one policy version: the added
 * sections in order, each with the fields that apply to the version (initiation-rules.ts). A
 * group without a form gets the default one (sections and core fields) first.
 */
import type { DB } from "../../../db/index.ts";
import { findFormFields, findFormSections, type FormFieldRow } from "../../../db/queries/policy/forms.ts";
import { findVersionIdsOfPolicy } from "../../../db/queries/moves/wizard.ts";
import { insertDefaultForm } from "../../../db/seed-wizard.ts";
import type { TInitiationComponent } from "../../../domain/moves/wizard/schemas.ts";
import { EMPTY_VALUE, fieldAppliesTo, toComponent, type ComponentValue } from "./initiation-rules.ts";

export type LoadedSection = { id: number; name: string; fields: FormFieldRow[] };

/** Creates the group's default form when it has no sections yet (safe when two calls race). */
export async function ensureGroupForm(db: DB, groupId: number, now = new Date()): Promise<void> {
  const has = async (q: DB) => (await q.selectFrom("form_sections").select("id").where("group_id", "=", groupId).limit(1).executeTakeFirst()) !== undefined;
  if (await has(db)) return;
  try {
    await db.transaction().execute(async (trx) => {
      if (await has(trx)) return;
      await insertDefaultForm(trx, groupId, now.toISOString());
    });
  } catch (error) {
    // A concurrent call created it first (unique model names per group): that form is the one.
    if (!(await has(db))) throw error;
  }
}

/** The form's added sections with the fields that apply to the version, in order. */
export async function loadForm(db: DB, groupId: number, version: { versionId: number; policyId: number }, now = new Date()): Promise<LoadedSection[]> {
  await ensureGroupForm(db, groupId, now);
  const [sections, fields, versionIds] = await Promise.all([
    findFormSections(db, groupId),
    findFormFields(db, groupId),
    findVersionIdsOfPolicy(db, version.policyId),
  ]);
  const sameP = new Set(versionIds);
  return sections
    .filter((s) => s.added === 1)
    .map((s) => ({
      id: s.id,
      name: s.name,
      fields: fields.filter((f) => f.section_id === s.id && fieldAppliesTo(f, version.versionId, sameP)),
    }));
}

export function componentsOfSections(sections: LoadedSection[], valueOf: (f: FormFieldRow) => ComponentValue = () => EMPTY_VALUE) {
  return sections.map((s) => ({ id: s.id, name: s.name, components: s.fields.map((f) => toComponent(f, valueOf(f))) }));
}

export function allComponents(sections: LoadedSection[]): TInitiationComponent[] {
  return sections.flatMap((s) => s.fields.map((f) => toComponent(f)));
}
