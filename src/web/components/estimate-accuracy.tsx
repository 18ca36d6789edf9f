/**
 * Published estimate accuracy (issue 26), drawn from an answer already loaded (programme.accuracy,
 * programme.financeAccuracy, programme.moveAccuracy): the median and 90th-percentile absolute error, the spend
 * against estimate and budget per currency, and the figures per service, policy and period; for one move its
 * service lines. Used on the group home's overview, HR's move page and finance's accuracy page. Loaded only in
 * lazy chunks (never from the entry); its texts (src/domain/i18n/en-programme.ts) are added when it loads.
 * Amounts are integer minor units formatted with their currency; errors arrive in basis points.
 */
import { useTranslation } from "react-i18next";
import type { TAccuracyLine, TAccuracyStat, TSpendTotals } from "../../domain/reporting/accuracy-schemas.ts";
import { enProgramme } from "../../domain/i18n/en-programme.ts";
import { formatMoney } from "../lib/format.ts";
import { i18n } from "../lib/i18n.ts";
import { cn } from "../lib/utils.ts";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "./ui/table.tsx";

// The texts arrive with the chunk; translations already loaded (the translations table's) are kept.
i18n.addResourceBundle("en", "translation", enProgramme, true, false);

/** Basis points as a percentage for people ("12.5 %"), exact from the integer. */
export function percentText(bp: number | null, signed = false): string {
  if (bp === null) return "–";
  const sign = bp < 0 ? "−" : signed && bp > 0 ? "+" : "";
  const a = Math.abs(bp);
  const whole = Math.floor(a / 100);
  const cents = a % 100;
  return `${sign}${whole}${cents === 0 ? "" : `.${String(cents).padStart(2, "0").replace(/0$/, "")}`} %`;
}

const money = (amount: number | null, currency: string) => (amount === null ? "–" : formatMoney({ amount, currency }));

/** The two headline figures: median and 90th-percentile absolute error. */
/** `moves` null: one move's figures (no count shown). */
export function AccuracyHeadline({ stat, moves, testId }: { stat: TAccuracyStat; moves: number | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
    <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
      <div className="rounded-lg border border-border px-4 py-3">
        <dt className="text-xs font-medium text-muted-foreground">{t("accuracy.median")}</dt>
        <dd className="text-2xl font-semibold tabular-nums" data-testid={`${testId}-median`}>
          {percentText(stat.medianAbsErrorBp)}
        </dd>
      </div>
      <div className="rounded-lg border border-border px-4 py-3">
        <dt className="text-xs font-medium text-muted-foreground">{t("accuracy.p90")}</dt>
        <dd className="text-2xl font-semibold tabular-nums" data-testid={`${testId}-p90`}>
          {percentText(stat.p90AbsErrorBp)}
        </dd>
      </div>
      {moves === null ? null : (
        <div className="rounded-lg border border-border px-4 py-3">
          <dt className="text-xs font-medium text-muted-foreground">{t("accuracy.colMove")}</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid={`${testId}-moves`}>
            {t("accuracy.moves", { count: moves })}
          </dd>
        </div>
      )}
    </dl>
      <p className="text-xs text-muted-foreground">{t("accuracy.errorHelp")}</p>
    </div>
  );
}

