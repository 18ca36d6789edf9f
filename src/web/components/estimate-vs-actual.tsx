/**
 * Estimate against actual (issue 16 "Beyond the spec"): for one move, each service's cost-estimate line,
 * its budget, the approved actual spend, what is pending approval and the difference (estimate − approved),
 * with totals per currency, then each budget group's budget, spend and what remains. Used on HR's move
 * page (src/web/features/move-file/) and on finance's spend page (src/web/features/finance-insights/).
 *
 * `EstimateVsActual` reads `finance.insights.estimateVsActual` itself (loading, error and empty states);
 * `EstimateVsActualView` draws an answer already loaded; `AccountEstimateVsActual` reads
 * `finance.insights.accountActuals` and draws each move behind a finance account.
 * Amounts are right-aligned with their currency; below 768 px the rows become cards.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { BudgetFigures } from "./budget-figures.tsx";
import type { TEstimateVsActualResponse } from "../../domain/finance/schemas-insights.ts";
import { formatMoney } from "../lib/format.ts";
import { trpc } from "../lib/trpc.ts";
import { cn } from "../lib/utils.ts";
import { EmptyState, ErrorState, LoadingRows } from "./ui/states.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "./ui/table.tsx";
import { errorText } from "../lib/errors.ts";
import { budgetGroupName } from "../../domain/employee/budgets/group-name.ts";

type Row = TEstimateVsActualResponse["rows"][number];

const money = (amount: number | null, currency: string) => (amount === null ? "–" : formatMoney({ amount, currency }));

/** A signed difference: negative (spent more than estimated) in the warning colour, with words for screen readers. */
function Difference({ amount, currency }: { amount: number | null; currency: string }) {
  const { t } = useTranslation();
  if (amount === null) return <span className="text-muted-foreground">–</span>;
  return (
    <span className={cn(amount < 0 && "font-medium text-destructive")} data-testid="eva-difference">
      {formatMoney({ amount, currency })}
      {amount < 0 ? <span className="sr-only"> {t("insights.overEstimate", "over the estimate")}</span> : null}
    </span>
  );
}

function serviceLabel(r: Row, noService: string): string {
  return r.serviceKey === null ? noService : r.title || r.serviceKey;
}

