/**
 * Form-builder validation (part 2 §5 "Form builder", §4 sections and fields, §8). Pure: the
 * builder service checks a save or a new field here before it writes anything.
 */
import { CLONE_FIELD_PREFIX, bareModelName, NEW_FIELD_PREFIX, type FormDataType } from "./catalogue.ts";
import { formBuilderMessages as m } from "./messages.ts";
import type { TFormField, TSubmitFormRequest } from "./schemas.ts";

const fill = (text: string, vars: Record<string, string>) => text.replace(/\{(\w+)\}/g, (w, k: string) => vars[k] ?? w);

/** Commas are stripped from values (part 2 §5); surrounding blanks too. */
export const cleanValue = (value: string) => value.replaceAll(",", "").trim();

/** The first problem of a list of available values: empty, duplicated, not numeric for a Number field. */
export function checkValues(values: string[], dataType: FormDataType): string | null {
  const seen = new Set<string>();
  for (const raw of values) {
    const v = cleanValue(raw);
    if (v === "") return dataType === "Currency" ? m.emptyCurrency : m.emptyValue;
    if (seen.has(v)) return fill(m.duplicateValue, { value: v });
    seen.add(v);
    if (dataType === "Number" && !/^-?\d+(\.\d+)?$/.test(v)) return m.numericValues;
  }
  return null;
}

/** Model name of a new field: required, letters and digits only, unique in the group (bare or as properties['…']). */
export function checkModelName(modelName: string, taken: Iterable<string>): string | null {
  const bare = bareModelName(modelName.trim());
  if (bare === "") return m.modelNameRequired;
  if (!/^[A-Za-z0-9]+$/.test(bare)) return m.modelNameFormat;
  const lower = bare.toLowerCase();
  for (const t of taken) if (bareModelName(t).toLowerCase() === lower) return m.modelNameTaken;
  return null;
}

export function checkLabel(label: string): string | null {
  return label.trim() === "" ? m.labelRequired : null;
}

/** A field of the request that is new (or a clone) and not yet saved. */
export const isNewField = (f: Pick<TFormField, "key" | "frmGrpId">) =>
  f.frmGrpId === null && (f.key.startsWith(NEW_FIELD_PREFIX) || f.key.startsWith(CLONE_FIELD_PREFIX));

/** What the rules need to know about a saved field. */
export type StoredField = {
  id: number;
  label: string;
  modelName: string;
  values: string[];
  validator: string | null;
  master: boolean;
  slave: boolean;
  canBeDeleted: boolean;
  /** In a section on the form (not in the available list). */
  inSection: boolean;
};

export type FormCheck = { errors: Record<string, string>; message: string | null };

/** Error key of a section, by position. */
export const sectionErrorKey = (index: number) => `sections.${index}`;

/**
 * The rules of a form save, in order: at least one section; every section a name and a field;
 * each field a label and valid values; new fields a valid, unused model name; prefill fields keep
 * their values and validator; fields that cannot be deleted stay on the form.
 */
export function checkForm(request: Pick<TSubmitFormRequest, "sections">, stored: StoredField[]): FormCheck {
  const errors: Record<string, string> = {};
  const add = (key: string, message: string) => {
    if (!(key in errors)) errors[key] = message;
  };
  if (request.sections.length === 0) add("sections", m.noSections);
  const byId = new Map(stored.map((f) => [f.id, f]));
  const taken = new Set(stored.map((f) => f.modelName));
  const onForm = new Set<number>();

  request.sections.forEach((section, index) => {
    if (section.name.trim() === "") add(`${sectionErrorKey(index)}.name`, m.sectionNameRequired);
    if (section.fields.length === 0) add(sectionErrorKey(index), fill(m.emptySection, { section: section.name.trim() || `#${index + 1}` }));
    for (const field of section.fields) {
      const key = field.key;
      const values = field.availableValues.map((v) => v.newValue);
      if (isNewField(field)) {
        const modelError = checkModelName(field.modelName, taken);
        if (modelError) add(key, modelError);
        taken.add(field.modelName);
      } else {
        const saved = field.frmGrpId === null ? undefined : byId.get(field.frmGrpId);
        if (!saved) {
          add(key, m.fieldNotFound);
          continue;
        }
        onForm.add(saved.id);
        if (saved.master || saved.slave) {
          const same = saved.values.length === values.length && saved.values.every((v, i) => cleanValue(v) === cleanValue(values[i]!));
          if (!same || (saved.validator ?? null) !== (field.validator ?? null)) add(key, fill(m.prefillProtected, { label: saved.label }));
        }
      }
      const labelError = checkLabel(field.label);
      if (labelError) add(key, labelError);
      const valueError = checkValues(values, field.type);
      if (valueError) add(key, valueError);
    }
  });

  for (const f of stored) {
    if (f.inSection && !f.canBeDeleted && !onForm.has(f.id)) add(`FRM_GRP_${f.id}`, fill(m.cannotDelete, { label: f.label }));
  }
  return { errors, message: Object.values(errors)[0] ?? null };
}

/** The rules of a new field (formBuilder/newField). */
export function checkNewField(
  input: { modelName: string; label: string; availableValues: string[]; type: FormDataType },
  takenModelNames: Iterable<string>,
): FormCheck {
  const errors: Record<string, string> = {};
  const modelError = checkModelName(input.modelName, takenModelNames);
  if (modelError) errors.modelName = modelError;
  const labelError = checkLabel(input.label);
  if (labelError) errors.label = labelError;
  const valueError = checkValues(input.availableValues, input.type);
  if (valueError) errors.availableValues = valueError;
  return { errors, message: Object.values(errors)[0] ?? null };
}