/** Spend against estimate and against budget, one row per currency (never added across currencies). */
export function SpendTotals({ totals, testId }: { totals: TSpendTotals; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid min-w-0 gap-4 tablet:grid-cols-2" data-testid={testId}>
      <section aria-label={t("accuracy.againstEstimate")} className="min-w-0">
        <h4 className="mb-2 text-sm font-semibold">{t("accuracy.againstEstimate")}</h4>
        {totals.estimate.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("accuracy.noFigures")}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {totals.estimate.map((e) => (
              <li key={e.currency} className="rounded-lg border border-border px-3 py-2 text-sm">
                <Bar planned={e.estimate} actual={e.approved} />
                <span className="flex flex-wrap justify-between gap-x-3">
                  <span>
                    {t("accuracy.approvedTotal")} <strong className="tabular-nums">{money(e.approved, e.currency)}</strong>
                  </span>
                  <span className="text-muted-foreground">
                    {t("accuracy.estimateTotal")} <span className="tabular-nums">{money(e.estimate, e.currency)}</span>
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label={t("accuracy.againstBudget")} className="min-w-0">
        <h4 className="mb-2 text-sm font-semibold">{t("accuracy.againstBudget")}</h4>
        {totals.budget.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("accuracy.noFigures")}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {totals.budget.map((b) => (
              <li key={b.currency} className="rounded-lg border border-border px-3 py-2 text-sm">
                <Bar planned={b.budget} actual={b.approved} />
                <span className="flex flex-wrap justify-between gap-x-3">
                  <span>
                    {t("accuracy.approvedTotal")} <strong className="tabular-nums">{money(b.approved, b.currency)}</strong>
                  </span>
                  <span className="text-muted-foreground">
                    {t("accuracy.budgetTotal")} <span className="tabular-nums">{money(b.budget, b.currency)}</span>
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** A share bar: actual against planned (decorative; the figures are beside it). */
function Bar({ planned, actual }: { planned: number; actual: number }) {
  const share = planned <= 0 ? (actual > 0 ? 100 : 0) : Math.min(100, Math.round((actual * 100) / planned));
  return (
    <span className="mb-1.5 block h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
      <span className={cn("block h-full rounded-full", actual > planned ? "bg-destructive" : "bg-primary")} style={{ width: `${share}%` }} />
    </span>
  );
}

/** Median and 90th percentile per service, policy or period. */
export function AccuracyStatsTable({ stats, caption, nameTitle, testId }: { stats: TAccuracyStat[]; caption: string; nameTitle: string; testId: string }) {
  const { t } = useTranslation();
  if (stats.length === 0) return null;
  return (
    <section aria-label={caption} className="min-w-0" data-testid={testId}>
      <h4 className="mb-2 text-sm font-semibold">{caption}</h4>
      <Table>
        <TableCaption>{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>{nameTitle}</TableHead>
            <TableHead className="text-right">{t("accuracy.colLines")}</TableHead>
            <TableHead className="text-right">{t("accuracy.colMedian")}</TableHead>
            <TableHead className="text-right">{t("accuracy.colP90")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {stats.map((s) => (
            <TableRow key={s.key}>
              <TableCell className="[overflow-wrap:anywhere]">{s.label}</TableCell>
              <TableCell className="text-right tabular-nums">{s.lines}</TableCell>
              <TableCell className="text-right tabular-nums">{percentText(s.medianAbsErrorBp)}</TableCell>
              <TableCell className="text-right tabular-nums">{percentText(s.p90AbsErrorBp)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

/** One move's service lines: estimate, budget, approved, difference and error (cards below 768 px). */
export function AccuracyLines({ lines, testId }: { lines: TAccuracyLine[]; testId: string }) {
  const { t } = useTranslation();
  const errorCell = (l: TAccuracyLine) => (
    <span className={cn(l.errorBp !== null && l.errorBp > 0 && "font-medium text-destructive")}>
      {percentText(l.errorBp, true)}
      {l.errorBp !== null && l.errorBp !== 0 ? <span className="sr-only"> {t(l.errorBp > 0 ? "accuracy.over" : "accuracy.under")}</span> : null}
    </span>
  );
  const budgetText = (l: TAccuracyLine) =>
    l.budget === null ? "–" : `${money(l.budget.amount, l.budget.currency)}${l.budget.sharedBy > 1 ? ` (${t("accuracy.sharedBudget", { count: l.budget.sharedBy })})` : ""}`;
  return (
    <div data-testid={testId}>
      <ul className="flex flex-col gap-3 tablet:hidden">
        {lines.map((l) => (
          <li key={`${l.stage}:${l.serviceKey}`} className="rounded-lg border border-border p-3 text-sm">
            <p className="font-medium [overflow-wrap:anywhere]">{l.serviceTitle}</p>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1">
              <dt className="text-muted-foreground">{t("accuracy.colEstimate")}</dt>
              <dd className="text-right tabular-nums">{money(l.estimate, l.currency)}</dd>
              <dt className="text-muted-foreground">{t("accuracy.colBudget")}</dt>
              <dd className="text-right tabular-nums [overflow-wrap:anywhere]">{budgetText(l)}</dd>
              <dt className="text-muted-foreground">{t("accuracy.colApproved")}</dt>
              <dd className="text-right tabular-nums">{money(l.approved, l.currency)}</dd>
              <dt className="text-muted-foreground">{t("accuracy.colDifference")}</dt>
              <dd className="text-right tabular-nums">{money(l.difference, l.currency)}</dd>
              <dt className="text-muted-foreground">{t("accuracy.colError")}</dt>
              <dd className="text-right tabular-nums">{errorCell(l)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden tablet:block">
        <Table>
          <TableCaption>{t("accuracy.moveTitle")}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>{t("accuracy.colService")}</TableHead>
              <TableHead className="text-right">{t("accuracy.colEstimate")}</TableHead>
              <TableHead className="text-right">{t("accuracy.colBudget")}</TableHead>
              <TableHead className="text-right">{t("accuracy.colApproved")}</TableHead>
              <TableHead className="text-right">{t("accuracy.colDifference")}</TableHead>
              <TableHead className="text-right">{t("accuracy.colError")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lines.map((l) => (
              <TableRow key={`${l.stage}:${l.serviceKey}`}>
                <TableCell>{l.serviceTitle}</TableCell>
                <TableCell className="text-right tabular-nums">{money(l.estimate, l.currency)}</TableCell>
                <TableCell className="text-right tabular-nums">{budgetText(l)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(l.approved, l.currency)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(l.difference, l.currency)}</TableCell>
                <TableCell className="text-right tabular-nums">{errorCell(l)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
