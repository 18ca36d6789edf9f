import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

/** A group's auto-approval rule (off by default). */
export function AutoApprovalPanel() {
  const { t } = useTranslation();
  const groups = useQuery(trpc.admin.groups.list.queryOptions());
  const [groupId, setGroupId] = useState<number | null>(null);
  const chosen = groupId ?? groups.data?.[0]?.id ?? null;
  const rule = useQuery(trpc.finance.approval.autoRule.queryOptions({ groupId: chosen ?? 1 }, { enabled: chosen !== null }));
  const save = useMutation(trpc.finance.approval.saveAutoRule.mutationOptions());
  const [form, setForm] = useState({ enabled: false, maxAmount: "0.00", currency: "EUR", requiresReceipt: true });
  const [message, setMessage] = useState<{ kind: "success" | "destructive"; text: string } | null>(null);
  useEffect(() => {
    if (rule.data) setForm({ enabled: rule.data.enabled, maxAmount: rule.data.maxAmount, currency: rule.data.currency, requiresReceipt: rule.data.requiresReceipt });
  }, [rule.data]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen === null || !rule.data) return;
    save.mutate(
      { groupId: chosen, ...form, version: rule.data.version, idempotencyKey: crypto.randomUUID() },
      {
        onSuccess: () => {
          setMessage({ kind: "success", text: t("financeApproval.autoSaved") });
          void queryClient.invalidateQueries({ queryKey: trpc.finance.approval.autoRule.queryKey() });
        },
        onError: (err) => setMessage({ kind: "destructive", text: serverMessage(err) ?? FM.saveChangesError }),
      },
    );
  };
  return (
    <Card className="flex flex-col gap-4 p-4" role="region" aria-labelledby="auto-approval-title">
      <div className="flex flex-col gap-1">
        <h2 id="auto-approval-title" className="text-lg font-semibold">
          {t("financeApproval.autoTitle")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("financeApproval.autoDescription")}</p>
      </div>
      <form onSubmit={submit} className="grid gap-4 tablet:grid-cols-2 desktop:grid-cols-4 desktop:items-end" noValidate>
        <FormField label={t("financeApproval.autoGroup")}>
          {(f) => (
            <NativeSelect {...f} value={chosen ?? ""} onChange={(e) => (setGroupId(Number(e.target.value)), setMessage(null))}>
              {(groups.data ?? []).map((g) => (
                <option key={g.id} value={g.id}>
                  {g.displayName}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t("financeApproval.autoMax")}>
          {(f) => <Input {...f} inputMode="decimal" value={form.maxAmount} onChange={(e) => setForm({ ...form, maxAmount: e.target.value })} />}
        </FormField>
        <FormField label={t("financeApproval.autoCurrency")}>
          {(f) => <Input {...f} maxLength={3} value={form.currency} onChange={(e) => setForm({ ...form, currency: e.target.value.toUpperCase() })} />}
        </FormField>
        <div className="flex flex-col gap-2">
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={form.enabled} onCheckedChange={(v) => setForm({ ...form, enabled: v === true })} />
            {t("financeApproval.autoEnabled")}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={form.requiresReceipt} onCheckedChange={(v) => setForm({ ...form, requiresReceipt: v === true })} />
            {t("financeApproval.autoReceipt")}
          </label>
        </div>
        <div className="flex flex-col gap-2 tablet:col-span-2 desktop:col-span-4 tablet:flex-row tablet:items-center">
          <Button type="submit" busy={save.isPending} disabled={!rule.data}>
            {t("financeApproval.save")}
          </Button>
          <div role="status" aria-live="polite" className="empty:hidden">
            {message ? <Alert variant={message.kind}>{message.text}</Alert> : null}
          </div>
        </div>
      </form>
    </Card>
  );
}
