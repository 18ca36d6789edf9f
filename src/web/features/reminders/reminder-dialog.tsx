/**
 * The reminder popup (part 2 §2 "A reminder popup has a body preview/HTML toggle, frequency selects, a filters
 * table and save-filter-defaults"; §4 frequency change clears the weekday and month day; §5 checks, the same as
 * the server's: `validateReminder`). react-hook-form with a zod resolver over the shared schema.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import {
  ALERT_STATUSES,
  FREQUENCY_TYPES,
  renderReminderBody,
  SAMPLE_PLACEHOLDERS,
  validateReminder,
  WEEK_DAYS,
} from "../../../domain/reporting/reminders.ts";
import type { TReminderRow } from "../../../domain/reporting/reminders-schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

const ZFormFields = z.object({
  subject: z.string().max(300),
  body: z.string().max(20_000),
  frequencyType: z.enum(FREQUENCY_TYPES).or(z.literal("")),
  weekDay: z.string(),
  monthDay: z.string(),
  alertStatus: z.enum(ALERT_STATUSES).or(z.literal("")),
  enabled: z.boolean(),
  filterValues: z.record(z.string(), z.string()),
});
type TForm = z.infer<typeof ZFormFields>;

/** The popup's schema: the fields, then the server's own §5 checks for the row's type. */
function formSchema(row: TReminderRow) {
  return ZFormFields.superRefine((v, ctx) => {
    const errors = validateReminder({
      type: row.type,
      reportId: row.reportId,
      hrEmailId: row.hrEmailId,
      subject: v.subject,
      body: v.body,
      frequencyType: v.frequencyType || null,
      weekDay: v.weekDay ? Number(v.weekDay) : null,
      monthDay: v.monthDay ? Number(v.monthDay) : null,
      alertStatus: v.alertStatus || null,
    });
    for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: "custom", path: [path], message });
  });
}

