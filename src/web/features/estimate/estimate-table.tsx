/**
 * The cost estimate table (part 1 §3 sections → items, §9 columns): one row per item with its
 * amount (an override on service rows), taxability, one column per year, Tax and Total; section
 * totals and the grand total in whole units. Editable on stage 4 (`edit`), read-only on the
 * version page. Year columns hold each item's cost plus its tax for that year, so they add up to
 * the totals (the spreadsheet export reads the same way).
 */
import { ChevronDown, CircleAlert, Info, Plus, Trash2, TriangleAlert } from "lucide-react";
import { Fragment, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TCostEstimateView, TEstimateItem, TEstimateSection, TTaxability } from "../../../domain/estimate/schemas.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FieldError, Input } from "../../components/ui/input.tsx";
import { Table, TableCaption } from "../../components/ui/table.tsx";
import { cn } from "../../lib/utils.ts";
import { TaxabilitySelect, taxabilityKey, WorkingSteps } from "./estimate-parts.tsx";
import { displayTax, displayTotal, grandTax, itemFigures, newCustomFigures, sumTax, type RowFigures } from "./estimate-figures.ts";
import { fieldKey } from "./estimate-requests.ts";
import {
  customSectionKey,
  isRowLocked,
  isSectionStale,
  isEditableService,
  itemFeedback,
  rowValues,
  type CustomRow,
  type EstimateState,
  type RowEdit,
} from "./estimate-state.ts";
import { formatWhole, formatWholeNumber } from "./format.ts";

export type TableEdit = {
  state: EstimateState;
  errors: Record<string, string>;
  disabled: boolean;
  onRow: (identifier: string, patch: Partial<RowEdit>) => void;
  onCustom: (key: string, patch: Partial<Pick<CustomRow, "serviceName" | "amount" | "taxability">>) => void;
  onRemoveCustom: (key: string) => void;
  onAddCustom: () => void;
};

/** A DOM id from a key ("svc:1:REMOVALS" → "ce-svc-1-REMOVALS"). */
export const domId = (key: string, suffix = "") => `ce-${key.replace(/[^A-Za-z0-9_-]/g, "-")}${suffix ? `-${suffix}` : ""}`;

const num = "px-3 py-2.5 text-right tabular-nums whitespace-nowrap";
const head = "h-10 whitespace-nowrap px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground";

