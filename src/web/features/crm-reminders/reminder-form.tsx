/**
 * The add-reminder form (part 2 §3 "CRM reminder: userId, moveId, owner, datePicker, reminder text"; §9 the
 * schedule date picker: not earlier than today, with time, 15-minute steps): react-hook-form with zod; the
 * date-time is the reader's local time, sent as an ISO instant. A failed save says why, with its own text
 * when the server could not be reached (§8).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { crmReminderMessages, nextStepAfter, onReminderStep, REMINDER_STEP_MINUTES, REMINDER_TEXT_MAX } from "../../../domain/crm/reminders.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { errorText, isConnectionFailure } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

/** A Date as the value of a datetime-local input (the reader's local time). */
export function toLocalInput(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

const ZForm = z.object({
  move: z.string().regex(/^\d+:\d+$/),
  owner: z.string().regex(/^\d+$/),
  due: z
    .string()
    .min(1, crmReminderMessages.dueRequired)
    .refine((v) => !Number.isNaN(new Date(v).getTime()), crmReminderMessages.dueInvalid)
    .refine((v) => Number.isNaN(new Date(v).getTime()) || onReminderStep(new Date(v)), crmReminderMessages.dueStep)
    .refine((v) => Number.isNaN(new Date(v).getTime()) || new Date(v).getTime() >= Date.now() - REMINDER_STEP_MINUTES * 60_000, crmReminderMessages.duePast),
  reminder: z.string().trim().min(1, crmReminderMessages.textRequired).max(REMINDER_TEXT_MAX, crmReminderMessages.textTooLong),
});
type FormValues = z.infer<typeof ZForm>;

export function ReminderForm({ defaultMove }: { defaultMove?: { userId: number; moveId: number } }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState(defaultMove ? String(defaultMove.moveId) : "");
  const [query, setQuery] = useState(search);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const moves = useQuery(trpc.crmReminders.moves.queryOptions({ query }));
  const owners = useQuery(trpc.crmReminders.owners.queryOptions());
  const [saved, setSaved] = useState(false);
  const form = useForm<FormValues>({
    resolver: zodResolver(ZForm),
    defaultValues: { move: defaultMove ? `${defaultMove.userId}:${defaultMove.moveId}` : "", owner: "", due: toLocalInput(nextStepAfter(new Date())), reminder: "" },
  });
  const save = useMutation({
    ...trpc.crmReminders.save.mutationOptions(),
    onSuccess: () => {
      setSaved(true);
      form.reset({ ...form.getValues(), reminder: "", due: toLocalInput(nextStepAfter(new Date())) });
      void queryClient.invalidateQueries({ queryKey: trpc.crmReminders.list.pathKey() });
    },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((v) => {
    setSaved(false);
    const [userId, moveId] = v.move.split(":").map(Number) as [number, number];
    save.mutate({ userId, moveId, owner: Number(v.owner), datePicker: new Date(v.due).toISOString(), reminder: v.reminder });
  });
  const failure = save.isError ? (isConnectionFailure(save.error) ? t("crmReminders.saveUnreachable") : errorText(save.error, t("crmReminders.saveFailed"))) : null;

  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>{t("crmReminders.add")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate aria-label={t("crmReminders.add")} onSubmit={(e) => void onSubmit(e)} className="grid gap-4 tablet:grid-cols-2">
          <FormField label={t("crmReminders.form.search")} hint={t("crmReminders.form.searchHint")}>
            {(field) => <Input type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} {...field} />}
          </FormField>
          <FormField label={t("crmReminders.form.move")} error={errors.move ? t("crmReminders.form.moveRequired") : null} required>
            {(field) => (
              <NativeSelect {...field} {...form.register("move")}>
                <option value="">{moves.data && moves.data.moves.length === 0 ? t("crmReminders.form.noMoves") : t("crmReminders.form.movePick")}</option>
                {(moves.data?.moves ?? []).map((m) => (
                  <option key={m.moveId} value={`${m.userId}:${m.moveId}`}>
                    {t("crmReminders.form.moveOption", { employee: m.employeeName, moveId: m.moveId, group: m.groupDisplayName })}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t("crmReminders.form.owner")} error={errors.owner ? t("crmReminders.form.ownerRequired") : null} required>
            {(field) => (
              <NativeSelect {...field} {...form.register("owner")}>
                <option value="">{t("crmReminders.form.ownerPick")}</option>
                {(owners.data?.owners ?? []).map((o) => (
                  <option key={o.id} value={String(o.id)}>
                    {o.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t("crmReminders.form.due")} hint={t("crmReminders.form.dueHint")} error={errors.due?.message} required>
            {(field) => <Input type="datetime-local" step={REMINDER_STEP_MINUTES * 60} min={toLocalInput(new Date(Math.floor(Date.now() / 900_000) * 900_000))} {...field} {...form.register("due")} />}
          </FormField>
          <FormField label={t("crmReminders.form.reminder")} error={errors.reminder?.message} required className="tablet:col-span-2">
            {(field) => <Textarea rows={3} maxLength={REMINDER_TEXT_MAX} {...field} {...form.register("reminder")} />}
          </FormField>
          <div className="flex flex-col items-start gap-2 tablet:col-span-2">
            <Button type="submit" busy={save.isPending}>
              {t("crmReminders.form.save")}
            </Button>
            {failure ? (
              <p role="alert" className="text-sm text-destructive">
                {failure}
              </p>
            ) : null}
            <p role="status" className="text-sm text-success-foreground">
              {saved ? t("crmReminders.saved") : ""}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
