/**
 * The form builder (part 2 §2 admin page, §3 form field / section / save, §4 line 153, §5, §7
 * formBuilder/*, §8): per-group initiation forms. ADMIN only (checked by the routers). Rules in
 * src/domain/policy/forms/rules.ts; every save is one transaction with its audit row.
 */
import type { z } from "zod";
import type { DB } from "../../../db/index.ts";
import { insertAudit } from "../../../db/queries/audit.ts";
import { lockRow } from "../../../db/locks.ts";
import {
  findActiveGroups,
  findFormFields,
  findFormSections,
  findGroupPolicyVersions,
  insertFormField,
  insertFormSection,
  nextAvailableFieldOrder,
  updateFormField,
  updateFormSection,
  type FormFieldRow,
} from "../../../db/queries/policy/forms.ts";
import { findGroupByName } from "../../../db/queries/admin/groups.ts";
import { AppError } from "../../../domain/errors.ts";
import {
  bareModelName,
  CLONE_FIELD_PREFIX,
  COMPONENT_ID_OF,
  fieldKey,
  FORM_CACHE_NOTE,
  formTypeOfComponent,
  propertyModelName,
  VALIDATORS,
  xlateKeyFor,
  type FormDataType,
  type FormType,
} from "../../../domain/policy/forms/catalogue.ts";
import { formBuilderMessages } from "../../../domain/policy/forms/messages.ts";
import { checkForm, checkNewField, cleanValue, isNewField, type StoredField } from "../../../domain/policy/forms/rules.ts";
import type {
  TFormField,
  TFormResult,
  TFormSection,
  TGroupFormResponse,
  TNewFieldRequest,
  TSubmitFormRequest,
  ZFormBuilderGroupsResponse,
  ZValidatorsFormResponse,
} from "../../../domain/policy/forms/schemas.ts";
import { messages } from "../../../domain/messages.ts";
import { isUniqueViolation } from "../common.ts";
import { ensureGroupForm } from "../../moves/wizard/form-load.ts";
import { parseIdList, parseStringList } from "../../moves/wizard/initiation-rules.ts";
import type { WizardActor } from "../../moves/wizard/types.ts";

const valuesOf = (row: Pick<FormFieldRow, "available_values">) => parseStringList(row.available_values);

/** A form_fields row as the builder shows it (part 2 §3 "Form field"). */
export function toFormField(row: FormFieldRow, all: FormFieldRow[]): TFormField {
  const formType = row.form_type as FormType;
  return {
    frmGrpId: row.id,
    key: fieldKey(row.id),
    displayName: row.label,
    modelName: row.model_name,
    componentId: COMPONENT_ID_OF[formType] ?? row.form_type,
    mappingParent: row.mapping_parent,
    mappingField: row.mapping_field,
    dataParent: row.data_parent,
    label: row.label,
    iteratorFactoryMethod: row.iterator_factory_method,
    availableValues: valuesOf(row).map((v) => ({ originalValue: v, newValue: v })),
    placeholder: row.placeholder,
    validator: row.validator,
    xlateKey: row.xlate_key,
    tooltip: row.tooltip,
    type: row.data_type,
    formType,
    policyVersionIds: parseIdList(row.policy_version_ids),
    excludedPolicyVersionIds: parseIdList(row.excluded_policy_version_ids),
    dependencyIds: parseIdList(row.dependency_ids),
    shown: row.shown === 1,
    readOnly: row.read_only === 1,
    mandatory: row.mandatory === 1,
    draftMandatory: row.draft_mandatory === 1,
    excluded: row.excluded === 1,
    core: row.core === 1,
    basicCE: row.basic_ce === 1,
    advancedCE: row.advanced_ce === 1,
    clone: row.clone === 1,
    canBeDeleted: row.can_be_deleted === 1,
    master: row.master === 1,
    slave: row.slave === 1,
    inInitiationSummaryFields: row.in_initiation_summary === 1,
    childFields: all.filter((f) => f.parent_field_id === row.id).map((f) => f.id),
  };
}

async function groupNamed(db: DB, groupName: string) {
  const group = await findGroupByName(db, groupName);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  return group;
}

/** GET formBuilder/groups: every ACTIVE group. */
export async function formBuilderGroups(db: DB): Promise<z.infer<typeof ZFormBuilderGroupsResponse>> {
  const groups = await findActiveGroups(db);
  return { groups: groups.map((g) => ({ id: g.id, name: g.name, displayName: g.display_name })) };
}

