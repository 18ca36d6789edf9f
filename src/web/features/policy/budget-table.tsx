import { Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { cn } from "../../lib/utils.ts";
import { useUnsaved } from "./details-unsaved.tsx";

/** A budget as the table edits it: major-unit texts as typed ("12,500.00"), "" for not set. */
export type BudgetTexts = { currency: string; amount: string; minAmount: string; maxAmount: string };
type AmountField = "amount" | "minAmount" | "maxAmount";

const EMPTY: BudgetTexts = { currency: "", amount: "", minAmount: "", maxAmount: "" };

/**
 * The client-side pre-check of one amount field (part 2 §5 "Budget amount"): commas are stripped,
 * a non-number or a negative number is refused (the caller restores the prior value) and zero is
 * blanked. The server checks again when the budget is saved.
 */
export function checkAmountText(text: string): { ok: true; text: string; value: number | null } | { ok: false; message: string } {
  const cleaned = text.replaceAll(",", "").trim();
  if (cleaned === "") return { ok: true, text: "", value: null };
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(cleaned)) return { ok: false, message: policyMessages.notANumber };
  const value = Number(cleaned);
  if (value < 0) return { ok: false, message: policyMessages.negativeAmount };
  if (value === 0) return { ok: true, text: "", value: null };
  return { ok: true, text: cleaned, value };
}

/** The min/amount/max consistency checks of part 2 §5, in the spec's order; null when consistent. */
export function checkBudgetRange(b: BudgetTexts): { field: AmountField; message: string } | null {
  const num = (s: string) => (s === "" ? null : Number(s.replaceAll(",", "")));
  const amount = num(b.amount);
  const min = num(b.minAmount);
  const max = num(b.maxAmount);
  if (min != null && max != null && max < min) return { field: "maxAmount", message: policyMessages.maxBelowMin };
  if (min != null && amount != null && min > amount) return { field: "minAmount", message: policyMessages.minAboveAmount };
  if (max != null && amount != null && max < amount) return { field: "maxAmount", message: policyMessages.maxBelowAmount };
  return null;
}

const same = (a: BudgetTexts, b: BudgetTexts) => a.currency === b.currency && a.amount === b.amount && a.minAmount === b.minAmount && a.maxAmount === b.maxAmount;

type RowProps = {
  /** The saved values (EMPTY for a row not saved yet). */
  saved: BudgetTexts;
  currencies: { code: string; name: string }[];
  readOnly: boolean;
  unsavedKey: string;
  /** Row label for screen readers ("Budget 1"). */
  label: string;
  /** Saves a complete budget (currency and amount set); resolves to an error text or null. */
  onSave: (values: BudgetTexts) => Promise<string | null>;
  /** Deletes the budget (or drops the unsaved row); absent when the row cannot be removed. */
  onDelete?: () => Promise<string | null>;
  /** The service's "amount can be negative" flag lets the amount (only) go below zero. */
  amountCanBeNegative?: boolean;
  /** A row not saved yet: its delete button discards it. */
  unsaved?: boolean;
};

/**
 * One budget row: currency, amount, min and max. Each field is pre-checked when it loses focus;
 * a complete, consistent row is saved, a row whose amount and currency are both cleared is deleted.
 */
