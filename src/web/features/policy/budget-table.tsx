import { Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { AutosaveStatus } from "../../components/autosave-status.tsx";
import { useAutosave, type Autosave } from "../../lib/use-autosave.ts";
import { cn } from "../../lib/utils.ts";
import { useUnsaved } from "./details-unsaved.tsx";
import { currencyLabel } from "../../lib/format.ts";

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
  /** The record's autosave: saves a complete budget (currency and amount set), in order. */
  autosave: Autosave<BudgetTexts>;
  /** Text shown when a save fails without a server message. */
  failureText: string;
  /** Show the autosave state under the row (off when the record's form shows it elsewhere). */
  showStatus?: boolean;
  /** Deletes the budget (or drops the unsaved row); absent when the row cannot be removed. */
  onDelete?: () => Promise<string | null>;
  /** The service's "amount can be negative" flag lets the amount (only) go below zero. */
  amountCanBeNegative?: boolean;
  /** A row not saved yet: its delete button discards it. */
  unsaved?: boolean;
};

const FIELDS = ["currency", "amount", "minAmount", "maxAmount"] as const;

/**
 * One budget row: currency, amount, min and max. Each field is pre-checked when it loses focus;
 * a complete, consistent row is saved through the record's autosave queue, a row whose amount and
 * currency are both cleared is deleted. The fields stay editable while a save is in flight; the
 * server's values come back into the row only once its saves have settled, and only into fields
 * not edited since they were sent (so an older answer never overwrites newer input).
 */
export function BudgetRow({
  saved,
  currencies,
  readOnly,
  unsavedKey,
  label,
  autosave,
  failureText,
  showStatus = true,
  onDelete,
  amountCanBeNegative = false,
  unsaved = false,
}: RowProps) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<BudgetTexts>(saved);
  const [error, setError] = useState<{ field: keyof BudgetTexts | null; message: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  /** The last valid value of each field (restored when a typed value is refused). */
  const accepted = useRef(saved);
  /** What the row last handed to the queue (or took from the server). */
  const submitted = useRef(saved);
  /** The server's values when the row last took them. */
  const server = useRef(saved);
  const savedKey = FIELDS.map((f) => saved[f]).join("\u0000");
  const settled = autosave.settled;
  useEffect(() => {
    if (!settled) return;
    const changed = FIELDS.filter((f) => saved[f] !== server.current[f]);
    server.current = saved;
    if (changed.length === 0) return;
    setValues((v) => {
      const next = { ...v };
      for (const f of changed) {
        // A field typed into since its value was sent keeps the typed text.
        if (v[f] === submitted.current[f]) next[f] = saved[f];
      }
      submitted.current = { ...submitted.current, ...Object.fromEntries(changed.map((f) => [f, saved[f]])) };
      accepted.current = { ...accepted.current, ...Object.fromEntries(changed.map((f) => [f, next[f]])) };
      return next;
    });
  }, [savedKey, settled]);
  useUnsaved(unsavedKey, !same(values, submitted.current) || !settled);

  const persist = async (next: BudgetTexts) => {
    const range = checkBudgetRange(next);
    if (range) {
      setError(range);
      return;
    }
    setError(null);
    if (same(next, submitted.current)) return;
    const complete = next.currency !== "" && next.amount !== "";
    const cleared = next.currency === "" && next.amount === "";
    if (complete) {
      submitted.current = next;
      // The queue shows a failure (with Retry) in the row's status.
      await autosave.save(next).catch(() => undefined);
    } else if (cleared && onDelete) {
      setDeleting(true);
      const failure = await onDelete();
      setDeleting(false);
      if (failure) setError({ field: null, message: failure });
    }
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
      disabled={readOnly}
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
            disabled={readOnly}
            aria-invalid={invalid("currency")}
            onChange={(e) => onCurrency(e.target.value)}
          >
            <option value="">—</option>
            {currencies.map((c) => (
              <option key={c.code} value={c.code}>
                {currencyLabel(c.code)}
              </option>
            ))}
            {values.currency && !currencies.some((c) => c.code === values.currency) ? <option value={values.currency}>{values.currency}</option> : null}
          </NativeSelect>
        </TableCell>
        <TableCell className="py-2">{amountInput("amount", t("policyConfig.budget.amount"))}</TableCell>
        <TableCell className="py-2">{amountInput("minAmount", t("policyConfig.budget.min"))}</TableCell>
        <TableCell className="py-2">{amountInput("maxAmount", t("policyConfig.budget.max"))}</TableCell>
        <TableCell className="py-2 text-right">
          <div className="flex items-center justify-end gap-2">
          {showStatus && !readOnly ? <AutosaveStatus autosave={autosave} failureText={failureText} className="justify-end" /> : null}
          {onDelete && !readOnly && (unsaved || !same(saved, EMPTY)) ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("policyConfig.budget.delete", { label })}
              disabled={deleting}
              onClick={async () => {
                setDeleting(true);
                const failure = await onDelete();
                setDeleting(false);
                if (failure) setError({ field: null, message: failure });
              }}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          ) : null}
          </div>
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

