import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { COMPONENT_ID_OF, DATA_TYPE_OF, FORM_DATA_TYPES, FORM_TYPES, formTypeOfComponent, TYPES_WITH_VALUES, type FormDataType, type FormType } from "../../../domain/policy/forms/catalogue.ts";
import { checkLabel, checkNewField, checkValues, cleanValue } from "../../../domain/policy/forms/rules.ts";
import type { TFormField, TGroupFormResponse } from "../../../domain/policy/forms/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { ValuesEditor } from "./values-editor.tsx";

type Value = TFormField["availableValues"][number];
type Policy = TGroupFormResponse["policies"][number];

export type FieldDialogMode = { kind: "edit"; field: TFormField } | { kind: "new" } | null;

type Draft = {
  modelName: string;
  label: string;
  placeholder: string;
  tooltip: string;
  formType: FormType;
  dataType: FormDataType;
  values: Value[];
  validator: string;
  mandatory: boolean;
  draftMandatory: boolean;
  readOnly: boolean;
  shown: boolean;
  inSummary: boolean;
  policyVersionIds: number[];
  excludedPolicyVersionIds: number[];
};
type Errors = Partial<Record<"modelName" | "label" | "availableValues" | "componentId", string>>;

function draftOf(field: TFormField | null): Draft {
  if (!field) {
    return {
      modelName: "",
      label: "",
      placeholder: "",
      tooltip: "",
      formType: "text",
      dataType: "Text",
      values: [],
      validator: "",
      mandatory: false,
      draftMandatory: false,
      readOnly: false,
      shown: true,
      inSummary: false,
      policyVersionIds: [],
      excludedPolicyVersionIds: [],
    };
  }
  return {
    modelName: field.modelName,
    label: field.label,
    placeholder: field.placeholder,
    tooltip: field.tooltip,
    formType: field.formType,
    dataType: field.type,
    values: field.availableValues,
    validator: field.validator ?? "",
    mandatory: field.mandatory,
    draftMandatory: field.draftMandatory,
    readOnly: field.readOnly,
    shown: field.shown,
    inSummary: field.inInitiationSummaryFields,
    policyVersionIds: field.policyVersionIds,
    excludedPolicyVersionIds: field.excludedPolicyVersionIds,
  };
}

/**
 * The field detail popup (part 2 §2 "A field detail popup offers policies and validators", §3, §5):
 * edits a field of the working copy, or adds a new field to the group (formBuilder/newField).
 * Everything is checked here first with the same rules the server uses (src/domain/policy/forms/rules.ts).
 */
