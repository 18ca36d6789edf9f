/**
 * Contracts of the form builder (part 2 §3 form field / section / form save, §7 formBuilder/*).
 * Shared by src/routers/policy/form-builder.ts, the legacy routes of src/routers/policy/legacy/form-builder.ts
 * and the admin page.
 */
import { z } from "zod";
import { ZId } from "../../numbers.ts";
import { ZFormDataType, ZFormType } from "./catalogue.ts";

const groupName = z.string().trim().min(1).max(64);
const ids = z.array(ZId).max(500);

export const ZAvailableValue = z.object({ originalValue: z.string().max(200).nullable(), newValue: z.string().max(200) });

/** part 2 §3 "Form field" (plus formType and draftMandatory, which the wizard needs). */
export const ZFormField = z.object({
  /** The field's id; null for a field not yet saved. */
  frmGrpId: ZId.nullable(),
  /** FRM_GRP_{id}, or a new-field / clone prefix before saving. */
  key: z.string().max(100),
  displayName: z.string().max(200),
  modelName: z.string().max(200),
  componentId: z.string().max(40),
  mappingParent: z.string().max(200).nullable(),
  mappingField: z.string().max(200).nullable(),
  dataParent: z.string().max(200).nullable(),
  label: z.string().max(200),
  iteratorFactoryMethod: z.string().max(200).nullable(),
  availableValues: z.array(ZAvailableValue).max(500),
  placeholder: z.string().max(200),
  validator: z.string().max(60).nullable(),
  xlateKey: z.string().max(200).nullable(),
  tooltip: z.string().max(1000),
  type: ZFormDataType,
  formType: ZFormType,
  policyVersionIds: ids,
  excludedPolicyVersionIds: ids,
  dependencyIds: ids,
  shown: z.boolean(),
  readOnly: z.boolean(),
  mandatory: z.boolean(),
  draftMandatory: z.boolean(),
  excluded: z.boolean(),
  core: z.boolean(),
  basicCE: z.boolean(),
  advancedCE: z.boolean(),
  clone: z.boolean(),
  canBeDeleted: z.boolean(),
  master: z.boolean(),
  slave: z.boolean(),
  inInitiationSummaryFields: z.boolean(),
  childFields: z.array(ZId).max(100),
});
export type TFormField = z.infer<typeof ZFormField>;

export const ZFormSection = z.object({ id: ZId.nullable(), name: z.string().trim().max(100), fields: z.array(ZFormField).max(300) });
export type TFormSection = z.infer<typeof ZFormSection>;

// GET formBuilder/groups
export const ZFormBuilderGroup = z.object({ id: z.number().int(), name: z.string(), displayName: z.string() });
export const ZFormBuilderGroupsResponse = z.object({ groups: z.array(ZFormBuilderGroup) });

// POST formBuilder/groupForm (groupName)
export const ZGroupFormRequest = z.object({ groupName });
export const ZGroupFormResponse = z.object({
  success: z.boolean(),
  groupName: z.string(),
  /** Sections on the form, in order. */
  sections: z.array(ZFormSection),
  /** Sections in the available list (with no fields). */
  availableSections: z.array(ZFormSection),
  /** Fields in the available list. */
  availableFields: z.array(ZFormField),
  /** The group's policies and their versions, for the field detail popup. */
  policies: z.array(z.object({ policyId: z.number().int(), policyVersionId: z.number().int(), name: z.string(), versionNumber: z.number().int(), status: z.string() })),
});
export type TGroupFormResponse = z.infer<typeof ZGroupFormResponse>;

// GET formBuilder/validatorsForm
export const ZValidatorsFormResponse = z.object({ validators: z.array(z.object({ id: z.string(), label: z.string() })) });

// POST formBuilder/submitForm (groupName, sections)
export const ZSubmitFormRequest = z.object({
  groupName,
  sections: z.array(ZFormSection).max(50),
  /** Sections kept in the available list (by name); fields not in any section go to the available list. */
  availableSections: z.array(ZFormSection).max(50).default([]),
});
export type TSubmitFormRequest = z.infer<typeof ZSubmitFormRequest>;
/** success, resultMessage (the saved note, or the failure text); errors per field key. */
export const ZFormResult = z.object({ success: z.boolean(), resultMessage: z.string(), errors: z.record(z.string(), z.string()).default({}) });
export type TFormResult = z.infer<typeof ZFormResult>;

// POST formBuilder/newField
export const ZNewFieldRequest = z.object({
  groupName,
  modelName: z.string().trim().max(100),
  label: z.string().trim().max(200),
  placeholder: z.string().trim().max(200).default(""),
  componentId: z.string().trim().max(40),
  availableValues: z.array(z.string().max(200)).max(500).default([]),
  validator: z.string().trim().max(60).nullable().optional().transform((v) => v || null),
  xlateKey: z.string().trim().max(200).nullable().optional().transform((v) => v || null),
  type: ZFormDataType,
  mappingParent: z.string().trim().max(200).nullable().optional().transform((v) => v || null),
});
export type TNewFieldRequest = z.infer<typeof ZNewFieldRequest>;
