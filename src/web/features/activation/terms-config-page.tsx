import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { TERMS_FIELD_TYPES, TERMS_MAX_FIELDS, type TTermsFormConfigResponse, type TTermsFormField, type TermsFieldType } from "../../../domain/identity/activation/terms-form.ts";
import { GroupSelect } from "../../components/group-select.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { FieldError, Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryView } from "../../components/ui/states.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { fieldErrorsOf } from "./field-errors.ts";
import { errorText } from "../../lib/errors.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

/** A field as the page edits it: a select's values as lines of text. */
type Row = { modelName: string; label: string; type: TermsFieldType; mandatory: boolean; valuesText: string };
type Rows = { fields: Row[] };

const toRow = (f: TTermsFormField): Row => ({ modelName: f.modelName, label: f.label, type: f.type, mandatory: f.mandatory, valuesText: f.values.join("\n") });
const toField = (r: Row): TTermsFormField => ({
  modelName: r.modelName.trim(),
  label: r.label.trim(),
  type: r.type,
  mandatory: r.mandatory,
  values: r.type === "select" ? r.valuesText.split("\n").map((v) => v.trim()).filter((v) => v !== "") : [],
});

/**
 * /admin/terms-form?group= (part 2 §3 "Terms form: …, plus configurable fields"): the configurable
 * fields of a group's terms form. HR configures its own group; an administrator picks the group.
 */
export function TermsConfigPage({ group, onGroupChange }: { group: string | undefined; onGroupChange: (group: string | undefined) => void }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const isAdmin = me.role === "ADMIN";
  const chosen = isAdmin ? group : (me.group?.name ?? undefined);
  const config = useQuery({ ...trpc.account.termsForm.queryOptions({ group: chosen ?? "" }), enabled: !!chosen, refetchOnWindowFocus: false });

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader title={t("termsConfig.title")} description={t("termsConfig.intro")} />
      {isAdmin ? <AdminGroupSelect value={group} onChange={onGroupChange} /> : null}
      {!chosen ? (
        <p className="text-sm text-muted-foreground">{t("termsConfig.pickGroup")}</p>
      ) : (
        <QueryView query={config}>{(data) => <ConfigForm key={data.group} data={data} />}</QueryView>
      )}
    </div>
  );
}

function AdminGroupSelect({ value, onChange }: { value: string | undefined; onChange: (group: string | undefined) => void }) {
  const { t } = useTranslation();
  const groups = useQuery(trpc.formBuilder.groups.queryOptions());
  return (
    <GroupSelect
      id="terms-config-group"
      label={t("termsConfig.group")}
      chooseLabel={t("termsConfig.chooseGroup")}
      groups={groups}
      rows={groups.data?.groups ?? []}
      value={value}
      onChange={onChange}
      emptyText={t("termsConfig.noGroups")}
      className="w-full max-w-sm"
    />
  );
}

