import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LINE_NOTES_MAX, type FieldErrors } from "../../../domain/finance/amounts.ts";
import { Button } from "../../components/ui/button.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import type { Line } from "./bill-values.ts";

type Leaf = { id: number; description: string; path: string[] };

/** One bill line: name, level-3 spend category, gross/net/tax in the bill's currency, notes (§5 "Bill lines"), and Remove. */
export function LineEditor({
  index,
  line,
  currency,
  errors,
  leaves,
  leavesFailed,
  onChange,
  onRemove,
}: {
  index: number;
  line: Line;
  currency: string;
  errors: FieldErrors;
  leaves: Leaf[];
  leavesFailed: boolean;
  onChange: (change: Partial<Line>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const p = `lines.${index}.`;
  const n = index + 1;
  return (
    <li className="grid gap-3 rounded-lg border border-border p-3 tablet:grid-cols-6" data-testid={`bill-line-${index}`}>
      <FormField label={t("financeApproval.lineName", { n })} className="tablet:col-span-2">
        {(f) => <Input {...f} maxLength={200} value={line.name} onChange={(e) => onChange({ name: e.target.value })} />}
      </FormField>
      <FormField label={t("financeApproval.lineCategory", { n })} required error={errors[`${p}spendCategoryId`] ?? (leavesFailed ? t("financeApproval.categoriesError") : undefined)} className="tablet:col-span-4">
        {(f) => (
          <NativeSelect {...f} value={line.spendCategoryId} onChange={(e) => onChange({ spendCategoryId: e.target.value })} data-testid={`line-category-${index}`}>
            <option value="">{t("financeApproval.chooseCategory")}</option>
            {leaves.map((l) => (
              <option key={l.id} value={l.id}>
                {l.path.join(" › ")}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label={t("financeApproval.lineGross", { n, currency })} required error={errors[`${p}gross`]} className="tablet:col-span-2">
        {(f) => <Input {...f} inputMode="decimal" value={line.gross} onChange={(e) => onChange({ gross: e.target.value })} data-testid={`line-gross-${index}`} />}
      </FormField>
      <FormField label={t("financeApproval.lineNet", { n, currency })} error={errors[`${p}net`]} className="tablet:col-span-2">
        {(f) => <Input {...f} inputMode="decimal" value={line.net} onChange={(e) => onChange({ net: e.target.value })} data-testid={`line-net-${index}`} />}
      </FormField>
      <FormField label={t("financeApproval.lineTax", { n, currency })} error={errors[`${p}tax`]} className="tablet:col-span-2">
        {(f) => <Input {...f} inputMode="decimal" value={line.tax} onChange={(e) => onChange({ tax: e.target.value })} data-testid={`line-tax-${index}`} />}
      </FormField>
      <FormField label={t("financeApproval.lineNotes", { n })} hint={t("financeApproval.lineNotesHint", { count: line.notes.length, max: LINE_NOTES_MAX })} error={errors[`${p}notes`]} className="tablet:col-span-5">
        {(f) => <Textarea {...f} rows={2} value={line.notes} onChange={(e) => onChange({ notes: e.target.value })} data-testid={`line-notes-${index}`} />}
      </FormField>
      <div className="flex items-end tablet:col-span-1 tablet:justify-end">
        <Button type="button" variant="outline" size="sm" onClick={onRemove} aria-label={t("financeApproval.removeLine", { n })} data-testid={`remove-line-${index}`}>
          <Trash2 aria-hidden className="size-4" />
          <span className="tablet:sr-only">{t("financeApproval.remove")}</span>
        </Button>
      </div>
    </li>
  );
}
