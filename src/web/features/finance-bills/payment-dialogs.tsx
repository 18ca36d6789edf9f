import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import type { BillRow } from "../../../domain/finance/schemas-bills.ts";
import { isCurrencyCode, toMajorString } from "../../../domain/money/money.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { Money } from "../finance-shared/cells.tsx";
import { DialogButtons, DialogShell, ReasonSelect } from "../finance-shared/dialog.tsx";
import type { RunStatus } from "./use-run-status.tsx";

/** The popups that change a bill's status through update-bill-status: pay, record a payment, void. */

/** The VOID reasons of finance_rejection_reasons (seeded by the finance migration, ids 7–11). */
const VOID_REASONS = [
  { id: 7, label: "Duplicate bill" },
  { id: 8, label: "Raised in error" },
  { id: 9, label: "Supplier cancelled" },
  { id: 10, label: "Paid outside Meridian" },
  { id: 11, label: "Other" },
];

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Minor units as the decimal text a form shows, with the currency's ISO 4217 places (BHD 3, JPY/KRW 0): the money module's. */
function majorOf(minor: number, currency: string): string {
  return isCurrencyCode(currency) ? toMajorString({ amount: minor, currency }) : String(minor);
}

/** §5 multi-bill payment: the server's check (uniform currencies, none held) and the Paid popup's totals per currency. */
export function PayDialog({ bills, onClose, run }: { bills: BillRow[]; onClose: () => void; run: RunStatus }) {
  const { t } = useTranslation();
  const ids = bills.map((b) => b.id);
  const check = useQuery(trpc.finance.bills.calculateMultiple.queryOptions({ bills: ids }, { enabled: ids.length > 0 }));
  const [paymentDate, setPaymentDate] = useState(today());
  const [reference, setReference] = useState("");
  const [skippable, setSkippable] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const totalFrom = check.data?.totalFrom ?? null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const r = await run(ids.map((id) => ({ id, status: "Paid" as const, paymentDate, reference: reference.trim() || undefined, multipleBills: ids.length > 1, ignoreErrors: skippable !== null })));
    setBusy(false);
    if (r.skippable.length > 0) setSkippable([...new Set(r.skippable.flatMap((s) => s.skippableErrors.map((m) => `#${s.id}: ${m}`)))]);
    else onClose();
  };
  return (
    <DialogShell ns="financeBills" title={t("financeBills.payTitle", { count: ids.length })} description={t("financeBills.payDescription")} onClose={onClose}>
      {ids.length === 0 ? (
        <Alert variant="destructive">{FM.selectAtLeastOneBill}</Alert>
      ) : check.isPending ? (
        <LoadingRows rows={2} />
      ) : check.isError || !check.data ? (
        <Alert variant="destructive">{serverMessage(check.error) ?? FM.saveChangesError}</Alert>
      ) : !check.data.success ? (
        <Alert variant="destructive" role="alert">
          {check.data.errorMessage}
        </Alert>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-muted-foreground">{t("financeBills.totalFrom")}</dt>
            <dd className="text-right">{totalFrom ? <Money amount={totalFrom.amount} currency={totalFrom.currency} /> : "—"}</dd>
            {check.data.totalsFrom.length > 1
              ? check.data.totalsFrom.map((x) => (
                  <dd key={x.currency} className="col-span-2 text-right">
                    <Money amount={x.amount} currency={x.currency} />
                  </dd>
                ))
              : null}
          </dl>
          <FormField label={t("financeBills.paymentDate")} required>
            {(f) => <Input {...f} type="date" max={today()} value={paymentDate} onChange={(e) => setPaymentDate(e.target.value)} />}
          </FormField>
          <FormField label={t("financeBills.reference")}>{(f) => <Input {...f} maxLength={255} value={reference} onChange={(e) => setReference(e.target.value)} />}</FormField>
          {skippable ? (
            <Alert variant="info" title={t("financeBills.skippable")}>
              <ul className="list-disc pl-4">
                {skippable.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          <DialogButtons ns="financeBills" busy={busy} label={skippable ? t("financeBills.payAnyway") : t("financeBills.confirmPay")} onClose={onClose} />
        </form>
      )}
    </DialogShell>
  );
}

/** §5 PaidPendingAudit payment: amount non-zero, currency and date (not in the future), recipient amount and currency when different. */
export function RecordDialog({ bill, onClose, run }: { bill: BillRow; onClose: () => void; run: RunStatus }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ amount: majorOf(bill.gross, bill.currency), currency: bill.currency, paymentDate: today(), different: false, recipientAmount: "", recipientCurrency: "" });
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const r = await run([
      {
        id: bill.id,
        status: "PaidPendingAudit",
        paymentAmount: form.amount,
        currency: form.currency,
        paymentDate: form.paymentDate,
        differentRecipientCurrency: form.different,
        recipientAmount: form.different ? form.recipientAmount : undefined,
        recipientCurrency: form.different ? form.recipientCurrency.toUpperCase() : undefined,
        ignoreErrors: true,
      },
    ]);
    setBusy(false);
    if (r.ok) onClose();
  };
  return (
    <DialogShell ns="financeBills" title={t("financeBills.recordTitle", { id: bill.id })} description={t("financeBills.recordDescription")} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div className="grid grid-cols-2 gap-3">
          <FormField label={t("financeBills.paymentAmount")} required>
            {(f) => <Input {...f} inputMode="decimal" value={form.amount} onChange={(e) => setForm({ ...form, amount: e.target.value })} />}
          </FormField>
          <FormField label={t("financeBills.currency")} required>
            {(f) => <Input {...f} maxLength={3} value={form.currency} onChange={(e) => setForm({ ...form, currency: e.target.value.toUpperCase() })} />}
          </FormField>
        </div>
        <FormField label={t("financeBills.paymentDate")} required>
          {(f) => <Input {...f} type="date" max={today()} value={form.paymentDate} onChange={(e) => setForm({ ...form, paymentDate: e.target.value })} />}
        </FormField>
        <FormField label={t("financeBills.differentRecipientCurrency")} layout="inline">
          {(f) => <Checkbox {...f} checked={form.different} onCheckedChange={(v) => setForm({ ...form, different: v === true })} />}
        </FormField>
        {form.different ? (
          <div className="grid grid-cols-2 gap-3">
            <FormField label={t("financeBills.recipientAmount")} required>
              {(f) => <Input {...f} inputMode="decimal" value={form.recipientAmount} onChange={(e) => setForm({ ...form, recipientAmount: e.target.value })} />}
            </FormField>
            <FormField label={t("financeBills.recipientCurrency")} required>
              {(f) => <Input {...f} maxLength={3} value={form.recipientCurrency} onChange={(e) => setForm({ ...form, recipientCurrency: e.target.value.toUpperCase() })} />}
            </FormField>
          </div>
        ) : null}
        <DialogButtons ns="financeBills" busy={busy} label={t("financeBills.recordPayment")} onClose={onClose} />
      </form>
    </DialogShell>
  );
}

/** §4/§5 void: a reason for VendorBooking and Expense bills; notes at most 250 characters. */
export function VoidDialog({ bill, onClose, run }: { bill: BillRow; onClose: () => void; run: RunStatus }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const needsReason = bill.billType === "VendorBooking" || bill.billType === "Expense";
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (needsReason && reason === "") {
      setError(FM.voidReasonRequired);
      return;
    }
    setBusy(true);
    const r = await run([{ id: bill.id, status: "Void", rejectionId: reason === "" ? null : Number(reason), rejectionReason: notes.trim() || null }]);
    setBusy(false);
    if (r.ok) onClose();
  };
  return (
    <DialogShell ns="financeBills" title={t("financeBills.voidTitle", { id: bill.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <ReasonSelect ns="financeBills" label={t("financeBills.voidReason")} required={needsReason} error={error} reasons={VOID_REASONS} value={reason} onChange={setReason} />
        <FormField label={t("financeBills.voidNotes")}>{(f) => <Input {...f} maxLength={250} value={notes} onChange={(e) => setNotes(e.target.value)} />}</FormField>
        <DialogButtons ns="financeBills" busy={busy} label={t("financeBills.void")} variant="destructive" onClose={onClose} />
      </form>
    </DialogShell>
  );
}
