/**
 * Bank details (issue 24 §5): IBAN and BIC, or account number and bank code where IBAN does not apply.
 * The one form the account page (a Client account: the debtor of payment files in its currency; a Vendor
 * account: the creditor) and the employee bank accounts page use. The server checks them with
 * src/domain/finance/bank-accounts.ts and answers each field's message.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TBankDetails } from "../../../domain/finance/schemas-accounts.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input } from "../../components/ui/input.tsx";

export type BankDetailsInput = { iban: string; bic: string; accountNumber: string; bankCode: string };

export function BankDetailsForm({
  initial,
  errors,
  failure,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: Pick<TBankDetails, "iban" | "bic" | "accountNumber" | "bankCode">;
  errors: Record<string, string>;
  failure: string | null;
  busy: boolean;
  submitLabel: string;
  onSubmit: (value: BankDetailsInput) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<BankDetailsInput>({ iban: initial.iban ?? "", bic: initial.bic ?? "", accountNumber: initial.iban ? "" : (initial.accountNumber ?? ""), bankCode: initial.bankCode ?? "" });
  const set = (key: keyof BankDetailsInput) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(form);
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      {failure ? (
        <Alert variant="destructive" role="alert">
          {failure}
        </Alert>
      ) : null}
      <p className="text-sm text-muted-foreground">{t("financeAccounts.bankDetailsHint")}</p>
      <div className="grid grid-cols-1 gap-4 tablet:grid-cols-[2fr_1fr]">
        <FormField label={t("financeAccounts.iban")} error={errors.iban}>
          {(field) => <Input {...field} value={form.iban} onChange={set("iban")} autoComplete="off" spellCheck={false} maxLength={42} />}
        </FormField>
        <FormField label={t("financeAccounts.bic")} error={errors.bic}>
          {(field) => <Input {...field} value={form.bic} onChange={set("bic")} autoComplete="off" spellCheck={false} maxLength={11} />}
        </FormField>
        <FormField label={t("financeAccounts.bankAccountNumber")} error={errors.accountNumber}>
          {(field) => <Input {...field} value={form.accountNumber} onChange={set("accountNumber")} autoComplete="off" spellCheck={false} maxLength={34} />}
        </FormField>
        <FormField label={t("financeAccounts.bankCode")} error={errors.bankCode}>
          {(field) => <Input {...field} value={form.bankCode} onChange={set("bankCode")} autoComplete="off" spellCheck={false} maxLength={35} />}
        </FormField>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t("financeAccounts.cancel")}
          </Button>
        ) : null}
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