export function BudgetRow({ saved, currencies, readOnly, unsavedKey, label, onSave, onDelete, amountCanBeNegative = false, unsaved = false }: RowProps) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<BudgetTexts>(saved);
  const [error, setError] = useState<{ field: keyof BudgetTexts | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const accepted = useRef(saved);
  useEffect(() => {
    accepted.current = saved;
    setValues(saved);
  }, [saved]);
  useUnsaved(unsavedKey, !same(values, saved));

  const persist = async (next: BudgetTexts) => {
    const range = checkBudgetRange(next);
    if (range) {
      setError(range);
      return;
    }
    setError(null);
    if (same(next, saved)) return;
    const complete = next.currency !== "" && next.amount !== "";
    const cleared = next.currency === "" && next.amount === "";
    if (!complete && !(cleared && onDelete)) return;
    setBusy(true);
    const failure = complete ? await onSave(next) : await onDelete!();
    setBusy(false);
    if (failure) setError({ field: null, message: failure });
  };

  const blurAmount = (field: AmountField) => {
    const text = values[field];
    const negativeAllowed = field === "amount" && amountCanBeNegative;
    const check = negativeAllowed && /^\s*-/.test(text) ? checkAmountText(text.replace("-", "")) : checkAmountText(text);
    if (!check.ok) {
      // The prior value is restored (part 2 §5).
      setValues((v) => ({ ...v, [field]: accepted.current[field] }));
      setError({ field, message: check.message });
      return;
    }
    let next: BudgetTexts = { ...values, [field]: negativeAllowed && check.text && /^\s*-/.test(text) ? `-${check.text}` : check.text };
    // Clearing an amount clears the currency (and the reverse, in onCurrency).
    if (field === "amount" && next.amount === "") next = { ...next, currency: "" };
    accepted.current = { ...accepted.current, [field]: next[field], currency: next.currency };
    setValues(next);
    void persist(next);
  };

  const onCurrency = (currency: string) => {
    let next: BudgetTexts = { ...values, currency };
    if (currency === "") next = { ...next, amount: "" };
    accepted.current = { ...accepted.current, currency: next.currency, amount: next.amount };
    setValues(next);
    void persist(next);
  };

  const errorId = `${id}-error`;
  const invalid = (field: keyof BudgetTexts) => (error && (error.field === field || error.field === null) ? true : undefined);
  const amountInput = (field: AmountField, name: string) => (
    <Input
      id={`${id}-${field}`}
      aria-label={`${name}, ${label}`}
      inputMode="decimal"
      autoComplete="off"
      className="w-28 tabular-nums"
      value={values[field]}
      disabled={readOnly || busy}
      aria-invalid={invalid(field)}
      aria-describedby={error ? errorId : undefined}
      onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
      onBlur={() => blurAmount(field)}
    />
  );

  return (
    <>
      <TableRow className={cn(error && "bg-destructive-soft/40 hover:bg-destructive-soft/40")}>
        <TableCell className="py-2">
          <NativeSelect
            aria-label={`${t("policyConfig.budget.currency")}, ${label}`}
            className="w-24"
            value={values.currency}
            disabled={readOnly || busy}
            aria-invalid={invalid("currency")}
            onChange={(e) => onCurrency(e.target.value)}
          >
            <option value="">—</option>
            {currencies.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code}
              </option>
            ))}
            {values.currency && !currencies.some((c) => c.code === values.currency) ? <option value={values.currency}>{values.currency}</option> : null}
          </NativeSelect>
        </TableCell>
        <TableCell className="py-2">{amountInput("amount", t("policyConfig.budget.amount"))}</TableCell>
        <TableCell className="py-2">{amountInput("minAmount", t("policyConfig.budget.min"))}</TableCell>
        <TableCell className="py-2">{amountInput("maxAmount", t("policyConfig.budget.max"))}</TableCell>
        <TableCell className="py-2 text-right">
          {onDelete && !readOnly && (unsaved || !same(saved, EMPTY)) ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("policyConfig.budget.delete", { label })}
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                const failure = await onDelete();
                setBusy(false);
                if (failure) setError({ field: null, message: failure });
              }}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          ) : null}
        </TableCell>
      </TableRow>
      {error ? (
        <TableRow className="border-0 hover:bg-transparent">
          <TableCell colSpan={5} className="pb-3 pt-0">
            <p id={errorId} role="alert" className="text-[13px] font-medium text-destructive" data-testid="budget-error">
              {error.message}
            </p>
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}

/** The column headings of a budget table. */
export function BudgetTableHeader() {
  const { t } = useTranslation();
  return (
    <TableHeader>
      <TableRow>
        <TableHead>{t("policyConfig.budget.currency")}</TableHead>
        <TableHead>{t("policyConfig.budget.amount")}</TableHead>
        <TableHead>{t("policyConfig.budget.min")}</TableHead>
        <TableHead>{t("policyConfig.budget.max")}</TableHead>
        <TableHead>
          <span className="sr-only">{t("policyConfig.actions")}</span>
        </TableHead>
      </TableRow>
    </TableHeader>
  );
}

export type SavedBudget = { id: number; texts: BudgetTexts };

/**
 * The budgets of one budget group: a row per currency, and an "Add budget" row that is saved
 * (created) once its currency and amount are filled in.
 */
export function BudgetGroupTable({
  budgets,
  currencies,
  readOnly,
  unsavedPrefix,
  caption,
  onAdd,
  onUpdate,
  onDelete,
}: {
  budgets: SavedBudget[];
  currencies: { code: string; name: string }[];
  readOnly: boolean;
  unsavedPrefix: string;
  caption: string;
  onAdd: (values: BudgetTexts) => Promise<string | null>;
  onUpdate: (id: number, values: BudgetTexts) => Promise<string | null>;
  onDelete: (id: number) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <div className="rounded-lg border border-border">
        <Table>
          <caption className="sr-only">{caption}</caption>
          <BudgetTableHeader />
          <TableBody>
            {budgets.map((b, i) => (
              <BudgetRow
                key={b.id}
                saved={b.texts}
                currencies={currencies}
                readOnly={readOnly}
                unsavedKey={`${unsavedPrefix}-${b.id}`}
                label={t("policyConfig.budget.rowLabel", { number: i + 1 })}
                onSave={(values) => onUpdate(b.id, values)}
                onDelete={() => onDelete(b.id)}
              />
            ))}
            {adding ? (
              <BudgetRow
                saved={EMPTY}
                unsaved
                currencies={currencies}
                readOnly={readOnly}
                unsavedKey={`${unsavedPrefix}-new`}
                label={t("policyConfig.budget.newRow")}
                onSave={async (values) => {
                  const failure = await onAdd(values);
                  if (!failure) setAdding(false);
                  return failure;
                }}
                onDelete={async () => {
                  setAdding(false);
                  return null;
                }}
              />
            ) : null}
            {budgets.length === 0 && !adding ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={5} className="text-center text-muted-foreground">
                  {t("policyConfig.budget.none")}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </div>
      {readOnly || adding ? null : (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          {t("policyConfig.budget.add")}
        </Button>
      )}
    </div>
  );
}
