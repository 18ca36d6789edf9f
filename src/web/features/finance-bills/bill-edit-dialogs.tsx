import { useMutation } from "@tanstack/react-query";
import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import { checkCreateRecipientAccount } from "../../../domain/finance/payments.ts";
import type { BillRow } from "../../../domain/finance/schemas-bills.ts";
import { Button } from "../../components/ui/button.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { DialogButtons, DialogShell } from "../finance-shared/dialog.tsx";

/**
 * The popups that change a bill's details (§4): the due date, the recipient account, the payment's recipient
 * currency. `onDone` gets null when saved, else the failure to show on the page (the due date's; the others
 * show theirs in the popup).
 */
type EditProps = { bill: BillRow; onClose: () => void; onDone: (error: string | null) => void };

export function DueDialog({ bill, onClose, onDone }: EditProps) {
  const { t } = useTranslation();
  const [due, setDue] = useState(bill.dueDate ?? "");
  const save = useMutation(trpc.finance.bills.updateBill.mutationOptions());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id: bill.id, due: due === "" ? null : due, idempotencyKey: crypto.randomUUID() },
      { onSuccess: () => (onDone(null), onClose()), onError: (err) => (onDone(serverMessage(err) ?? FM.saveChangesError), onClose()) },
    );
  };
  return (
    <DialogShell ns="financeBills" title={t("financeBills.dueTitle", { id: bill.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormField label={t("financeBills.due")}>{(f) => <Input {...f} type="date" value={due} onChange={(e) => setDue(e.target.value)} />}</FormField>
        <DialogButtons ns="financeBills" busy={save.isPending} label={t("financeBills.save")} onClose={onClose} />
      </form>
    </DialogShell>
  );
}

/** The change recipient account popup: another account of the payee in the bill's currency (its id, from Accounts). */
export function AccountDialog({ bill, onClose, onDone }: EditProps) {
  const { t } = useTranslation();
  const [accountId, setAccountId] = useState(bill.toAccount ? String(bill.toAccount.id) : "");
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(trpc.finance.bills.updateToAccount.mutationOptions());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = Number(accountId);
    if (!Number.isSafeInteger(id) || id <= 0) {
      setError(FM.saveChangesError);
      return;
    }
    save.mutate({ id: bill.id, toAccountId: id, idempotencyKey: crypto.randomUUID() }, { onSuccess: () => (onDone(null), onClose()), onError: (err) => setError(serverMessage(err) ?? FM.saveChangesError) });
  };
  const hint = useMemo(() => t("financeBills.accountHint", { currency: bill.currency }), [t, bill.currency]);
  const [newCurrency, setNewCurrency] = useState(bill.currency);
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation(trpc.finance.accounts.ensureEmployeeAccount.mutationOptions());
  const createAccount = () => {
    setCreated(null);
    // §5: creating an account for the recipient currency requires exactly one invoice and a currency.
    const refusal = checkCreateRecipientAccount(1, newCurrency.trim().toUpperCase());
    if (refusal || bill.employeeId === null) {
      setError(refusal ?? FM.employeeHasNoAccounts);
      return;
    }
    create.mutate(
      { employeeId: bill.employeeId, currency: newCurrency.trim().toUpperCase(), idempotencyKey: crypto.randomUUID() },
      {
        onSuccess: (r) => {
          const account = r.response[0];
          if (!account) return;
          setCreated(t("financeBills.accountCreated", { id: account.id, currency: account.currencyCode }));
          if (account.currencyCode === bill.currency) setAccountId(String(account.id));
        },
        onError: (err) => setError(serverMessage(err) ?? FM.accountCreateError),
      },
    );
  };
  return (
    <DialogShell ns="financeBills" title={t("financeBills.accountTitle", { id: bill.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormField label={t("financeBills.accountId")} hint={hint} error={error}>
          {(f) => <Input {...f} inputMode="numeric" value={accountId} onChange={(e) => setAccountId(e.target.value)} />}
        </FormField>
        {bill.billType !== "VendorBooking" && bill.employeeId !== null ? (
          <fieldset className="flex flex-col gap-2 rounded-md border border-border p-3">
            <legend className="px-1 text-sm font-medium">{t("financeBills.createAccount")}</legend>
            <div className="flex items-end gap-2">
              <FormField label={t("financeBills.currency")} className="w-28">
                {(f) => <Input {...f} maxLength={3} value={newCurrency} onChange={(e) => setNewCurrency(e.target.value.toUpperCase())} />}
              </FormField>
              <Button type="button" variant="outline" busy={create.isPending} onClick={createAccount}>
                {t("financeBills.createAccountButton")}
              </Button>
            </div>
            {created ? <p className="text-sm" role="status">{created}</p> : null}
          </fieldset>
        ) : null}
        <DialogButtons ns="financeBills" busy={save.isPending} label={t("financeBills.save")} onClose={onClose} />
      </form>
    </DialogShell>
  );
}

/** The change currency popup: the recipient currency of the bill's latest payment (update-payment). */
export function PaymentCurrencyDialog({ bill, onClose, onDone }: EditProps) {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState(bill.payment?.recipientCurrency ?? bill.payment?.currency ?? bill.currency);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(trpc.finance.bills.updatePayment.mutationOptions());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^[A-Z]{3}$/.test(currency)) {
      setError(FM.currencyRequired);
      return;
    }
    save.mutate({ id: bill.id, currency, idempotencyKey: crypto.randomUUID() }, { onSuccess: () => (onDone(null), onClose()), onError: (err) => setError(serverMessage(err) ?? FM.saveChangesError) });
  };
  return (
    <DialogShell ns="financeBills" title={t("financeBills.paymentTitle", { id: bill.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormField label={t("financeBills.recipientCurrency")} error={error}>
          {(f) => <Input {...f} maxLength={3} value={currency} onChange={(e) => setCurrency(e.target.value.toUpperCase())} />}
        </FormField>
        <DialogButtons ns="financeBills" busy={save.isPending} label={t("financeBills.save")} onClose={onClose} />
      </form>
    </DialogShell>
  );
}