/** A row added with "Add budget": its React key stays the same once the server created it. */
type DraftRow = { key: string; createdId: number | null };

/**
 * The budgets of one budget group: a row per currency, and an "Add budget" row that is saved
 * (created) once its currency and amount are filled in, then keeps saving as that budget without
 * being remounted (so the field being typed in keeps its focus and text). Each row is one record
 * of the autosave queue (`recordPrefix` + the row's key).
 */
export function BudgetGroupTable({
  budgets,
  currencies,
  readOnly,
  unsavedPrefix,
  recordPrefix,
  caption,
  failureText,
  onAdd,
  onUpdate,
  onDelete,
  onSaved,
}: {
  budgets: SavedBudget[];
  currencies: { code: string; name: string }[];
  readOnly: boolean;
  unsavedPrefix: string;
  /** Names the records of this table for the autosave queue (e.g. the policy, stage and group). */
  recordPrefix: string;
  caption: string;
  failureText: string;
  /** Creates the budget; resolves to its id (throws on failure). */
  onAdd: (values: BudgetTexts) => Promise<number>;
  /** Saves a budget (throws on failure). */
  onUpdate: (id: number, values: BudgetTexts) => Promise<unknown>;
  onDelete: (id: number) => Promise<string | null>;
  /** Reloads the saved budgets after a save. */
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<DraftRow[]>([]);
  const draftCount = useRef(0);
  const keyOf = (budgetId: number) => drafts.find((d) => d.createdId === budgetId)?.key ?? `budget-${budgetId}`;
  const rows = budgets.map((b, i) => (
    <GroupBudgetRow
      key={keyOf(b.id)}
      rowKey={keyOf(b.id)}
      budgetId={b.id}
      saved={b.texts}
      currencies={currencies}
      readOnly={readOnly}
      unsavedKey={`${unsavedPrefix}-${keyOf(b.id)}`}
      recordPrefix={recordPrefix}
      failureText={failureText}
      label={t("policyConfig.budget.rowLabel", { number: i + 1 })}
      onAdd={onAdd}
      onUpdate={onUpdate}
      onSaved={onSaved}
      onCreated={() => undefined}
      onDelete={() => onDelete(b.id)}
    />
  ));
  // Rows added here and not yet (or not yet known to be) on the server.
  for (const draft of drafts) {
    if (draft.createdId != null && budgets.some((b) => b.id === draft.createdId)) continue;
    rows.push(
      <GroupBudgetRow
        key={draft.key}
        rowKey={draft.key}
        budgetId={draft.createdId}
        saved={EMPTY}
        unsaved
        currencies={currencies}
        readOnly={readOnly}
        unsavedKey={`${unsavedPrefix}-${draft.key}`}
        recordPrefix={recordPrefix}
        failureText={failureText}
        label={t("policyConfig.budget.newRow")}
        onAdd={onAdd}
        onUpdate={onUpdate}
        onSaved={onSaved}
        onCreated={(id) => setDrafts((all) => all.map((d) => (d.key === draft.key ? { ...d, createdId: id } : d)))}
        onDelete={async () => {
          if (draft.createdId != null) {
            const failure = await onDelete(draft.createdId);
            if (failure) return failure;
          }
          setDrafts((all) => all.filter((d) => d.key !== draft.key));
          return null;
        }}
      />,
    );
  }
  const adding = drafts.some((d) => d.createdId == null);
  return (
    <div className="flex flex-col gap-2">
      <div className="rounded-lg border border-border">
        <Table>
          <caption className="sr-only">{caption}</caption>
          <BudgetTableHeader />
          <TableBody>
            {rows}
            {rows.length === 0 ? (
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
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => {
            draftCount.current += 1;
            setDrafts((all) => [...all, { key: `draft-${draftCount.current}`, createdId: null }]);
          }}
        >
          <Plus aria-hidden="true" />
          {t("policyConfig.budget.add")}
        </Button>
      )}
    </div>
  );
}

/** A budget row of a budget group with its autosave: the first save creates the budget, later ones update it. */
function GroupBudgetRow({
  rowKey,
  budgetId,
  recordPrefix,
  onAdd,
  onUpdate,
  onSaved,
  onCreated,
  ...row
}: Omit<RowProps, "autosave"> & {
  rowKey: string;
  budgetId: number | null;
  recordPrefix: string;
  onAdd: (values: BudgetTexts) => Promise<number>;
  onUpdate: (id: number, values: BudgetTexts) => Promise<unknown>;
  onSaved: () => Promise<void>;
  onCreated: (id: number) => void;
}) {
  const id = useRef(budgetId);
  if (budgetId != null) id.current = budgetId;
  const autosave = useAutosave<BudgetTexts>(`${recordPrefix}:${rowKey}`, async (values) => {
    if (id.current == null) {
      id.current = await onAdd(values);
      onCreated(id.current);
    } else {
      await onUpdate(id.current, values);
    }
    await onSaved();
  });
  return <BudgetRow {...row} autosave={autosave} />;
}
