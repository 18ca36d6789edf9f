/**
 * The initiation details of the HR move page (issue 14; part 2 §7 "POST .../profile/edit/dynamic
 * {userId, moveId, id, value}"): the move's values of the group's initiation form (the fields stage 2
 * stores in the move's form values), each edited in place. A value goes view → edit → view; Save sends
 * it through employeeFile.editFormValue, which checks it with the stage-2 rule of its type and answers
 * the field's text when it is refused (shown under the field, nothing saved).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TFormValueView } from "../../../domain/moves/employee-file/schemas.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { formatMajorMoney } from "../../lib/format.ts";

type Ref = { group: string; employeeId: number; moveId: number };

export function FormValuesPanel(refs: Ref) {
  const { t } = useTranslation();
  const input = { group: refs.group, userId: refs.employeeId, moveId: refs.moveId };
  const query = useQuery({ ...trpc.employeeFile.formValues.queryOptions(input), retry: false, refetchOnWindowFocus: false });
  const [status, setStatus] = useState<string | null>(null);
  return (
    <Card className="min-w-0" data-testid="panel-form-values">
      <section aria-labelledby="panel-form-values-title">
        <CardHeader>
          <CardTitle id="panel-form-values-title">{t("employeeFile.formValues")}</CardTitle>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <LoadingRows rows={3} />
          ) : query.isError ? (
            <ErrorState message={serverMessage(query.error) ?? t("employeeFile.formValuesLoadFailed")} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
          ) : query.data.fields.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("employeeFile.formValuesNone")}</p>
          ) : (
            <ul className="flex flex-col">
              {query.data.fields.map((f) => (
                <FormValueRow key={f.id} field={f} refs={refs} onSaved={(label) => setStatus(t("employeeFile.valueSaved", { label }))} />
              ))}
            </ul>
          )}
          <p role="status" className="mt-2 min-h-5 text-sm font-medium text-success-foreground" data-testid="form-values-status">
            {status}
          </p>
        </CardContent>
      </section>
    </Card>
  );
}

/** How a stored value reads. */
function useShown() {
  const { t } = useTranslation();
  return (f: TFormValueView) => {
    if (f.formType === "checkbox") return f.value === "true" ? t("employeeFile.yes") : t("employeeFile.no");
    if (f.value === null || f.value === "") return f.currency && f.formType === "money" ? f.currency : t("employeeFile.notSet");
    return f.formType === "money" && f.currency ? formatMajorMoney(f.value, f.currency) : f.value;
  };
}

function FormValueRow({ field: f, refs, onSaved }: { field: TFormValueView; refs: Ref; onSaved: (label: string) => void }) {
  const { t } = useTranslation();
  const shown = useShown();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(f.value ?? "");
  const [currency, setCurrency] = useState(f.currency ?? "");
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.employeeFile.editFormValue.mutationOptions({
      onSuccess: (res) => {
        if (!res.success) {
          setError(res.error);
          return;
        }
        setEditing(false);
        onSaved(f.label);
        void queryClient.invalidateQueries({ queryKey: trpc.employeeFile.formValues.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.moves.file.queryKey() });
      },
      onError: (e) => setError(serverMessage(e) ?? t("employeeFile.saveFailed")),
    }),
  );
  const open = () => {
    setValue(f.value ?? "");
    setCurrency(f.currency ?? "");
    setError(null);
    setEditing(true);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate({ group: refs.group, userId: refs.employeeId, moveId: refs.moveId, id: f.id, value, ...(f.formType === "money" && currency ? { currency } : {}) });
  };
  const inputId = `form-value-${f.id}`;
  return (
    <li className="flex flex-col gap-2 border-b border-border/60 py-2 text-sm last:border-0" data-testid="form-value" data-model={f.modelName}>
      {!editing ? (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <span className="text-muted-foreground">{f.label}</span>
          <span className="flex min-w-0 items-center gap-3">
            <span className="font-medium [overflow-wrap:anywhere]" data-testid="form-value-shown">
              {shown(f)}
            </span>
            {f.editable ? (
              <Button variant="outline" size="sm" onClick={open} aria-label={t("employeeFile.editField", { label: f.label })} data-testid="form-value-edit">
                {t("employeeFile.edit")}
              </Button>
            ) : (
              <span className="text-[13px] text-muted-foreground">{t("employeeFile.readOnly")}</span>
            )}
          </span>
        </div>
      ) : (
        <form className="flex flex-col gap-2" noValidate onSubmit={submit}>
          <div className={f.formType === "money" ? "grid gap-2 tablet:grid-cols-[6rem_1fr]" : ""}>
            {f.formType === "money" ? (
              <FormField id={`${inputId}-currency`} label={t("employeeFile.currency")}>
                {(control) => <Input {...control} value={currency} maxLength={3} onChange={(e) => setCurrency(e.target.value.toUpperCase())} data-testid="form-value-currency" />}
              </FormField>
            ) : null}
            <FormField id={inputId} label={f.formType === "money" ? `${f.label} · ${t("employeeFile.amount")}` : f.label} error={error} required={f.mandatory}>
              {(control) =>
                f.formType === "select" || f.formType === "radio" ? (
                  <NativeSelect {...control} value={value} onChange={(e) => setValue(e.target.value)} data-testid="form-value-input">
                    <option value="">{t("employeeFile.choose")}</option>
                    {f.availableValues.map((v) => (
                      <option key={v} value={v}>
                        {v}
                      </option>
                    ))}
                  </NativeSelect>
                ) : f.formType === "checkbox" ? (
                  <NativeSelect {...control} value={value === "true" ? "true" : "false"} onChange={(e) => setValue(e.target.value)} data-testid="form-value-input">
                    <option value="true">{t("employeeFile.yes")}</option>
                    <option value="false">{t("employeeFile.no")}</option>
                  </NativeSelect>
                ) : (
                  <Input
                    {...control}
                    value={value}
                    maxLength={4000}
                    inputMode={f.formType === "numeric" || f.formType === "money" ? "decimal" : undefined}
                    placeholder={f.formType === "dateOfBirth" ? "YYYY-MM-DD" : undefined}
                    onChange={(e) => setValue(e.target.value)}
                    data-testid="form-value-input"
                  />
                )
              }
            </FormField>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" busy={save.isPending} disabled={save.isPending} data-testid="form-value-save">
              {t("employeeFile.save")}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
              {t("employeeFile.cancel")}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}
