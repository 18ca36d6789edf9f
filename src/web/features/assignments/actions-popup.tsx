import { useMutation } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { namesSummary, popupButton, validateEnd, validateExtension } from "../../../domain/moves/assignments/rules.ts";
import { assignmentMessages, type TEmployeeRow, type TEmployeesView } from "../../../domain/moves/assignments/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { trpc } from "../../lib/trpc.ts";
import { pickToAction, RepatriationPolicy, type LoadedPolicy, type PolicyPick } from "./end-policy.tsx";
import { formatDate } from "../../lib/format.ts";

export type Kind = "EXTEND" | "END";
export const nameOf = (r: TEmployeeRow) => `${r.firstName} ${r.lastName}`.trim() || r.email;

type Values = { newEndDate: string; groupOptionId: number | null; reason: string; message: string; policy: PolicyPick | null };

/** The server's per-action texts (`actions.<i>.<field>`) of a refused call, by action. */
function fieldsByAction(error: unknown): Map<number, Record<string, string>> {
  const out = new Map<number, Record<string, string>>();
  const data = error instanceof TRPCClientError ? (error.data as { fields?: Record<string, string> | null } | undefined) : undefined;
  for (const [key, message] of Object.entries(data?.fields ?? {})) {
    const m = /^actions\.(\d+)\.(.+)$/.exec(key);
    if (!m) continue;
    const i = Number(m[1]);
    out.set(i, { ...(out.get(i) ?? {}), [m[2]!]: message });
  }
  return out;
}

/**
 * §4 the actions popup: one step per selected employee with next / previous; the last employee or "apply to
 * all" makes the button read Confirm; after success the message shows and Cancel reads Close, which reloads
 * the page. §8: a failure shows "We were unable to process data." and the buttons work again.
 */