export function ReminderDialog({ group, row, managerName, onClose, onSaved }: { group: string; row: TReminderRow; managerName: string | null; onClose: () => void; onSaved: (message: string) => void }) {
  const { t } = useTranslation();
  const [view, setView] = useState<"edit" | "preview" | "html">("edit");
  const [notice, setNotice] = useState<string | null>(null);
  const isReport = row.type === "REPORTING_REMINDER";
  const form = useForm<TForm>({
    resolver: zodResolver(formSchema(row)),
    defaultValues: {
      subject: row.subject,
      body: row.body,
      frequencyType: row.frequencyType ?? "",
      weekDay: row.weekDay ? String(row.weekDay) : "",
      monthDay: row.monthDay ? String(row.monthDay) : "",
      alertStatus: row.alertStatus ?? "",
      enabled: row.id === null ? true : row.enabled,
      filterValues: row.filterValues,
    },
  });
  const { errors } = form.formState;
  const frequency = form.watch("frequencyType");
  const body = form.watch("body");
  const filterValues = form.watch("filterValues");
  const filters = useQuery({ ...trpc.reports.filters.queryOptions({ group, reportId: row.reportId ?? 0 }), enabled: isReport && row.reportId !== null });
  const save = useMutation(trpc.reportReminders.saveReminder.mutationOptions());
  const saveDefaults = useMutation(trpc.reports.saveFilterDefaults.mutationOptions());

  const onSubmit = form.handleSubmit(async (v) => {
    setNotice(null);
    try {
      const result = await save.mutateAsync({
        group,
        id: row.inherited ? undefined : (row.id ?? undefined),
        type: row.type,
        reportId: row.reportId ?? undefined,
        hrEmailId: row.hrEmailId ?? undefined,
        userId: row.userId,
        subject: v.subject,
        body: v.body,
        frequencyType: v.frequencyType || null,
        weekDay: v.weekDay ? Number(v.weekDay) : null,
        monthDay: v.monthDay ? Number(v.monthDay) : null,
        alertStatus: v.alertStatus || null,
        enabled: v.enabled,
        filterValues: Object.fromEntries(Object.entries({ ...(filters.data?.defaults ?? {}), ...v.filterValues }).filter(([, value]) => value !== "")),
      });
      await queryClient.invalidateQueries({ queryKey: trpc.reportReminders.pathKey() });
      onSaved(result.resultMessage);
    } catch (error) {
      setNotice(errorText(error, t("reminders.genericFailure")));
    }
  });

  const rendered = renderReminderBody(body, SAMPLE_PLACEHOLDERS);
  const onFrequency = (value: string) => {
    form.setValue("frequencyType", value as TForm["frequencyType"], { shouldDirty: true });
    // §4: selections are cleared on change.
    form.setValue("weekDay", "");
    form.setValue("monthDay", "");
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t("reminders.close")} className="max-w-2xl">
        <DialogTitle>{t("reminders.popup.title", { name: row.reportName })}</DialogTitle>
        <DialogDescription>{managerName ? t("reminders.popup.forManager", { name: managerName }) : t("reminders.popup.forAll")}</DialogDescription>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField label={t("reminders.popup.subject")} error={errors.subject?.message} required>
            {(field) => <Input {...field} {...form.register("subject")} />}
          </FormField>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t("reminders.popup.view")}</legend>
            <div role="radiogroup" aria-label={t("reminders.popup.view")} className="flex flex-wrap gap-2">
              {(["edit", "preview", "html"] as const).map((v) => (
                <Button key={v} type="button" size="sm" variant={view === v ? "default" : "outline"} role="radio" aria-checked={view === v} onClick={() => setView(v)}>
                  {t(`reminders.popup.${v}`)}
                </Button>
              ))}
            </div>
            {view === "edit" ? (
              <FormField label={t("reminders.popup.body")} hint={t("reminders.popup.bodyHint")} error={errors.body?.message} required>
                {(field) => <Textarea rows={7} {...field} {...form.register("body")} />}
              </FormField>
            ) : view === "preview" ? (
              <div aria-live="polite" className="whitespace-pre-wrap rounded-md border border-border bg-muted p-3 text-sm [overflow-wrap:anywhere]" data-testid="reminder-preview">
                {rendered.text}
              </div>
            ) : (
              <pre aria-live="polite" className="max-h-60 overflow-auto whitespace-pre-wrap rounded-md border border-border bg-muted p-3 text-xs [overflow-wrap:anywhere]" data-testid="reminder-html">
                {rendered.html}
              </pre>
            )}
            {view !== "edit" && errors.body?.message ? <p className="text-sm text-destructive">{errors.body.message}</p> : null}
          </fieldset>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <FormField label={t("reminders.popup.frequency")} error={errors.frequencyType?.message} required>
              {(field) => (
                <NativeSelect {...field} value={frequency} onChange={(e) => onFrequency(e.target.value)}>
                  <option value="">{t("reminders.popup.choose")}</option>
                  {FREQUENCY_TYPES.map((f) => (
                    <option key={f} value={f}>
                      {t(`reminders.frequency.${f}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            {frequency === "WEEKLY" ? (
              <FormField label={t("reminders.popup.weekDay")} error={errors.weekDay?.message} required>
                {(field) => (
                  <NativeSelect {...field} {...form.register("weekDay")}>
                    <option value="">{t("reminders.popup.choose")}</option>
                    {WEEK_DAYS.map((d) => (
                      <option key={d} value={String(d)}>
                        {t(`reminders.day.${d}`)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            ) : null}
            {frequency === "MONTHLY" ? (
              <FormField label={t("reminders.popup.monthDay")} hint={t("reminders.popup.monthDayHint")} error={errors.monthDay?.message} required>
                {(field) => (
                  <NativeSelect {...field} {...form.register("monthDay")}>
                    <option value="">{t("reminders.popup.choose")}</option>
                    {Array.from({ length: 31 }, (_, i) => i + 1).map((d) => (
                      <option key={d} value={String(d)}>
                        {d}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            ) : null}
            <FormField label={t("reminders.popup.alertStatus")} error={errors.alertStatus?.message} required>
              {(field) => (
                <NativeSelect {...field} {...form.register("alertStatus")}>
                  <option value="">{t("reminders.popup.choose")}</option>
                  {ALERT_STATUSES.map((a) => (
                    <option key={a} value={a}>
                      {t(`reminders.popup.alert.${a}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
          <FormField label={t("reminders.popup.enabled")} layout="inline">
            {(field) => <Checkbox {...field} checked={form.watch("enabled")} onCheckedChange={(c) => form.setValue("enabled", c === true)} />}
          </FormField>
          {isReport ? (
            <section aria-labelledby="reminder-filters" className="flex flex-col gap-2">
              <h3 id="reminder-filters" className="text-sm font-semibold">
                {t("reminders.popup.filters")}
              </h3>
              {filters.isPending ? null : filters.isError ? (
                <p className="text-sm text-destructive">{t("reminders.popup.filtersFailed")}</p>
              ) : filters.data.filters.filter((f) => !f.hidden).length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("reminders.popup.noFilters")}</p>
              ) : (
                <>
                  <div className="overflow-x-auto">
                    <Table>
                      <TableCaption className="sr-only">{t("reminders.popup.filters")}</TableCaption>
                      <TableHeader>
                        <TableRow>
                          <TableHead scope="col">{t("reminders.popup.filterName")}</TableHead>
                          <TableHead scope="col">{t("reminders.popup.filterValue")}</TableHead>
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {filters.data.filters
                          .filter((f) => !f.hidden)
                          .map((f) => {
                            const value = filterValues[f.name] ?? filters.data.defaults[f.name] ?? "";
                            const set = (next: string) => form.setValue("filterValues", { ...filterValues, [f.name]: next }, { shouldDirty: true });
                            const id = `reminder-filter-${f.name}`;
                            return (
                              <TableRow key={f.name}>
                                <TableCell>
                                  <label htmlFor={id}>{f.title}</label>
                                </TableCell>
                                <TableCell>
                                  {f.options.length > 0 ? (
                                    <NativeSelect id={id} value={value} onChange={(e) => set(e.target.value)}>
                                      <option value="">{t("reminders.popup.choose")}</option>
                                      {f.options.map((o) => (
                                        <option key={o.value} value={o.value}>
                                          {o.label}
                                        </option>
                                      ))}
                                    </NativeSelect>
                                  ) : (
                                    <Input id={id} value={value} onChange={(e) => set(e.target.value)} />
                                  )}
                                </TableCell>
                              </TableRow>
                            );
                          })}
                      </TableBody>
                    </Table>
                  </div>
                  <div>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={saveDefaults.isPending}
                      onClick={() => {
                        setNotice(null);
                        saveDefaults.mutate(
                          { group, reportId: row.reportId!, filters: Object.fromEntries(Object.entries(filterValues).filter(([, v]) => v !== "")) },
                          { onSuccess: (r) => setNotice(r.success ? t("reminders.popup.defaultsSaved") : r.resultMessage), onError: (e) => setNotice(errorText(e, t("reminders.genericFailure"))) },
                        );
                      }}
                    >
                      {t("reminders.popup.saveDefaults")}
                    </Button>
                  </div>
                </>
              )}
            </section>
          ) : null}
          {notice ? <Alert role="status">{notice}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t("reminders.popup.cancel")}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t("reminders.popup.saving") : t("reminders.popup.save")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
