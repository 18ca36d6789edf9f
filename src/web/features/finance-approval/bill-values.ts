import { checkBillAmounts, type FieldErrors } from "../../../domain/finance/amounts.ts";
import type { TBillDetail } from "../../../domain/finance/schemas-approval.ts";

/** The bill-detail panel's values as its fields hold them (text), from and to what the server saves, and §5's check of them. */

export type Line = { key: string; name: string; gross: string; net: string; tax: string; notes: string; spendCategoryId: string };
export type Billable = {
  gross: string;
  net: string;
  tax: string;
  reference: string;
  invoiceDate: string;
  costCenter: string;
  costCenter2: string;
  accountFrom: string;
  accountTo: string;
  fileId: number | null;
};
/** One save of the record: whichever parts changed (merged while waiting, so none is lost). */
export type Patch = { billable?: Billable; lines?: Line[]; moveStage?: number; serviceCategory?: string };

export const blankToNull = (v: string) => (v.trim() === "" ? null : v.trim());
export const newKey = () => crypto.randomUUID();

export function billableOf(d: TBillDetail): Billable {
  return {
    gross: d.draft.gross ?? d.gross,
    net: d.draft.gross !== null ? (d.draft.net ?? "") : d.net,
    tax: d.draft.gross !== null ? (d.draft.tax ?? "") : d.tax,
    reference: d.draft.reference ?? "",
    invoiceDate: d.draft.invoiceDate ?? "",
    costCenter: d.draft.costCenter ?? "",
    costCenter2: d.draft.costCenter2 ?? "",
    accountFrom: d.draft.accountFrom ? String(d.draft.accountFrom) : "",
    accountTo: d.draft.accountTo ? String(d.draft.accountTo) : "",
    fileId: d.draft.fileId,
  };
}
export const linesOf = (d: TBillDetail): Line[] =>
  (d.draft.lines ?? []).map((l) => ({ key: newKey(), name: l.name ?? "", gross: l.gross, net: l.net ?? "", tax: l.tax ?? "", notes: l.notes ?? "", spendCategoryId: l.spendCategoryId ? String(l.spendCategoryId) : "" }));
export const lineDtos = (lines: Line[]) =>
  lines.map((l) => ({ name: l.name.trim(), gross: l.gross.trim(), net: blankToNull(l.net), tax: blankToNull(l.tax), notes: l.notes, spendCategoryId: l.spendCategoryId ? Number(l.spendCategoryId) : null }));

/** §5 on the panel's values: the bill's amounts and reference, each line, and the lines against the total. */
export function errorsOf(currency: string, b: Billable, lines: Line[], defaultReference: string): FieldErrors {
  return checkBillAmounts({
    currency,
    gross: b.gross,
    net: b.net,
    tax: b.tax,
    reference: b.reference.trim() === "" ? defaultReference : b.reference,
    lines: lines.map((l) => ({ gross: l.gross, net: l.net, tax: l.tax, notes: l.notes, spendCategoryId: l.spendCategoryId ? Number(l.spendCategoryId) : null })),
  });
}
export const has = (errors: FieldErrors, test: (key: string) => boolean) => Object.keys(errors).some((k) => errors[k] !== undefined && test(k));