export function ActionsPopup({ group, kind, rows, view, onCancel }: { group: string; kind: Kind; rows: TEmployeeRow[]; view: TEmployeesView; onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const defaultReason = view.reasons.reasons.find((r) => r.defaultValue)?.id ?? null;
  const initial = useMemo(
    () => rows.map((): Values => ({ newEndDate: "", groupOptionId: view.reasons.enabled ? defaultReason : null, reason: "", message: "", policy: null })),
    [rows, view.reasons.enabled, defaultReason],
  );
  const [values, setValues] = useState<Values[]>(initial);
  const [index, setIndex] = useState(0);
  const [applyToAll, setApplyToAll] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [warnings, setWarnings] = useState<Record<string, string>>({});
  /** Each employee's loaded repatriation policy (END): whether it may be edited and its stage 3. */
  const [loaded, setLoaded] = useState<Record<number, LoadedPolicy>>({});
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const extend = useMutation(trpc.assignments.extend.mutationOptions());
  const repatriate = useMutation(trpc.assignments.repatriate.mutationOptions());
  const busy = extend.isPending || repatriate.isPending;
  const row = rows[index]!;
  const v = values[index]!;
  const button = popupButton(index, rows.length, applyToAll);
  const set = (patch: Partial<Values>) => setValues((all) => all.map((x, i) => (i === index ? { ...x, ...patch } : x)));

  const check = (r: TEmployeeRow, x: Values) => {
    const found =
      kind === "EXTEND"
        ? validateExtension({ currentEndDate: r.assignmentEndDate, newEndDate: x.newEndDate, today: view.today, reasonsEnabled: view.reasons.enabled, groupOptionId: x.groupOptionId, reasonIds: view.reasons.reasons.map((o) => o.id) })
        : validateEnd({ newEndDate: x.newEndDate, today: view.today, reasonsEnabled: view.reasons.enabled, reason: x.reason.trim() || null });
    const all: Record<string, string> = { ...found } as Record<string, string>;
    if (!x.newEndDate) all.newEndDate = assignmentMessages.dateRequired;
    return { errors: { ...all, ...(policyOf(r, x)?.errors ?? {}) }, warnings: policyOf(r, x)?.warnings ?? {} };
  };

  /** The end action's services and budgets: what the user picked on an editable policy, else none (no edit). */
  const policyOf = (r: TEmployeeRow, x: Values) => {
    const policy = loaded[r.employeeId];
    if (kind !== "END" || !policy?.editable || !policy.stage || !x.policy?.touched) return null;
    return pickToAction(policy.stage, x.policy, {
      amountAndCurrency: t("assignments.policy.amountAndCurrency"),
      numeric: t("assignments.policy.numeric"),
      aboveZero: t("assignments.policy.aboveZero"),
      outsideHard: t("assignments.policy.outsideHard"),
      outsideSoft: t("assignments.policy.outsideSoft"),
    });
  };

  const submit = async () => {
    setFailed(null);
    // Apply to all copies the date, reason and message; each employee keeps their own policy choices.
    const finalValues = applyToAll ? values.map((x) => ({ ...v, policy: x.policy })) : values;
    for (const [i, r] of rows.entries()) {
      const found = check(r, finalValues[i]!);
      if (Object.keys(found.errors).length > 0) {
        setIndex(i);
        setErrors(found.errors);
        setWarnings(found.warnings);
        return;
      }
    }
    try {
      const res =
        kind === "EXTEND"
          ? await extend.mutateAsync({ group, actions: rows.map((r, i) => ({ employeeId: r.employeeId, message: finalValues[i]!.message, newEndDate: finalValues[i]!.newEndDate, groupOptionId: finalValues[i]!.groupOptionId })) })
          : await repatriate.mutateAsync({
              group,
              actions: rows.map((r, i) => {
                const x = finalValues[i]!;
                const policy = policyOf(r, x);
                return { employeeId: r.employeeId, message: x.message, newEndDate: x.newEndDate, reason: x.reason.trim() || null, services: policy?.services ?? [], budgets: policy?.budgets ?? [] };
              }),
            });
      setDone(res.message);
    } catch (error) {
      setFailed(t("assignments.unable"));
      // The server's texts of the first refused employee, shown at that step (budgets by their group).
      const [first] = [...fieldsByAction(error).entries()].sort((a, b) => a[0] - b[0]);
      if (first && !applyToAll) {
        const [i, fields] = first;
        const sent = policyOf(rows[i]!, finalValues[i]!)?.budgets ?? [];
        const shown: Record<string, string> = {};
        for (const [field, message] of Object.entries(fields)) {
          const budget = /^budgets\.(\d+)\./.exec(field);
          if (budget && sent[Number(budget[1])]) shown[`budget${sent[Number(budget[1])]!.budgetGroupId}`] = message;
          else if (field.startsWith("services") || field === "policy") shown.services = message;
          else shown[field] = message;
        }
        setIndex(i);
        setErrors(shown);
      }
    }
  };

  const next = () => {
    const found = check(row, v);
    setErrors(found.errors);
    setWarnings(found.warnings);
    if (Object.keys(found.errors).length > 0) return;
    if (button === "confirm") void submit();
    else setIndex(index + 1);
  };

  return (
    <Dialog open onOpenChange={(o) => (!o ? (done ? window.location.reload() : onCancel()) : undefined)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto" closeLabel={done ? t("assignments.close") : t("assignments.cancel")} aria-describedby={`${id}-names`}>
        <DialogTitle>{kind === "EXTEND" ? t("assignments.extendTitle") : t("assignments.endTitle")}</DialogTitle>
        <DialogDescription id={`${id}-names`} data-testid="popup-names">
          {t("assignments.forNames", { names: namesSummary(rows.map(nameOf)) })}
        </DialogDescription>
        {done ? (
          <Alert variant="success" role="status" className="mt-4">
            {done}
          </Alert>
        ) : (
          <form
            className="mt-4 flex flex-col gap-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              next();
            }}
          >
            <p className="text-sm font-medium" data-testid="popup-step">
              {t("assignments.step", { index: index + 1, count: rows.length, name: nameOf(row) })}
            </p>
            <p className="text-sm text-muted-foreground">{t("assignments.currentEnd", { date: row.assignmentEndDate ? formatDate(row.assignmentEndDate) : t("assignments.noDate") })}</p>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-date`}>{kind === "EXTEND" ? t("assignments.newEndDate") : t("assignments.endDate")}</Label>
              <Input
                id={`${id}-date`}
                type="date"
                value={v.newEndDate}
                min={view.today}
                aria-invalid={errors.newEndDate ? true : undefined}
                aria-describedby={errors.newEndDate ? `${id}-date-error` : undefined}
                onChange={(e) => set({ newEndDate: e.target.value })}
              />
              {errors.newEndDate ? (
                <p id={`${id}-date-error`} className="text-sm text-destructive">
                  {errors.newEndDate}
                </p>
              ) : null}
            </div>
            {kind === "EXTEND" && view.reasons.enabled ? (
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-reason`}>{t("assignments.reason")}</Label>
                <NativeSelect
                  id={`${id}-reason`}
                  value={v.groupOptionId ?? ""}
                  aria-invalid={errors.groupOptionId ? true : undefined}
                  onChange={(e) => set({ groupOptionId: e.target.value ? Number(e.target.value) : null })}
                >
                  <option value="">{t("assignments.chooseReason")}</option>
                  {view.reasons.reasons.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.optionValue}
                    </option>
                  ))}
                </NativeSelect>
                {errors.groupOptionId ? <p className="text-sm text-destructive">{errors.groupOptionId}</p> : null}
              </div>
            ) : null}
            {kind === "END" ? (
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-end-reason`}>{t("assignments.endReason")}</Label>
                <Input id={`${id}-end-reason`} value={v.reason} maxLength={500} aria-invalid={errors.reason ? true : undefined} onChange={(e) => set({ reason: e.target.value })} />
                {errors.reason ? <p className="text-sm text-destructive">{errors.reason}</p> : null}
              </div>
            ) : null}
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-message`}>{t("assignments.message")}</Label>
              <Textarea id={`${id}-message`} rows={3} maxLength={2000} value={v.message} onChange={(e) => set({ message: e.target.value })} />
            </div>
            {kind === "END" ? (
              <RepatriationPolicy
                key={row.employeeId}
                row={row}
                pick={v.policy}
                errors={errors}
                warnings={warnings}
                onPick={(policy) => set({ policy })}
                onLoaded={(employeeId, policy, pick) => {
                  setLoaded((all) => ({ ...all, [employeeId]: policy }));
                  setValues((all) => all.map((x, i) => (rows[i]!.employeeId === employeeId && x.policy === null ? { ...x, policy: pick } : x)));
                }}
              />
            ) : null}
            {rows.length > 1 ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4 accent-primary" checked={applyToAll} onChange={(e) => setApplyToAll(e.target.checked)} />
                {t("assignments.applyToAll")}
              </label>
            ) : null}
            <div role="alert" className="empty:hidden">
              {failed ? <Alert variant="destructive">{failed}</Alert> : null}
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
                {t("assignments.cancel")}
              </Button>
              <Button type="button" variant="outline" disabled={busy || index === 0 || applyToAll} onClick={() => (setErrors({}), setWarnings({}), setIndex(index - 1))}>
                {t("assignments.previous")}
              </Button>
              <Button type="submit" busy={busy} disabled={busy}>
                {button === "confirm" ? t("assignments.confirm") : t("assignments.next")}
              </Button>
            </div>
          </form>
        )}
        {done ? (
          <div className="mt-4 flex justify-end">
            <Button type="button" onClick={() => window.location.reload()}>
              {t("assignments.close")}
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
