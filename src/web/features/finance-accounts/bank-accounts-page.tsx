import { useMutation, useQuery } from "@tanstack/react-query";
import { Lock, LockOpen } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import type { TBankAccount } from "../../../domain/finance/schemas-accounts.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { Dialog, DialogContent, DialogTitle } from "../../components/ui/dialog.tsx";
import { BankDetailsForm } from "./bank-details-form.tsx";
import { fieldErrorsOf } from "./shared.tsx";

type Notice = { kind: "success" | "destructive" | "info"; text: string } | null;

/**
 * /finance/bank-accounts (part 2 §4 "Bank account: locked or unlocked toggle; unlocking a paid account
 * warns to relock, and is allowed only when the page's allow-unlock-paid-account flag is set"; §8
 * "Employee has no accounts", "Bank Account Error"; tooltips "not confirmed" / "confirmed by the
 * payment system"). The employee is kept in the URL; each toggle asks for confirmation and is sent with
 * the version read, so a change made meanwhile is refused rather than overwritten.
 */
export function FinanceBankAccountsPage({ employeeId, onEmployee }: { employeeId: number | undefined; onEmployee: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(employeeId ? String(employeeId) : "");
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d+$/.test(text.trim())) {
      setError(FM.userIdRequired);
      return;
    }
    setError(null);
    onEmployee(Number(text.trim()));
  };
  return (
    <div className="flex flex-col gap-6">
      <PageHeader eyebrow={t("financeAccounts.eyebrow")} title={t("financeAccounts.bankTitle")} description={t("financeAccounts.bankDescription")} />
      <Card className="p-4 tablet:p-6">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4 tablet:flex-row tablet:items-end">
          <FormField label={t("financeAccounts.employeeId")} error={error} required className="tablet:w-64">
            {(f) => <Input {...f} inputMode="numeric" value={text} onChange={(e) => setText(e.target.value)} />}
          </FormField>
          <Button type="submit">{t("financeAccounts.find")}</Button>
        </form>
      </Card>
      {employeeId ? <BankAccounts key={employeeId} employeeId={employeeId} /> : <Card><EmptyState title={t("financeAccounts.bankSearchFirst")} /></Card>}
    </div>
  );
}