export function FieldDialog({
  mode,
  onClose,
  groupName,
  policies,
  takenModelNames,
  onApply,
  onCreated,
}: Omit<FieldFormProps, "field"> & { mode: FieldDialogMode; onClose: () => void }) {
  const { t } = useTranslation();
  const editing = mode?.kind === "edit" ? mode.field : null;
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => !open && onClose()}>
      {mode ? (
        <DialogContent closeLabel={t("app.close")} className="max-h-[90vh] max-w-2xl overflow-y-auto">
          <DialogTitle>{editing ? t("formBuilder.dialog.editTitle") : t("formBuilder.dialog.newTitle")}</DialogTitle>
          <DialogDescription>{editing ? t("formBuilder.dialog.editDescription") : t("formBuilder.dialog.newDescription")}</DialogDescription>
          <FieldForm
            key={editing?.key ?? "new"}
            field={editing}
            groupName={groupName}
            policies={policies}
            takenModelNames={takenModelNames}
            onApply={(f) => {
              onApply(f);
              onClose();
            }}
            onCreated={async (id, label) => {
              await onCreated(id, label);
              onClose();
            }}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

type FieldFormProps = {
  field: TFormField | null;
  groupName: string;
  policies: Policy[];
  takenModelNames: string[];
  onApply: (field: TFormField) => void;
  onCreated: (id: number, label: string) => Promise<void>;
};

function FieldForm({
  field,
  groupName,
  policies,
  takenModelNames,
  onApply,
  onCreated,
}: FieldFormProps) {
  const { t } = useTranslation();
  const uid = useId().replace(/:/g, "");
  const [draft, setDraft] = useState<Draft>(() => draftOf(field));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const validators = useQuery({ ...trpc.formBuilder.validatorsForm.queryOptions(), staleTime: 10 * 60_000 });
  const create = useMutation(trpc.formBuilder.newField.mutationOptions());
  const isNew = field === null;
  const prefill = !!field && (field.master || field.slave);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const showValues = TYPES_WITH_VALUES.has(draft.formType) || draft.values.length > 0;
  const prefillNoteId = `${uid}-prefill`;

  const validatorOptions = [...(validators.data?.validators ?? [])];
  if (draft.validator && !validatorOptions.some((v) => v.id === draft.validator)) validatorOptions.push({ id: draft.validator, label: draft.validator });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const values = draft.values.map((v) => v.newValue);
    if (isNew) {
      const check = checkNewField({ modelName: draft.modelName, label: draft.label, availableValues: values, type: draft.dataType }, takenModelNames);
      setErrors(check.errors as Errors);
      if (check.message) return;
      try {
        const result = await create.mutateAsync({
          groupName,
          modelName: draft.modelName.trim(),
          label: draft.label.trim(),
          placeholder: draft.placeholder.trim(),
          componentId: COMPONENT_ID_OF[draft.formType],
          availableValues: values.map(cleanValue),
          validator: draft.validator || null,
          type: draft.dataType,
        });
        const id = Number(result.resultMessage);
        if (!result.success || !Number.isInteger(id)) {
          setErrors(result.errors as Errors);
          setFailure(result.resultMessage || t("formBuilder.errorNewField"));
          return;
        }
        await onCreated(id, draft.label.trim());
      } catch (error) {
        setFailure(errorText(error, t("formBuilder.errorNewField")));
      }
      return;
    }
    const next: Errors = {};
    const labelError = checkLabel(draft.label);
    if (labelError) next.label = labelError;
    const valueError = checkValues(values, field.type);
    if (valueError) next.availableValues = valueError;
    setErrors(next);
    if (labelError || valueError) return;
    onApply({
      ...field,
      label: draft.label.trim(),
      displayName: draft.label.trim(),
      placeholder: draft.placeholder,
      tooltip: draft.tooltip,
      availableValues: prefill ? field.availableValues : draft.values.map((v) => ({ ...v, newValue: cleanValue(v.newValue) })),
      validator: prefill ? field.validator : draft.validator || null,
      mandatory: draft.mandatory,
      draftMandatory: draft.draftMandatory,
      readOnly: draft.readOnly,
      shown: draft.shown,
      inInitiationSummaryFields: draft.inSummary,
      policyVersionIds: draft.policyVersionIds,
      excludedPolicyVersionIds: draft.excludedPolicyVersionIds,
    });
  }

  const togglePolicy = (list: "policyVersionIds" | "excludedPolicyVersionIds", id: number, on: boolean) => {
    const other = list === "policyVersionIds" ? "excludedPolicyVersionIds" : "policyVersionIds";
    setDraft((d) => ({
      ...d,
      [list]: on ? [...d[list].filter((x) => x !== id), id] : d[list].filter((x) => x !== id),
      [other]: on ? d[other].filter((x) => x !== id) : d[other],
    }));
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
      {failure ? (
        <Alert variant="destructive" role="alert">
          {failure}
        </Alert>
      ) : null}

      {isNew ? (
        <FormField label={t("formBuilder.field.modelName")} hint={t("formBuilder.field.modelNameHint")} error={errors.modelName} required>
          {(c) => <Input {...c} autoComplete="off" value={draft.modelName} onChange={(e) => set("modelName", e.target.value)} />}
        </FormField>
      ) : (
        <p className="text-sm text-muted-foreground">
          {t("formBuilder.field.modelNameReadOnly", { name: field.modelName })} · {t(`formBuilder.formType.${field.formType}`)} · {field.type}
        </p>
      )}

      <FormField label={t("formBuilder.field.label")} error={errors.label} required>
        {(c) => <Input {...c} autoComplete="off" value={draft.label} onChange={(e) => set("label", e.target.value)} />}
      </FormField>

      {isNew ? (
        <div className="grid gap-4 tablet:grid-cols-2">
          <FormField label={t("formBuilder.field.componentType")} error={errors.componentId}>
            {(c) => (
              <NativeSelect
                {...c}
                value={COMPONENT_ID_OF[draft.formType]}
                onChange={(e) => {
                  const formType = formTypeOfComponent(e.target.value) ?? "text";
                  setDraft((d) => ({ ...d, formType, dataType: DATA_TYPE_OF[formType] }));
                }}
              >
                {FORM_TYPES.map((ft) => (
                  <option key={ft} value={COMPONENT_ID_OF[ft]}>
                    {t(`formBuilder.formType.${ft}`)} ({COMPONENT_ID_OF[ft]})
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t("formBuilder.field.dataType")}>
            {(c) => (
              <NativeSelect {...c} value={draft.dataType} onChange={(e) => set("dataType", e.target.value as FormDataType)}>
                {FORM_DATA_TYPES.map((dt) => (
                  <option key={dt} value={dt}>
                    {dt}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
      ) : null}

      <FormField label={t("formBuilder.field.placeholder")}>
        {(c) => <Input {...c} autoComplete="off" value={draft.placeholder} onChange={(e) => set("placeholder", e.target.value)} />}
      </FormField>

      {isNew ? null : (
        <FormField label={t("formBuilder.field.tooltip")}>
          {(c) => <Textarea {...c} rows={2} value={draft.tooltip} onChange={(e) => set("tooltip", e.target.value)} />}
        </FormField>
      )}

      {prefill ? (
        <Alert variant="info" id={prefillNoteId}>
          {t("formBuilder.prefillProtected", { label: field.label })}
        </Alert>
      ) : null}

      {showValues ? (
        <ValuesEditor
          id={`${uid}-values`}
          values={draft.values}
          onChange={(values) => set("values", values)}
          error={errors.availableValues}
          readOnly={prefill}
          describedBy={prefill ? prefillNoteId : undefined}
        />
      ) : null}

      <FormField label={t("formBuilder.field.validator")} hint={validators.isError ? t("formBuilder.field.validatorsFailed") : undefined}>
        {(c) => (
          <NativeSelect
            {...c}
            value={draft.validator}
            disabled={prefill}
            aria-describedby={[c["aria-describedby"], prefill ? prefillNoteId : null].filter(Boolean).join(" ") || undefined}
            onChange={(e) => set("validator", e.target.value)}
          >
            <option value="">{t("formBuilder.field.noValidator")}</option>
            {validatorOptions.map((v) => (
              <option key={v.id} value={v.id}>
                {v.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>

      {isNew ? null : (
        <>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium">{t("formBuilder.field.flags")}</legend>
            <div className="grid gap-3 tablet:grid-cols-2">
              {(
                [
                  ["mandatory", "formBuilder.field.mandatory"],
                  ["draftMandatory", "formBuilder.field.draftMandatory"],
                  ["readOnly", "formBuilder.field.readOnly"],
                  ["shown", "formBuilder.field.shown"],
                  ["inSummary", "formBuilder.field.inSummary"],
                ] as const
              ).map(([key, label]) => (
                <FormField key={key} layout="inline" label={t(label)}>
                  {(c) => <Checkbox {...c} checked={draft[key]} onCheckedChange={(v) => set(key, v === true)} />}
                </FormField>
              ))}
            </div>
          </fieldset>

          <PolicyList
            uid={`${uid}-in`}
            legend={t("formBuilder.field.policies")}
            hint={t("formBuilder.field.policiesHint")}
            policies={policies}
            checked={draft.policyVersionIds}
            onToggle={(id, on) => togglePolicy("policyVersionIds", id, on)}
          />
          <PolicyList
            uid={`${uid}-out`}
            legend={t("formBuilder.field.excludedPolicies")}
            policies={policies}
            checked={draft.excludedPolicyVersionIds}
            onToggle={(id, on) => togglePolicy("excludedPolicyVersionIds", id, on)}
          />
        </>
      )}

      <div className="flex flex-col-reverse gap-2 tablet:flex-row tablet:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t("app.cancel")}</Button>
        </DialogClose>
        <Button type="submit" busy={create.isPending}>
          {isNew ? t("formBuilder.dialog.create") : t("formBuilder.dialog.apply")}
        </Button>
      </div>
    </form>
  );
}

function PolicyList({
  uid,
  legend,
  hint,
  policies,
  checked,
  onToggle,
}: {
  uid: string;
  legend: string;
  hint?: string;
  policies: Policy[];
  checked: number[];
  onToggle: (policyVersionId: number, on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hint ? `${uid}-hint` : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {hint ? (
        <p id={`${uid}-hint`} className="text-[13px] text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {policies.length === 0 ? <p className="text-sm text-muted-foreground">{t("formBuilder.field.noPolicies")}</p> : null}
      <ul className="flex max-h-48 flex-col gap-2 overflow-y-auto">
        {policies.map((p) => {
          const id = `${uid}-${p.policyVersionId}`;
          return (
            <li key={p.policyVersionId} className="flex items-center gap-3">
              <Checkbox id={id} checked={checked.includes(p.policyVersionId)} onCheckedChange={(v) => onToggle(p.policyVersionId, v === true)} />
              <Label htmlFor={id} className="font-normal">
                {t("formBuilder.field.policyVersion", { name: p.name, version: p.versionNumber, status: p.status })}
              </Label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