/** POST formBuilder/groupForm: the group's form (created with the default sections and core fields when it has none). */
export async function groupForm(db: DB, groupName: string): Promise<TGroupFormResponse> {
  const group = await groupNamed(db, groupName);
  await ensureGroupForm(db, group.id);
  const [sections, fields, policies] = await Promise.all([
    findFormSections(db, group.id),
    findFormFields(db, group.id),
    findGroupPolicyVersions(db, group.id),
  ]);
  const sectionOf = (id: number): TFormSection => {
    const s = sections.find((x) => x.id === id)!;
    return { id: s.id, name: s.name, fields: fields.filter((f) => f.section_id === s.id).map((f) => toFormField(f, fields)) };
  };
  const known = new Set(sections.map((s) => s.id));
  return {
    success: true,
    groupName: group.name,
    sections: sections.filter((s) => s.added === 1).map((s) => sectionOf(s.id)),
    availableSections: sections.filter((s) => s.added !== 1).map((s) => ({ id: s.id, name: s.name, fields: [] })),
    // Fields of an available section are in the available list too (removing a section returns its fields).
    availableFields: fields
      .filter((f) => f.section_id === null || !known.has(f.section_id) || sections.find((s) => s.id === f.section_id)!.added !== 1)
      .map((f) => toFormField(f, fields)),
    policies: policies.map((p) => ({
      policyId: p.policy_id,
      policyVersionId: p.policy_version_id,
      name: p.name,
      versionNumber: p.version_number,
      status: p.status,
    })),
  };
}

/** GET formBuilder/validatorsForm. */
export function validatorsForm(): z.infer<typeof ZValidatorsFormResponse> {
  return { validators: VALIDATORS.map((v) => ({ id: v.id, label: v.label })) };
}

const failure = (errors: Record<string, string>, message: string | null): TFormResult => ({
  success: false,
  resultMessage: message ?? formBuilderMessages.errorSaving,
  errors,
});

const cleanValues = (f: TFormField) => JSON.stringify(f.availableValues.map((v) => cleanValue(v.newValue)));
const flag = (b: boolean) => (b ? 1 : 0);

/** Columns a save may change on a field (model name, core, master/slave and deletability stay). */
function editableColumns(f: TFormField) {
  return {
    label: f.label.trim(),
    placeholder: f.placeholder,
    tooltip: f.tooltip,
    available_values: cleanValues(f),
    validator: f.validator || null,
    policy_version_ids: JSON.stringify(f.policyVersionIds),
    excluded_policy_version_ids: JSON.stringify(f.excludedPolicyVersionIds),
    dependency_ids: JSON.stringify(f.dependencyIds),
    shown: flag(f.shown),
    read_only: flag(f.readOnly),
    mandatory: flag(f.mandatory),
    draft_mandatory: flag(f.draftMandatory),
    excluded: flag(f.excluded),
    basic_ce: flag(f.basicCE),
    advanced_ce: flag(f.advancedCE),
    in_initiation_summary: flag(f.inInitiationSummaryFields),
  };
}

/**
 * POST formBuilder/submitForm: in one transaction under the group's row lock, the rules first
 * (rules.ts, over the form as it is now); then the sections (new ones created, added/available with
 * their order), the fields (edited, moved, new and cloned ones inserted) and the audit row. A field
 * in no section goes to the available list. Parallel saves of one form queue: the last one wins.
 */