function BankAccounts({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const options = trpc.finance.accounts.bankAccountsOfEmployees.queryOptions({ employeeIds: [employeeId] });
  const query = useQuery(options);
  const settings = useQuery(trpc.finance.accounts.settings.queryOptions());
  const [confirming, setConfirming] = useState<TBankAccount | null>(null);
  const [editing, setEditing] = useState<TBankAccount | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const toggle = useMutation(
    trpc.finance.accounts.setBankAccountLock.mutationOptions({
      onSuccess: (r, vars) => {
        const alias = query.data?.find((b) => b.id === vars.bankAccountId)?.accountAlias ?? "";
        if (!r.locked && r.paymentCompleted) setNotice({ kind: "info", text: t("financeAccounts.relockWarning", { alias }) });
        else setNotice({ kind: "success", text: t(r.locked ? "financeAccounts.lockedDone" : "financeAccounts.unlockedDone", { alias }) });
      },
      onError: (error) => setNotice({ kind: "destructive", text: errorText(error, FM.bankAccountError) }),
      onSettled: () => void queryClient.invalidateQueries({ queryKey: options.queryKey }),
    }),
  );
  if (query.isPending) return <LoadingRows rows={3} />;
  if (query.isError || !query.data) return <ErrorState message={errorText(query.error, FM.bankAccountError)} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <Card><EmptyState title={FM.employeeHasNoAccounts} /></Card>;
  const allowUnlockPaid = settings.data?.allowUnlockPaidAccount ?? false;
  const target = confirming;
  return (
    <>
      <div role="status" aria-live="polite" className="empty:hidden">
        {notice ? <Alert variant={notice.kind}>{notice.text}</Alert> : null}
      </div>
      <Card className="min-w-0 overflow-hidden">
        <Table>
          <TableCaption>{t("financeAccounts.bankTitle")}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>{t("financeAccounts.alias")}</TableHead>
              <TableHead>{t("financeAccounts.accountNumber")}</TableHead>
              <TableHead>{t("financeAccounts.currency")}</TableHead>
              <TableHead>{t("financeAccounts.status")}</TableHead>
              <TableHead>{t("financeAccounts.confirmation")}</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">{t("financeAccounts.lock")}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {query.data.map((b) => {
              const blocked = b.locked && b.paymentCompleted && !allowUnlockPaid;
              return (
                <TableRow key={b.id}>
                  <TableCell className="font-medium">{b.accountAlias}</TableCell>
                  <TableCell className="tabular-nums">
                    <span className="whitespace-nowrap">{b.accountNumber}</span>
                    {/* Issue 24 §5: whether a payment file can pay this account. */}
                    {b.bankDetails.usable ? (
                      <span className="block break-words text-xs text-muted-foreground">{b.bankDetails.summary}</span>
                    ) : (
                      <Badge variant="warning" className="mt-1">{t("financeAccounts.notUsable")}</Badge>
                    )}
                  </TableCell>
                  <TableCell>{b.accountCurrencyCode}</TableCell>
                  <TableCell>
                    <span className="flex flex-wrap gap-1.5">
                      <Badge variant={b.locked ? "warning" : "neutral"}>{t(b.locked ? "financeAccounts.locked" : "financeAccounts.unlocked")}</Badge>
                      {b.paymentCompleted ? <Badge variant="success">{t("financeAccounts.paid")}</Badge> : null}
                    </span>
                  </TableCell>
                  <TableCell>
                    <Badge variant={b.unConfirmed ? "warning" : "info"} title={t(b.unConfirmed ? "financeAccounts.notConfirmedTip" : "financeAccounts.confirmedTip")}>
                      {t(b.unConfirmed ? "financeAccounts.notConfirmed" : "financeAccounts.confirmed")}
                      <span className="sr-only">: {t(b.unConfirmed ? "financeAccounts.notConfirmedTip" : "financeAccounts.confirmedTip")}</span>
                    </Badge>
                  </TableCell>
                  <TableCell className="text-right">
                    <span className="inline-flex flex-wrap justify-end gap-2">
                    <Button variant="outline" size="sm" onClick={() => setEditing(b)} aria-label={t("financeAccounts.editBankDetailsOf", { alias: b.accountAlias })}>
                      {t("financeAccounts.editBankDetails")}
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={blocked || toggle.isPending}
                      title={blocked ? t("financeAccounts.unlockPaidBlocked") : undefined}
                      onClick={() => setConfirming(b)}
                      aria-label={`${t(b.locked ? "financeAccounts.unlock" : "financeAccounts.lock")} ${b.accountAlias}`}
                    >
                      {b.locked ? <LockOpen aria-hidden="true" className="size-4" /> : <Lock aria-hidden="true" className="size-4" />}
                      {t(b.locked ? "financeAccounts.unlock" : "financeAccounts.lock")}
                    </Button>
                    </span>
                    {blocked ? <p className="mt-1 text-xs text-muted-foreground">{t("financeAccounts.unlockPaidBlocked")}</p> : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Card>
      <BankDetailsDialog
        account={editing}
        onClose={() => setEditing(null)}
        onSaved={(b) => {
          setEditing(null);
          setNotice({ kind: "success", text: t("financeAccounts.bankDetailsSaved") });
          void queryClient.invalidateQueries({ queryKey: options.queryKey });
          void b;
        }}
      />
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={target ? t(target.locked ? "financeAccounts.unlockTitle" : "financeAccounts.lockTitle", { alias: target.accountAlias }) : ""}
        description={target ? (target.locked ? (target.paymentCompleted ? t("financeAccounts.unlockPaidBody") : t("financeAccounts.unlockBody")) : t("financeAccounts.lockBody")) : ""}
        confirmLabel={target ? t(target.locked ? "financeAccounts.unlock" : "financeAccounts.lock") : ""}
        cancelLabel={t("financeAccounts.cancel")}
        destructive={target?.locked === true && target.paymentCompleted}
        onConfirm={() => {
          if (target) toggle.mutate({ bankAccountId: target.id, employeeId: target.employeeId, locked: !target.locked, version: target.version });
          setConfirming(null);
        }}
      />
    </>
  );
}

/** An employee bank account's bank details (issue 24 §5), saved with the version read. */
function BankDetailsDialog({ account, onClose, onSaved }: { account: TBankAccount | null; onClose: () => void; onSaved: (b: TBankAccount) => void }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation(
    trpc.finance.accounts.setEmployeeBankDetails.mutationOptions({
      onSuccess: (b) => onSaved(b),
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        setErrors(fields);
        // A field's own message shows beside it; the alert only for the rest.
        setFailure(Object.keys(fields).length > 0 ? null : errorText(error, FM.bankAccountError));
      },
    }),
  );
  return (
    <Dialog
      open={account !== null}
      onOpenChange={(open) => {
        if (!open) {
          setErrors({});
          setFailure(null);
          onClose();
        }
      }}
    >
      <DialogContent closeLabel={t("financeAccounts.cancel")} className="max-w-xl">
        <DialogTitle>{account ? t("financeAccounts.bankDetailsTitle", { alias: account.accountAlias }) : ""}</DialogTitle>
        {account ? (
          <BankDetailsForm
            key={account.id}
            initial={account.bankDetails}
            errors={errors}
            failure={failure}
            busy={save.isPending}
            submitLabel={t("financeAccounts.saveBankDetails")}
            onCancel={onClose}
            onSubmit={(v) => {
              setErrors({});
              setFailure(null);
              save.mutate({ bankAccountId: account.id, employeeId: account.employeeId, version: account.version, ...v, idempotencyKey: crypto.randomUUID() });
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