function ConfigForm({ data }: { data: TTermsFormConfigResponse }) {
  const { t } = useTranslation();
  const save = useMutation(trpc.account.saveTermsForm.mutationOptions());
  const [outcome, setOutcome] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const form = useForm<Rows>({ defaultValues: { fields: data.fields.map(toRow) } });
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: "fields" });
  const types = form.watch("fields").map((f) => f.type);

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    setServerErrors({});
    try {
      const result = await save.mutateAsync({ group: data.group, fields: values.fields.map(toField) });
      form.reset({ fields: result.fields.map(toRow) });
      queryClient.setQueryData(trpc.account.termsForm.queryKey({ group: data.group }), { ...data, fields: result.fields });
      setOutcome({ kind: "success", text: result.message });
    } catch (error) {
      setServerErrors(fieldErrorsOf(error));
      setOutcome({ kind: "error", text: errorText(error, t("termsConfig.saveFailed")) });
    }
  });
  const errorOf = (index: number, key: "modelName" | "label" | "values") => serverErrors[`fields.${index}.${key}`];

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="terms-config-fields" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="terms-config-fields" className="text-lg font-semibold">
          {t("termsConfig.fieldsTitle")} <span className="text-sm font-normal text-muted-foreground">({data.groupDisplayName})</span>
        </h2>
        <Button
          type="button"
          variant="outline"
          disabled={fields.length >= TERMS_MAX_FIELDS}
          onClick={() => append({ modelName: "", label: "", type: "text", mandatory: false, valuesText: "" }, { focusName: `fields.${fields.length}.modelName` })}
        >
          <Plus aria-hidden="true" /> {t("termsConfig.add")}
        </Button>
      </div>
      {serverErrors["fields"] ? <FieldError id="terms-config-list-error">{serverErrors["fields"]}</FieldError> : null}
      {fields.length === 0 ? <p className="rounded-lg border border-dashed border-border px-4 py-6 text-sm text-muted-foreground">{t("termsConfig.noFields")}</p> : null}
      <ol className="flex flex-col gap-4">
        {fields.map((row, index) => {
          const n = index + 1;
          const id = `terms-config-${index}`;
          return (
            <li key={row.id}>
              <Card>
                <CardContent className="flex flex-col gap-4 pt-5">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="text-sm font-semibold">{t("termsConfig.field", { n })}</h3>
                    <div className="flex gap-1">
                      <Button type="button" variant="ghost" size="icon" aria-label={t("termsConfig.moveUp", { n })} disabled={index === 0} onClick={() => move(index, index - 1)}>
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button type="button" variant="ghost" size="icon" aria-label={t("termsConfig.moveDown", { n })} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)}>
                        <ArrowDown aria-hidden="true" />
                      </Button>
                      <Button type="button" variant="ghost" size="icon" aria-label={t("termsConfig.remove", { n })} onClick={() => remove(index)}>
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  </div>
                  <div className="grid gap-4 tablet:grid-cols-2">
                    <div className="flex min-w-0 flex-col gap-2">
                      <Label htmlFor={`${id}-modelName`}>{t("termsConfig.modelName")}</Label>
                      <Input
                        id={`${id}-modelName`}
                        autoCapitalize="none"
                        spellCheck={false}
                        aria-invalid={errorOf(index, "modelName") ? true : undefined}
                        aria-describedby={[`${id}-modelName-hint`, errorOf(index, "modelName") ? `${id}-modelName-error` : null].filter(Boolean).join(" ")}
                        {...form.register(`fields.${index}.modelName`)}
                      />
                      <p id={`${id}-modelName-hint`} className="text-xs text-muted-foreground">
                        {t("termsConfig.modelNameHint")}
                      </p>
                      <FieldError id={`${id}-modelName-error`}>{errorOf(index, "modelName")}</FieldError>
                    </div>
                    <div className="flex min-w-0 flex-col gap-2">
                      <Label htmlFor={`${id}-label`}>{t("termsConfig.label")}</Label>
                      <Input
                        id={`${id}-label`}
                        aria-invalid={errorOf(index, "label") ? true : undefined}
                        aria-describedby={errorOf(index, "label") ? `${id}-label-error` : undefined}
                        {...form.register(`fields.${index}.label`)}
                      />
                      <FieldError id={`${id}-label-error`}>{errorOf(index, "label")}</FieldError>
                    </div>
                    <div className="flex min-w-0 flex-col gap-2">
                      <Label htmlFor={`${id}-type`}>{t("termsConfig.type")}</Label>
                      <NativeSelect id={`${id}-type`} {...form.register(`fields.${index}.type`)}>
                        {TERMS_FIELD_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {t(`termsConfig.type.${type}`)}
                          </option>
                        ))}
                      </NativeSelect>
                    </div>
                    <div className="flex items-center gap-3 self-end pb-2">
                      <input id={`${id}-mandatory`} type="checkbox" className="size-4 accent-[var(--color-primary)]" {...form.register(`fields.${index}.mandatory`)} />
                      <Label htmlFor={`${id}-mandatory`} className="font-normal">
                        {t("termsConfig.mandatory")}
                      </Label>
                    </div>
                    {types[index] === "select" ? (
                      <div className="flex min-w-0 flex-col gap-2 tablet:col-span-2">
                        <Label htmlFor={`${id}-values`}>{t("termsConfig.values")}</Label>
                        <Textarea
                          id={`${id}-values`}
                          rows={3}
                          aria-invalid={errorOf(index, "values") ? true : undefined}
                          aria-describedby={[`${id}-values-hint`, errorOf(index, "values") ? `${id}-values-error` : null].filter(Boolean).join(" ")}
                          {...form.register(`fields.${index}.valuesText`)}
                        />
                        <p id={`${id}-values-hint`} className="text-xs text-muted-foreground">
                          {t("termsConfig.valuesHint")}
                        </p>
                        <FieldError id={`${id}-values-error`}>{errorOf(index, "values")}</FieldError>
                      </div>
                    ) : null}
                  </div>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ol>
      {outcome ? (
        <Alert variant={outcome.kind === "success" ? "success" : "destructive"} role={outcome.kind === "success" ? "status" : "alert"} data-testid="terms-config-outcome">
          {outcome.text}
        </Alert>
      ) : null}
      <Button type="submit" className="self-start" busy={save.isPending}>
        {save.isPending ? t("termsConfig.saving") : t("termsConfig.save")}
      </Button>
    </form>
  );
}