/** The loaded view: the services table (cards on phones), totals per currency, and the budgets. */
export function EstimateVsActualView({ data, headingLevel = 3 }: { data: TEstimateVsActualResponse; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const SubHeading = headingLevel === 2 ? "h3" : "h4";
  if (data.rows.length === 0 && data.budgets.length === 0) {
    return (
      <EmptyState
        headingLevel={headingLevel}
        title={t("insights.emptyTitle", "Nothing to compare yet")}
        description={t("insights.emptyText", "This move has no cost estimate, budget or spend yet. Approved bills appear here as finance approves them.")}
      />
    );
  }
  const titles = new Map(data.rows.map((r) => [`${r.stage}:${r.serviceKey}`, r.title || r.serviceKey || ""]));
  const budgetCell = (r: Row) =>
    r.budget === null ? (
      <span className="text-muted-foreground">–</span>
    ) : (
      <span>
        {formatMoney(r.budget)}
        {r.budgetShared > 1 ? <span className="block text-xs text-muted-foreground">{t("insights.sharedBudget", { count: r.budgetShared, defaultValue: "shared by {{count}} services" })}</span> : null}
      </span>
    );
  return (
    <div className="flex flex-col gap-6" data-testid="estimate-vs-actual">
      <p className="text-sm text-muted-foreground">
        {data.estimateVersion === null
          ? t("insights.noEstimate", { currency: data.currency, defaultValue: "No cost estimate yet: amounts in {{currency}}." })
          : t("insights.estimateVersion", { version: data.estimateVersion, currency: data.currency, defaultValue: "Cost estimate version {{version}}, amounts in {{currency}}." })}
      </p>
      {data.rows.length > 0 ? (
        <section className="flex flex-col gap-3" aria-label={t("insights.servicesTitle", "Spend by service")}>
          <Heading className="text-sm font-semibold">{t("insights.servicesTitle", "Spend by service")}</Heading>
          <div className="hidden tablet:block">
            <Table data-testid="eva-table">
              <TableCaption>{t("insights.servicesCaption", "Each service's estimate, budget, approved and pending spend, and the difference")}</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("insights.service", "Service")}</TableHead>
                  <TableHead className="text-right">{t("insights.estimate", "Estimate")}</TableHead>
                  <TableHead className="text-right">{t("insights.budget", "Budget")}</TableHead>
                  <TableHead className="text-right">{t("insights.approved", "Approved actual")}</TableHead>
                  <TableHead className="text-right">{t("insights.pending", "Pending")}</TableHead>
                  <TableHead className="text-right">{t("insights.difference", "Difference")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.rows.map((r) => (
                  <TableRow key={`${r.stage}:${r.serviceKey}`} data-testid="eva-row" data-service={r.serviceKey ?? ""}>
                    <TableCell>
                      <span className="font-medium">{serviceLabel(r, t("insights.noService", "Other spend (no service)"))}</span>
                      {r.stageName ? <span className="block text-xs text-muted-foreground">{r.stageName}</span> : null}
                    </TableCell>
                    <TableCell className="text-right tabular-nums whitespace-nowrap">{money(r.estimate, r.currency)}</TableCell>
                    <TableCell className="text-right tabular-nums whitespace-nowrap">{budgetCell(r)}</TableCell>
                    <TableCell className="text-right tabular-nums whitespace-nowrap" data-testid="eva-approved">{money(r.approved, r.currency)}</TableCell>
                    <TableCell className="text-right tabular-nums whitespace-nowrap">{money(r.pending, r.currency)}</TableCell>
                    <TableCell className="text-right tabular-nums whitespace-nowrap"><Difference amount={r.difference} currency={r.currency} /></TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <tfoot className="border-t-2 border-border font-semibold">
                {data.totals.map((tot) => (
                  <TableRow key={tot.currency} data-testid="eva-total">
                    <th scope="row" className="px-4 py-3 text-left">{t("insights.total", { currency: tot.currency, defaultValue: "Total ({{currency}})" })}</th>
                    <TableCell className="text-right tabular-nums whitespace-nowrap">{money(tot.estimate, tot.currency)}</TableCell>
                    <TableCell />
                    <TableCell className="text-right tabular-nums whitespace-nowrap">{money(tot.approved, tot.currency)}</TableCell>
                    <TableCell className="text-right tabular-nums whitespace-nowrap">{money(tot.pending, tot.currency)}</TableCell>
                    <TableCell className="text-right tabular-nums whitespace-nowrap"><Difference amount={tot.difference} currency={tot.currency} /></TableCell>
                  </TableRow>
                ))}
              </tfoot>
            </Table>
          </div>
          <ul className="flex flex-col gap-3 tablet:hidden" data-testid="eva-cards">
            {data.rows.map((r) => (
              <li key={`${r.stage}:${r.serviceKey}`} className="rounded-lg border border-border p-4" data-testid="eva-card">
                <p className="font-medium">{serviceLabel(r, t("insights.noService", "Other spend (no service)"))}</p>
                {r.stageName ? <p className="text-xs text-muted-foreground">{r.stageName}</p> : null}
                <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">{t("insights.estimate", "Estimate")}</dt>
                  <dd className="text-right tabular-nums">{money(r.estimate, r.currency)}</dd>
                  <dt className="text-muted-foreground">{t("insights.budget", "Budget")}</dt>
                  <dd className="text-right tabular-nums">{budgetCell(r)}</dd>
                  <dt className="text-muted-foreground">{t("insights.approved", "Approved actual")}</dt>
                  <dd className="text-right tabular-nums">{money(r.approved, r.currency)}</dd>
                  <dt className="text-muted-foreground">{t("insights.pending", "Pending")}</dt>
                  <dd className="text-right tabular-nums">{money(r.pending, r.currency)}</dd>
                  <dt className="text-muted-foreground">{t("insights.difference", "Difference")}</dt>
                  <dd className="text-right tabular-nums"><Difference amount={r.difference} currency={r.currency} /></dd>
                </dl>
              </li>
            ))}
            {data.totals.map((tot) => (
              <li key={tot.currency} className="rounded-lg border-2 border-border p-4 font-semibold" data-testid="eva-card-total">
                <p>{t("insights.total", { currency: tot.currency, defaultValue: "Total ({{currency}})" })}</p>
                <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  <dt>{t("insights.estimate", "Estimate")}</dt>
                  <dd className="text-right tabular-nums">{money(tot.estimate, tot.currency)}</dd>
                  <dt>{t("insights.approved", "Approved actual")}</dt>
                  <dd className="text-right tabular-nums">{money(tot.approved, tot.currency)}</dd>
                  <dt>{t("insights.pending", "Pending")}</dt>
                  <dd className="text-right tabular-nums">{money(tot.pending, tot.currency)}</dd>
                  <dt>{t("insights.difference", "Difference")}</dt>
                  <dd className="text-right tabular-nums"><Difference amount={tot.difference} currency={tot.currency} /></dd>
                </dl>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.budgets.length > 0 ? (
        <section className="flex flex-col gap-3" aria-label={t("insights.budgetsTitle", "Budgets")}>
          <SubHeading className="text-sm font-semibold">{t("insights.budgetsTitle", "Budgets")}</SubHeading>
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="eva-budgets">
            {data.budgets.map((b) => (
              <li key={`${b.stage}:${b.group}`} className="grid grid-cols-1 gap-2 p-4 desktop:grid-cols-[1fr_auto] desktop:items-center desktop:gap-6" data-testid="eva-budget" data-stage={b.stage} data-group={b.group}>
                <div className="min-w-0">
                  <p className="font-medium">{t("insights.budgetGroup", { stage: b.stageName, group: budgetGroupName(b.serviceKeys.map((key) => titles.get(`${b.stage}:${key}`) ?? key), b.group), defaultValue: "{{stage}} · {{group}}" })}</p>
                  <p className="text-xs text-muted-foreground break-words">{b.serviceKeys.map((key) => titles.get(`${b.stage}:${key}`) ?? key).join(", ")}</p>
                </div>
                <BudgetFigures figures={b.figures} className="tablet:text-right" />
              </li>
            ))}
            {data.budgetTotals.map((tot) => (
              <li key={tot.currency} className="grid grid-cols-1 gap-2 bg-muted/50 p-4 font-semibold desktop:grid-cols-[1fr_auto] desktop:items-center desktop:gap-6" data-testid="eva-budget-total">
                <p>{t("insights.total", { currency: tot.currency, defaultValue: "Total ({{currency}})" })}</p>
                <BudgetFigures
                  figures={{ currency: tot.currency, budget: tot.budget, committed: tot.committed, spent: tot.spent, remaining: tot.remaining }}
                  className="tablet:text-right"
                  testId="budget-figures-total"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** Reads and draws one move's estimate against actual (`group` optional for finance). */
export function EstimateVsActual({ moveId, group, headingLevel = 3 }: { moveId: number; group?: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const query = useQuery({ ...trpc.finance.insights.estimateVsActual.queryOptions(group === undefined ? { moveId } : { moveId, group }), retry: false, refetchOnWindowFocus: true });
  if (query.isPending) return <LoadingRows rows={3} />;
  if (query.isError) {
    return <ErrorState message={errorText(query.error, t("insights.loadFailed", "The estimate against actual could not be loaded."))} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />;
  }
  return <EstimateVsActualView data={query.data} headingLevel={headingLevel} />;
}

/**
 * Finance's account view: estimate against actual of every move behind an account (an Employee account:
 * that employee's moves), each with a link to the move's spend page.
 */
export function AccountEstimateVsActual({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const query = useQuery({ ...trpc.finance.insights.accountActuals.queryOptions({ accountId }), retry: false });
  if (query.isPending) return <LoadingRows rows={3} />;
  if (query.isError) {
    return <ErrorState message={errorText(query.error, t("insights.loadFailed", "The estimate against actual could not be loaded."))} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />;
  }
  if (query.data.moves.length === 0) {
    return <EmptyState title={t("insights.noMoves", "No moves behind this account")} description={t("insights.noMovesText", "Estimate against actual appears here once the account's employee has a move or its bills name one.")} />;
  }
  return (
    <div className="flex flex-col gap-8" data-testid="account-estimate-vs-actual">
      {query.data.moves.map((m) => (
        <section key={m.moveId} className="flex flex-col gap-3" aria-labelledby={`account-move-${m.moveId}`} data-testid="account-move">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`account-move-${m.moveId}`} className="text-base font-semibold">
              {t("insights.moveHeading", { name: m.moveName, defaultValue: "{{name}}" })}
            </h2>
            <Link to="/finance/moves/$moveId/spend" params={{ moveId: String(m.moveId) }} className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              {t("insights.openSpend", { name: m.moveName, defaultValue: "Open the spend page of {{name}}" })}
            </Link>
          </div>
          <EstimateVsActualView data={m} headingLevel={3} />
        </section>
      ))}
    </div>
  );
}
