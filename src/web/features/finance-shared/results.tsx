import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCaption, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { Money } from "./cells.tsx";
import type { FinanceTexts } from "./texts.ts";

/** What ResultsCard reads of a list query (react-query's result). */
type ListQuery<T> = { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };

/** A list page's results: loading rows, the error with Retry (`errorMessage`), the empty state, or `children` with the page of rows. */
export function ResultsCard<T extends { rows: readonly unknown[] }>({ query, errorMessage, emptyTitle, children }: { query: ListQuery<T>; errorMessage: string; emptyTitle: string; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  const data = query.data;
  return (
    <Card className="min-w-0 overflow-hidden">
      {query.isPending ? (
        <LoadingRows rows={5} />
      ) : query.isError || !data ? (
        <ErrorState message={errorMessage} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
      ) : data.rows.length === 0 ? (
        <EmptyState title={emptyTitle} />
      ) : (
        children(data)
      )}
    </Card>
  );
}

/** The rows as a table from the desktop breakpoint (its caption for screen readers only); `head` holds the header cells. */
export function RowsTable({ caption, className, head, children }: { caption: string; className?: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="hidden desktop:block">
      <Table className={className}>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader>
          <TableRow>{head}</TableRow>
        </TableHeader>
        <TableBody>{children}</TableBody>
      </Table>
    </div>
  );
}

/** The same rows as cards below the desktop breakpoint (phone and tablet widths), a list named by the caption. */
export function RowCards({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <ul className="flex flex-col divide-y divide-border desktop:hidden" aria-label={caption}>
      {children}
    </ul>
  );
}

/**
 * Under the rows: the totals per currency (`namedTotals`: the list of totals is named by its label) and
 * the pages; `onPage` gets the page to show (none for the first).
 */
export function ListFooter({
  ns,
  totals,
  namedTotals,
  page,
  pages,
  onPage,
}: {
  ns: FinanceTexts;
  totals: readonly { amount: number | string; currency: string }[];
  namedTotals?: boolean;
  page: number;
  pages: number;
  onPage: (page: number | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 border-t border-border p-4 tablet:flex-row tablet:items-center">
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label={namedTotals ? t(`${ns}.totals`) : undefined}>
        <dt className="font-medium">{t(`${ns}.totals`)}</dt>
        {totals.map((x) => (
          <dd key={x.currency} className="text-right">
            <Money amount={x.amount} currency={x.currency} />
          </dd>
        ))}
      </dl>
      <nav className="flex items-center gap-2 tablet:ml-auto" aria-label={t(`${ns}.pageOf`, { page, pages })}>
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1 === 1 ? undefined : page - 1)}>
          {t(`${ns}.previous`)}
        </Button>
        <span className="text-sm tabular-nums">{t(`${ns}.pageOf`, { page, pages })}</span>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t(`${ns}.next`)}
        </Button>
      </nav>
    </div>
  );
}