export async function submitForm(db: DB, actor: WizardActor, input: TSubmitFormRequest, now = new Date()): Promise<TFormResult> {
  const group = await groupNamed(db, input.groupName);
  try {
    return await db.transaction().execute(async (trx): Promise<TFormResult> => {
      // One lock order for every save of a group's form: the group row first (FOR NO KEY UPDATE on
      // PostgreSQL), then the form read and checked under it. Parallel saves run one after the other
      // (the last one wins) instead of deadlocking on each other's section and field rows.
      await lockRow(trx, "groups", group.id);
      const sections = await findFormSections(trx, group.id);
      const fields = await findFormFields(trx, group.id);
      const addedIds = new Set(sections.filter((s) => s.added === 1).map((s) => s.id));
      const stored: StoredField[] = fields.map((f) => ({
        id: f.id,
        label: f.label,
        modelName: f.model_name,
        values: valuesOf(f),
        validator: f.validator,
        master: f.master === 1,
        slave: f.slave === 1,
        canBeDeleted: f.can_be_deleted === 1,
        inSection: f.section_id !== null && addedIds.has(f.section_id),
      }));
      const check = checkForm(input, stored);
      const sectionIds = new Set(sections.map((s) => s.id));
      [...input.sections, ...input.availableSections].forEach((s, i) => {
        if (s.id !== null && !sectionIds.has(s.id)) check.errors[`sections.${i}`] ??= formBuilderMessages.sectionNotFound;
      });
      for (const s of input.sections) {
        for (const f of s.fields) {
          if (isNewField(f) && formTypeOfComponent(f.componentId) === null) check.errors[f.key] ??= formBuilderMessages.errorSaving;
        }
      }
      if (Object.keys(check.errors).length > 0) return failure(check.errors, check.message ?? Object.values(check.errors)[0]!);

      const at = now.toISOString();
      const prefillIds = new Set(fields.filter((f) => f.master === 1 || f.slave === 1).map((f) => f.id));
      const touchedSections = new Set<number>();
      const placed = new Set<number>();
      const created: Array<{ key: string; id: number }> = [];
      const saveSection = async (s: TFormSection, added: boolean, order: number) => {
        if (s.id === null) return insertFormSection(trx, { groupId: group.id, name: s.name.trim(), added, sortOrder: order });
        await updateFormSection(trx, s.id, { name: s.name.trim() || undefined, added, sortOrder: order });
        touchedSections.add(s.id);
        return s.id;
      };
      for (const [index, s] of input.sections.entries()) {
        const sectionId = await saveSection(s, true, index);
        for (const [order, f] of s.fields.entries()) {
          if (isNewField(f)) {
            const bare = bareModelName(f.modelName.trim());
            const id = await insertFormField(trx, {
              group_id: group.id,
              section_id: sectionId,
              sort_order: order,
              model_name: propertyModelName(bare),
              form_type: formTypeOfComponent(f.componentId)!,
              data_type: f.type,
              xlate_key: xlateKeyFor(bare),
              mapping_parent: f.mappingParent,
              mapping_field: f.mappingField,
              data_parent: f.dataParent,
              iterator_factory_method: f.iteratorFactoryMethod,
              core: 0,
              clone: flag(f.clone || f.key.startsWith(CLONE_FIELD_PREFIX)),
              can_be_deleted: 1,
              master: 0,
              slave: 0,
              created_at: at,
              updated_at: at,
              ...editableColumns(f),
            });
            created.push({ key: f.key, id });
          } else if (!placed.has(f.frmGrpId!)) {
            placed.add(f.frmGrpId!);
            // Prefill fields keep their stored values and validator (checked equal above).
            const { available_values, validator, ...columns } = editableColumns(f);
            const prefill = prefillIds.has(f.frmGrpId!);
            await updateFormField(trx, f.frmGrpId!, {
              ...columns,
              ...(prefill ? {} : { available_values, validator }),
              section_id: sectionId,
              sort_order: order,
              updated_at: at,
            });
          }
        }
      }
      let order = input.sections.length;
      for (const s of input.availableSections) await saveSection(s, false, order++);
      for (const s of sections) {
        if (!touchedSections.has(s.id)) await updateFormSection(trx, s.id, { added: false, sortOrder: order++ });
      }
      // Fields on no section go to the available list, after those already there.
      let availableOrder = await nextAvailableFieldOrder(trx, group.id);
      for (const f of fields) {
        if (placed.has(f.id)) continue;
        if (f.section_id !== null) await updateFormField(trx, f.id, { section_id: null, sort_order: availableOrder++, updated_at: at });
      }
      await insertAudit(trx, {
        actorUserId: actor.user.id,
        groupId: group.id,
        entity: "form",
        entityId: group.id,
        action: "formBuilder.submitForm",
        newValues: {
          sections: input.sections.map((s) => ({ id: s.id, name: s.name, fields: s.fields.map((f) => f.frmGrpId ?? f.key) })),
          availableSections: input.availableSections.map((s) => s.id ?? s.name),
          created,
        },
        ip: actor.ip,
        at,
      });
      return { success: true, resultMessage: FORM_CACHE_NOTE, errors: {} };
    });
  } catch (error) {
    // Another save created the same model name meanwhile.
    if (isUniqueViolation(error)) return failure({}, formBuilderMessages.modelNameTaken);
    throw error;
  }
}

/** POST formBuilder/newField: checks the field and adds it to the group's available list; resultMessage is the new id. */
export async function newField(db: DB, actor: WizardActor, input: TNewFieldRequest, now = new Date()): Promise<TFormResult> {
  const group = await groupNamed(db, input.groupName);
  const fields = await findFormFields(db, group.id);
  const check = checkNewField(
    { modelName: input.modelName, label: input.label, availableValues: input.availableValues, type: input.type as FormDataType },
    fields.map((f) => f.model_name),
  );
  const formType = formTypeOfComponent(input.componentId);
  if (formType === null) check.errors.componentId ??= formBuilderMessages.errorNewField;
  if (Object.keys(check.errors).length > 0) {
    return { success: false, resultMessage: check.message ?? Object.values(check.errors)[0]!, errors: check.errors };
  }
  const at = now.toISOString();
  const bare = bareModelName(input.modelName.trim());
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      await lockRow(trx, "groups", group.id); // the form's lock order (submitForm)
      const newId = await insertFormField(trx, {
        group_id: group.id,
        section_id: null,
        sort_order: await nextAvailableFieldOrder(trx, group.id),
        model_name: propertyModelName(bare),
        label: input.label.trim(),
        form_type: formType!,
        data_type: input.type,
        placeholder: input.placeholder,
        validator: input.validator,
        xlate_key: input.xlateKey ?? xlateKeyFor(bare),
        available_values: JSON.stringify(input.availableValues.map(cleanValue)),
        mapping_parent: input.mappingParent,
        created_at: at,
        updated_at: at,
      });
      await insertAudit(trx, {
        actorUserId: actor.user.id,
        groupId: group.id,
        entity: "form_field",
        entityId: newId,
        action: "formBuilder.newField",
        newValues: { modelName: propertyModelName(bare), label: input.label.trim(), componentId: input.componentId, type: input.type },
        ip: actor.ip,
        at,
      });
      return newId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { success: false, resultMessage: formBuilderMessages.modelNameTaken, errors: { modelName: formBuilderMessages.modelNameTaken } };
    throw error;
  }
  return { success: true, resultMessage: String(id), errors: {} };
}
