/**
 * The balance sheet tab of an advanced estimate (part 1 §4 "Advanced estimate has tabs
 * costEstimate and balanceSheet. The balance sheet loads lazily when flagged for recalculation"):
 * the home-based balance sheet's lines per year, each with its working, and where the city
 * indices came from. `BalanceSheetPanel` loads it when the tab opens (Radix mounts a tab's panel
 * only while it is shown), again after each new estimate version, and asks the server to
 * recalculate it when the estimate flags it; a failure shows §8's balance-sheet text.
 */
import { useQuery } from "@tanstack/react-query";
import { ChevronDown, Scale } from "lucide-react";
import { Fragment, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import type { TBalanceSheetView } from "../../../domain/estimate/schemas.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableCaption } from "../../components/ui/table.tsx";
import { trpcClient } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";
import { domId } from "./estimate-table.tsx";
import { formatRate, formatWholeNumber } from "./format.ts";

export function BalanceSheetPanel({
  employeeId,
  moveId,
  costEstimateId,
  recalculate,
  onNewVersion,
}: {
  employeeId: number;
  moveId: number;
  /** The version the page shows. */
  costEstimateId: number;
  recalculate: boolean;
  /** A recalculated balance sheet belongs to a new version: the page reloads the estimate. */
  onNewVersion: () => void;
}) {
  const { t } = useTranslation();
  // Recalculating the balance sheet stores a new version: the openEstimationView mutation (never retried).
  const input = { employeeId, moveId, estimationView: "BalanceSheet" as const, createIfNecessary: false, recalculateEstimationView: recalculate };
  const query = useQuery({
    queryKey: ["estimate.openEstimationView", "BalanceSheet", employeeId, moveId, recalculate],
    queryFn: ({ signal }) =>
      recalculate ? trpcClient.estimate.openEstimationView.mutate(input, { signal }) : trpcClient.estimate.estimationView.query(input, { signal }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const sheetVersion = query.data?.balanceSheet?.costEstimateId;
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current || sheetVersion === undefined || sheetVersion === costEstimateId) return;
    announced.current = true;
    onNewVersion();
  }, [sheetVersion, costEstimateId, onNewVersion]);
  if (query.isPending) return <LoadingRows rows={6} rowClassName="h-9" />;
  if (query.isError || !query.data.success) {
    return <ErrorState message={estimateMessages.balanceSheetFailure} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />;
  }
  if (!query.data.balanceSheet) {
    return <EmptyState icon={Scale} headingLevel={3} title={t("estimate.balance.emptyTitle")} description={t("estimate.balance.emptyBody")} />;
  }
  return <BalanceSheetTable sheet={query.data.balanceSheet} />;
}

type SourceKey = "estimate.balance.source.DEMO" | "estimate.balance.source.IMPORT" | "estimate.balance.source.NONE";

export function BalanceSheetTable({ sheet }: { sheet: TBalanceSheetView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const years = sheet.yearLabels.length;
  const columns = years + 2;
  const toggle = (key: string) =>
    setOpen((cur) => {
      const next = new Set(cur);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const num = "px-3 py-2.5 text-right tabular-nums whitespace-nowrap";
  return (
    <div className="flex flex-col gap-4" data-testid="balance-sheet">
      <dl className="grid gap-x-6 gap-y-2 text-sm tablet:grid-cols-2 desktop:grid-cols-4">
        <Fact label={t("estimate.balance.currencies")} value={`${sheet.homeCurrency} → ${sheet.hostCurrency}`} />
        <Fact label={t("estimate.balance.exchangeRate")} value={`1 ${sheet.homeCurrency} = ${formatRate(sheet.exchangeRate)} ${sheet.hostCurrency}`} />
        <Fact label={t("estimate.balance.colIndex")} value={sheet.colIndex} />
        <Fact label={t("estimate.balance.housingIndex")} value={sheet.housingIndex} />
      </dl>
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        {t("estimate.balance.indexSource")}
        <Badge variant={sheet.indexSource === "DEMO" ? "warning" : sheet.indexSource === "IMPORT" ? "success" : "neutral"} data-testid="index-source">
          {t(`estimate.balance.source.${sheet.indexSource}` as SourceKey)}
        </Badge>
      </p>
      <Table className="min-w-[40rem]">
        <TableCaption>{t("estimate.balance.caption", { currency: sheet.currency })}</TableCaption>
        <thead className="bg-muted/70">
          <tr className="border-b border-border">
            <th scope="col" className="h-10 px-3 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              {t("estimate.balance.line")}
            </th>
            {sheet.yearLabels.map((label) => (
              <th key={label} scope="col" className="h-10 whitespace-nowrap px-3 text-right text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {label}
              </th>
            ))}
            <th scope="col" className="px-3">
              <span className="sr-only">{t("estimate.table.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sheet.lines.map((line) => {
            const strong = line.kind === "subtotal" || line.kind === "total";
            const isOpen = open.has(line.key);
            const workingId = domId(`bs-${line.key}`, "working");
            const nameId = domId(`bs-${line.key}`, "name");
            return (
              <Fragment key={line.key}>
                <tr className={cn("border-b border-border", strong && "font-semibold", line.kind === "total" && "bg-primary-soft")} data-testid="balance-line">
                  <th scope="row" id={nameId} className={cn("px-3 py-2.5 text-left", strong ? "font-semibold" : "font-normal", line.kind === "deduction" && "pl-6")}>
                    {line.label}
                  </th>
                  {Array.from({ length: years }, (_, y) => (
                    <td key={y} className={num}>
                      {formatWholeNumber(line.amountPerYear[y] ?? 0, sheet.currency)}
                    </td>
                  ))}
                  <td className="px-3 py-1.5 text-right">
                    {line.working ? (
                      <Button variant="ghost" size="sm" className="text-primary" aria-expanded={isOpen} aria-controls={isOpen ? workingId : undefined} aria-describedby={nameId} onClick={() => toggle(line.key)}>
                        <ChevronDown className={cn("transition-transform", isOpen && "rotate-180")} aria-hidden="true" />
                        {t("estimate.table.how")}
                      </Button>
                    ) : null}
                  </td>
                </tr>
                {isOpen ? (
                  <tr className="border-b border-border bg-muted/40">
                    <td colSpan={columns} className="px-3 py-3">
                      <p id={workingId} className="whitespace-pre-wrap text-sm text-foreground">
                        {line.working}
                      </p>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
        {sheet.lines.some((l) => l.kind === "total") ? null : (
        <tfoot>
          <tr className="border-t-2 border-foreground/20 bg-primary-soft font-semibold">
            <th scope="row" className="px-3 py-3 text-left">
              {t("estimate.balance.companyCost", { currency: sheet.currency })}
            </th>
            {Array.from({ length: years }, (_, y) => (
              <td key={y} className={num}>
                {formatWholeNumber(sheet.totalPerYear[y] ?? 0, sheet.currency)}
              </td>
            ))}
            <td />
          </tr>
        </tfoot>
        )}
      </Table>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums text-foreground">{value}</dd>
    </div>
  );
}