export function EstimateTable({ view, edit, caption }: { view: TCostEstimateView; edit?: TableEdit; caption: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const years = view.yearLabels.length;
  const columns = 6 + years;
  const ccy = view.displayCurrency;
  const toggle = (key: string) =>
    setOpen((cur) => {
      const next = new Set(cur);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const customHome = customSectionKey(view);
  // Without a custom section yet, new custom rows go after the sections counted in the total.
  const firstExcluded = view.sections.findIndex((s) => s.excludedFromTotal);
  const customAt = customHome === null && firstExcluded >= 0 ? firstExcluded : view.sections.length;
  const state = edit?.state;

  const figuresOf = (item: TEstimateItem): RowFigures =>
    state ? itemFigures(state, item) : { perYear: item.totalPerYear, tax: displayTax(item), total: displayTotal(item), currency: ccy, pending: false, live: false };

  const renderItem = (item: TEstimateItem, sectionStale: boolean) => {
    const figures = figuresOf(item);
    const workingId = domId(item.identifier, "working");
    const isOpen = open.has(item.identifier);
    const editable = Boolean(edit && state && isEditableService(item));
    const locked = Boolean(state && isRowLocked(state, item));
    const values = state ? rowValues(state, item) : { amount: "", taxability: item.taxability };
    const amountError = edit?.errors[fieldKey.amount(item.identifier)];
    const nameId = domId(item.identifier, "name");
    return (
      <Fragment key={item.identifier}>
        <tr className={cn("border-b border-border align-top", figures.pending && "bg-warning-soft/40")} data-testid="estimate-row" data-identifier={item.identifier}>
          <th scope="row" className="min-w-36 px-3 py-2.5 text-left font-normal tablet:min-w-48">
            <ItemName item={item} id={nameId} pending={figures.pending} feedback={itemFeedback(state, item)} />
          </th>
          <td className="px-3 py-2">
            {editable && edit ? (
              <div className="flex flex-col gap-1">
                <Input
                  aria-label={t("estimate.table.amountOf", { name: item.name, currency: item.currency })}
                  inputMode="decimal"
                  autoComplete="off"
                  className="h-9 w-32 text-right tabular-nums"
                  value={values.amount}
                  disabled={edit.disabled || locked || sectionStale}
                  onChange={(e) => edit.onRow(item.identifier, { amount: e.target.value })}
                  aria-invalid={amountError ? true : undefined}
                  aria-describedby={amountError ? domId(item.identifier, "error") : locked ? "ce-annual-lock" : undefined}
                  data-testid="amount-input"
                />
                <span className="text-xs text-muted-foreground">{item.currency}</span>
                <FieldError id={domId(item.identifier, "error")}>{amountError}</FieldError>
              </div>
            ) : (
              <span className="whitespace-nowrap tabular-nums">{formatWhole(item.amount, item.currency)}</span>
            )}
          </td>
          <td className="px-3 py-2">
            {editable && edit ? (
              <TaxabilitySelect
                aria-label={t("estimate.table.taxabilityOf", { name: item.name })}
                className="h-9 w-36"
                value={values.taxability}
                disabled={edit.disabled || locked || sectionStale}
                onChange={(v) => v && edit.onRow(item.identifier, { taxability: v })}
              />
            ) : (
              <span className="whitespace-nowrap text-muted-foreground">{t(taxabilityKey(item.taxability))}</span>
            )}
          </td>
          <FigureCells figures={figures} years={years} displayCurrency={ccy} />
          <td className="px-3 py-2 text-right">
            {item.working.length > 0 ? (
              <Button
                variant="ghost"
                size="sm"
                aria-expanded={isOpen}
                aria-controls={isOpen ? workingId : undefined}
                aria-describedby={nameId}
                onClick={() => toggle(item.identifier)}
                className="h-auto min-h-8 max-w-[9.5rem] whitespace-normal py-1 text-left leading-tight text-primary"
              >
                <ChevronDown className={cn("transition-transform", isOpen && "rotate-180")} aria-hidden="true" />
                {t("estimate.table.how")}
              </Button>
            ) : null}
          </td>
        </tr>
        {isOpen ? (
          <tr className="border-b border-border bg-muted/40">
            <td colSpan={columns} className="px-3 py-3">
              <WorkingSteps id={workingId} steps={item.working} />
            </td>
          </tr>
        ) : null}
      </Fragment>
    );
  };

  const renderCustom = (row: CustomRow, index: number) => {
    if (!edit || !state) return null;
    const base = view.sections.flatMap((s) => s.items).find((i) => i.identifier === row.identifier);
    const figures = base ? itemFigures(state, base) : newCustomFigures(state, row);
    const error = (field: "serviceName" | "amount" | "taxability") => edit.errors[fieldKey.custom(row.key, field)];
    const label = row.serviceName.trim() || t("estimate.custom.unnamed", { n: index + 1 });
    const ids = { name: domId(row.key, "name"), amount: domId(row.key, "amount"), tax: domId(row.key, "taxability") };
    return (
      <tr key={row.key} className={cn("border-b border-border align-top", figures.pending && "bg-warning-soft/40")} data-testid="custom-row" data-newly-added={row.newlyAdded}>
        <th scope="row" className="min-w-36 px-3 py-2 text-left font-normal tablet:min-w-48">
          <div className="flex flex-col gap-1">
            <Input
              aria-label={t("estimate.custom.nameOf", { n: index + 1 })}
              placeholder={t("estimate.custom.namePlaceholder")}
              className="h-9"
              maxLength={200}
              value={row.serviceName}
              disabled={edit.disabled}
              onChange={(e) => edit.onCustom(row.key, { serviceName: e.target.value })}
              aria-invalid={error("serviceName") ? true : undefined}
              aria-describedby={error("serviceName") ? `${ids.name}-error` : undefined}
              data-testid="custom-name"
            />
            <FieldError id={`${ids.name}-error`}>{error("serviceName")}</FieldError>
            <span className="flex flex-wrap gap-1">
              <Badge variant="neutral">{t("estimate.custom.badge")}</Badge>
              {row.newlyAdded ? <Badge variant="info">{t("estimate.custom.new")}</Badge> : null}
              {figures.pending ? <Badge variant="warning">{t("estimate.table.edited")}</Badge> : null}
            </span>
          </div>
        </th>
        <td className="px-3 py-2">
          <div className="flex flex-col gap-1">
            <Input
              aria-label={t("estimate.table.amountOf", { name: label, currency: row.currency })}
              inputMode="numeric"
              autoComplete="off"
              className="h-9 w-32 text-right tabular-nums"
              value={row.amount}
              disabled={edit.disabled}
              onChange={(e) => edit.onCustom(row.key, { amount: e.target.value })}
              aria-invalid={error("amount") ? true : undefined}
              aria-describedby={error("amount") ? `${ids.amount}-error` : undefined}
              data-testid="custom-amount"
            />
            <span className="text-xs text-muted-foreground">{row.currency}</span>
            <FieldError id={`${ids.amount}-error`}>{error("amount")}</FieldError>
          </div>
        </td>
        <td className="px-3 py-2">
          <div className="flex flex-col gap-1">
            <TaxabilitySelect
              aria-label={t("estimate.table.taxabilityOf", { name: label })}
              className="h-9 w-36"
              value={row.taxability}
              allowEmpty
              disabled={edit.disabled}
              onChange={(v) => edit.onCustom(row.key, { taxability: v as TTaxability | "" })}
              aria-invalid={error("taxability") ? true : undefined}
              aria-describedby={error("taxability") ? `${ids.tax}-error` : undefined}
            />
            <FieldError id={`${ids.tax}-error`}>{error("taxability")}</FieldError>
          </div>
        </td>
        <FigureCells figures={figures} years={years} displayCurrency={ccy} />
        <td className="px-3 py-2 text-right">
          <Button variant="ghost" size="sm" className="text-destructive" disabled={edit.disabled} onClick={() => edit.onRemoveCustom(row.key)} aria-label={t("estimate.custom.remove", { name: label })}>
            <Trash2 aria-hidden="true" />
            <span className="sr-only tablet:not-sr-only">{t("estimate.custom.removeShort")}</span>
          </Button>
        </td>
      </tr>
    );
  };

  const customRows = edit && state ? state.customs : [];
  const addRow = edit ? (
    <tr>
      <td colSpan={columns} className="px-3 py-2.5">
        <Button variant="outline" size="sm" onClick={edit.onAddCustom} disabled={edit.disabled} data-testid="add-custom">
          <Plus aria-hidden="true" />
          {t("estimate.custom.add")}
        </Button>
      </td>
    </tr>
  ) : null;

  const sectionBlock = (section: TEstimateSection) => {
    const stale = Boolean(state && isSectionStale(state, section));
    const holdsCustom = section.key === customHome;
    const items = edit ? section.items.filter((i) => !i.custom) : section.items;
    return (
      <tbody key={section.key} className={cn(stale && "opacity-60")} data-testid="estimate-section" data-section={section.key} aria-disabled={stale || undefined}>
        <tr className="border-b border-border bg-muted/60">
          <th scope="colgroup" colSpan={columns} className="px-3 py-2 text-left text-sm font-semibold text-foreground">
            <span className="flex flex-wrap items-center gap-2">
              {section.name}
              {section.excludedFromTotal ? <Badge variant="neutral">{t("estimate.table.notInTotal")}</Badge> : null}
              {stale ? <span className="text-xs font-normal text-muted-foreground">{t("estimate.table.staleTaxYears")}</span> : null}
            </span>
          </th>
        </tr>
        {items.map((i) => renderItem(i, stale))}
        {holdsCustom ? customRows.map(renderCustom) : null}
        {holdsCustom ? addRow : null}
        <tr className="border-b border-border font-semibold">
          <th scope="row" className="px-3 py-2.5 text-left">
            {t("estimate.table.sectionTotal", { name: section.name })}
          </th>
          <td />
          <td />
          {Array.from({ length: years }, (_, y) => (
            <td key={y} className={num}>
              {formatWholeNumber(section.totalPerYear[y] ?? 0, ccy)}
            </td>
          ))}
          <td className={num}>{formatWholeNumber(sumTax(section.items), ccy)}</td>
          <td className={num}>{formatWholeNumber(section.total, ccy)}</td>
          <td />
        </tr>
      </tbody>
    );
  };

  return (
    <Table className="min-w-[52rem]" data-testid="estimate-table">
      <TableCaption>{caption}</TableCaption>
      <thead className="bg-muted/70">
        <tr className="border-b border-border">
          <th scope="col" className={cn(head, "text-left")}>
            {t("estimate.table.item")}
          </th>
          <th scope="col" className={cn(head, "text-left")}>
            {t("estimate.table.amount")}
          </th>
          <th scope="col" className={cn(head, "text-left")}>
            {t("estimate.table.taxability")}
          </th>
          {view.yearLabels.map((label) => (
            <th key={label} scope="col" className={cn(head, "text-right")}>
              {label}
            </th>
          ))}
          <th scope="col" className={cn(head, "text-right")}>
            {t("estimate.table.tax")}
          </th>
          <th scope="col" className={cn(head, "text-right")}>
            {t("estimate.table.total", { currency: ccy })}
          </th>
          <th scope="col" className={head}>
            <span className="sr-only">{t("estimate.table.actions")}</span>
          </th>
        </tr>
      </thead>
      {view.sections.slice(0, customAt).map(sectionBlock)}
      {edit && customHome === null ? (
        <tbody data-testid="estimate-section" data-section="custom">
          <tr className="border-b border-border bg-muted/60">
            <th scope="colgroup" colSpan={columns} className="px-3 py-2 text-left text-sm font-semibold text-foreground">
              {t("estimate.custom.section")}
            </th>
          </tr>
          {customRows.length === 0 ? (
            <tr>
              <td colSpan={columns} className="px-3 pt-2.5 text-sm text-muted-foreground">
                {t("estimate.custom.empty")}
              </td>
            </tr>
          ) : (
            customRows.map(renderCustom)
          )}
          {addRow}
        </tbody>
      ) : null}
      {view.sections.slice(customAt).map(sectionBlock)}
      <tfoot>
        <tr className="border-t-2 border-foreground/20 bg-primary-soft font-semibold" data-testid="grand-total">
          <th scope="row" className="px-3 py-3 text-left">
            {t("estimate.table.grandTotal")}
          </th>
          <td />
          <td />
          {Array.from({ length: years }, (_, y) => (
            <td key={y} className={num}>
              {formatWholeNumber(view.totalPerYear[y] ?? 0, ccy)}
            </td>
          ))}
          <td className={num}>{formatWholeNumber(grandTax(view), ccy)}</td>
          <td className={num} data-testid="grand-total-amount">
            {formatWhole(view.total, ccy)}
          </td>
          <td />
        </tr>
        {view.secondaryDisplayCurrency && view.secondaryTotalPerYear && view.secondaryTotal !== null ? (
          <tr className="font-medium text-muted-foreground" data-testid="secondary-total">
            <th scope="row" className="px-3 py-2.5 text-left font-medium">
              {t("estimate.table.secondaryTotal", { currency: view.secondaryDisplayCurrency })}
            </th>
            <td />
            <td />
            {Array.from({ length: years }, (_, y) => (
              <td key={y} className={num}>
                {formatWholeNumber(view.secondaryTotalPerYear?.[y] ?? 0, view.secondaryDisplayCurrency!)}
              </td>
            ))}
            <td />
            <td className={num}>{formatWhole(view.secondaryTotal, view.secondaryDisplayCurrency)}</td>
            <td />
          </tr>
        ) : null}
      </tfoot>
    </Table>
  );
}

function FigureCells({ figures, years, displayCurrency }: { figures: RowFigures; years: number; displayCurrency: string }) {
  const muted = figures.pending && !figures.live;
  // Live tax comes in the item's own currency: then the cells name it.
  const money = (amount: number) => (figures.currency === displayCurrency ? formatWholeNumber(amount, figures.currency) : formatWhole(amount, figures.currency));
  return (
    <>
      {Array.from({ length: years }, (_, y) => (
        <td key={y} className={cn(num, figures.pending && "text-muted-foreground")}>
          {formatWholeNumber(figures.perYear[y] ?? 0, displayCurrency)}
        </td>
      ))}
      <td className={cn(num, muted && "text-muted-foreground")} data-live={figures.live || undefined}>
        {money(figures.tax)}
      </td>
      <td className={cn(num, "font-medium", muted && "text-muted-foreground")} data-live={figures.live || undefined} data-testid="row-total">
        {money(figures.total)}
      </td>
    </>
  );
}

function ItemName({ item, id, pending, feedback }: { item: TEstimateItem; id: string; pending: boolean; feedback: ReturnType<typeof itemFeedback> }) {
  const { t } = useTranslation();
  const FeedbackIcon = feedback?.status === "ERROR" ? CircleAlert : feedback?.status === "WARNING" ? TriangleAlert : Info;
  const badges: ReactNode[] = [];
  if (item.custom) badges.push(<Badge key="custom" variant="neutral">{t("estimate.custom.badge")}</Badge>);
  if (item.overridden) badges.push(<Badge key="overridden" variant="info">{t("estimate.table.overridden")}</Badge>);
  if (item.annualCost) badges.push(<Badge key="annual" variant="neutral">{t("estimate.table.annual")}</Badge>);
  if (pending) badges.push(<Badge key="edited" variant="warning">{t("estimate.table.edited")}</Badge>);
  return (
    <div className="flex flex-col gap-1">
      <span id={id} className="font-medium text-foreground">
        {item.name}
      </span>
      {item.benefits.length > 0 ? <span className="text-xs text-muted-foreground">{item.benefits.join(" · ")}</span> : null}
      {badges.length > 0 ? <span className="flex flex-wrap gap-1">{badges}</span> : null}
      {feedback ? (
        <span
          className={cn(
            "flex items-start gap-1.5 text-xs",
            feedback.status === "ERROR" ? "text-destructive" : feedback.status === "WARNING" ? "text-warning-foreground" : "text-muted-foreground",
          )}
          data-testid="item-feedback"
        >
          <FeedbackIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {feedback.message}
        </span>
      ) : null}
    </div>
  );
}
