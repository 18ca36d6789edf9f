import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { INTERNAL_NOTES_MAX, REJECTION_NOTES_MAX } from "../../../domain/finance/amounts.ts";
import { financeMessages as FM, notesMaxMessage } from "../../../domain/finance/messages.ts";
import type { TApprovalRow } from "../../../domain/finance/schemas-approval.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatMajorMoney } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";
import { DialogButtons, DialogShell, HoldDialog, ReasonSelect } from "../finance-shared/dialog.tsx";

/** Bill Approval's popups: §4's approval confirms, rejection, request for change, hold, internal note. */

/** The remaining-budget check's answer, once it has run. */
export type BudgetCheck = { outOfBudget: boolean; overBudget: boolean; newTotalSpend: string | null } | null;
export type ConfirmStep = "confirmOutOfPolicy" | "confirmOutOfBudget" | "confirmOverBudget";

/** One of §4's confirms on the way to approving: out of policy, out of budget (ManagedBudget), over budget (the new total against the budget). */
export function ApprovalConfirm({ row, step, check, onClose, onConfirm }: { row: TApprovalRow; step: ConfirmStep; check: BudgetCheck; onClose: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(step === "confirmOutOfPolicy" ? "financeApproval.confirmPolicyTitle" : step === "confirmOutOfBudget" ? "financeApproval.confirmOutOfBudgetTitle" : "financeApproval.confirmOverBudgetTitle")}
      description={
        step === "confirmOutOfPolicy"
          ? t("financeApproval.confirmPolicy")
          : step === "confirmOutOfBudget"
            ? t("financeApproval.confirmOutOfBudget")
            : t("financeApproval.confirmOverBudget", {
                total: check?.newTotalSpend && row.budget.currency ? formatMajorMoney(check.newTotalSpend, row.budget.currency) : "—",
                budget: row.budget.budget && row.budget.currency ? formatMajorMoney(row.budget.budget, row.budget.currency) : "—",
              })
      }
      confirmLabel={t("financeApproval.approve")}
      cancelLabel={t("financeApproval.cancel")}
      onConfirm={onConfirm}
    />
  );
}

/** A popup's item, and `onDone` with the confirmation to show on the page once saved (the popup closes itself). */
type DialogProps = { row: TApprovalRow; onClose: () => void; onDone: (text: string) => void };

/** §5 rejection: a reason must be selected; notes at most 250 characters. */
export function RejectDialog({ row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const reasons = useQuery(trpc.finance.approval.reasons.queryOptions());
  const reject = useMutation(trpc.finance.approval.reject.mutationOptions());
  const [reason, setReason] = useState("");
  const [notes, setNotes] = useState("");
  const [errors, setErrors] = useState<{ reason?: string; notes?: string; form?: string }>({});
  const what = t(`financeApproval.type.${row.kind}`);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!reason) next.reason = FM.rejectionReasonRequired;
    if (notes.length > REJECTION_NOTES_MAX) next.notes = notesMaxMessage(REJECTION_NOTES_MAX);
    setErrors(next);
    if (next.reason || next.notes) return;
    reject.mutate(
      { kind: row.kind, id: row.id, rejectionId: Number(reason), rejectionReason: notes.trim() || null, idempotencyKey: crypto.randomUUID() },
      { onSuccess: () => (onClose(), onDone(t("financeApproval.rejected", { what, id: row.id }))), onError: (err) => setErrors({ form: serverMessage(err) ?? FM.productTeamError }) },
    );
  };
  return (
    <DialogShell ns="financeApproval" title={t("financeApproval.rejectTitle", { what, id: row.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {errors.form ? <Alert variant="destructive" role="alert">{errors.form}</Alert> : null}
        <ReasonSelect ns="financeApproval" label={t("financeApproval.rejectionReason")} required error={errors.reason} reasons={reasons.data?.reasons ?? []} value={reason} onChange={setReason} />
        <FormField label={t("financeApproval.notes")} error={errors.notes}>
          {(f) => <Textarea {...f} value={notes} onChange={(e) => setNotes(e.target.value)} />}
        </FormField>
        <DialogButtons ns="financeApproval" busy={reject.isPending} label={t("financeApproval.reject")} onClose={onClose} />
      </form>
    </DialogShell>
  );
}

/** Hold (§4): the shared hold popup, saved with set-hold; the server's refusal shows under the reason. */
export function ApprovalHoldDialog({ row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const hold = useMutation(trpc.finance.approval.setHold.mutationOptions());
  const what = t(`financeApproval.type.${row.kind}`);
  return (
    <HoldDialog
      ns="financeApproval"
      title={t("financeApproval.holdTitle", { what, id: row.id })}
      busy={hold.isPending}
      onClose={onClose}
      onSave={(reason, showError) =>
        hold.mutate(
          { kind: row.kind, id: row.id, holdStatus: true, holdReason: reason, idempotencyKey: crypto.randomUUID() },
          { onSuccess: () => (onClose(), onDone(t("financeApproval.held", { what, id: row.id }))), onError: (err) => showError(serverMessage(err) ?? FM.productTeamError) },
        )
      }
    />
  );
}

/** §5 request for change (booking costs): a reason, at most 250 characters. */
export function ChangeDialog({ row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const change = useMutation(trpc.finance.approval.requestChange.mutationOptions());
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(FM.rejectionReasonRequired);
    if (reason.length > REJECTION_NOTES_MAX) return setError(notesMaxMessage(REJECTION_NOTES_MAX));
    change.mutate(
      { bookingCostId: row.id, requestForChangeReason: reason.trim(), idempotencyKey: crypto.randomUUID() },
      { onSuccess: () => (onClose(), onDone(t("financeApproval.changeRequested", { id: row.id }))), onError: (err) => setError(serverMessage(err) ?? FM.productTeamError) },
    );
  };
  return (
    <DialogShell ns="financeApproval" title={t("financeApproval.changeTitle", { id: row.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormField label={t("financeApproval.changeReason")} required error={error}>
          {(f) => <Textarea {...f} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </FormField>
        <DialogButtons ns="financeApproval" busy={change.isPending} label={t("financeApproval.requestChange")} onClose={onClose} />
      </form>
    </DialogShell>
  );
}

/** §5 expense form: internal notes at most 255 characters. */
export function NoteDialog({ row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const save = useMutation(trpc.finance.approval.expenseNote.mutationOptions());
  const [note, setNote] = useState(row.internalNote);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (note.length > INTERNAL_NOTES_MAX) return setError(FM.internalNotesTooLong);
    save.mutate(
      { expenseId: row.id, internalNote: note, idempotencyKey: crypto.randomUUID() },
      { onSuccess: () => (onClose(), onDone(t("financeApproval.noteSaved"))), onError: (err) => setError(serverMessage(err) ?? FM.expenseGenericError) },
    );
  };
  return (
    <DialogShell ns="financeApproval" title={t("financeApproval.noteTitle", { id: row.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormField label={t("financeApproval.note")} error={error}>
          {(f) => <Textarea {...f} value={note} onChange={(e) => setNote(e.target.value)} />}
        </FormField>
        <DialogButtons ns="financeApproval" busy={save.isPending} label={t("financeApproval.save")} onClose={onClose} />
      </form>
    </DialogShell>
  );
}
