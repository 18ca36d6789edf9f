import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TClientErrorRow } from "../../../domain/admin/client-errors/schemas.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, LoadingRows, QueryView } from "../../components/ui/states.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";

/** /admin/client-errors: the errors browsers reported (errors.report), newest first, as cards that fit a phone. */
export function ClientErrorsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState("");
  const term = search.trim() || undefined;
  const list = useQuery({ ...trpc.errors.list.queryOptions({ page, search: term }), placeholderData: keepPreviousData });

  return (
    <div>
      <PageHeader title={t("clientErrors.title")} description={t("clientErrors.description")} />
      <div className="mb-4 flex max-w-sm flex-col gap-2">
        <Label htmlFor="client-errors-search">{t("clientErrors.search")}</Label>
        <Input
          id="client-errors-search"
          type="search"
          placeholder={t("clientErrors.searchPlaceholder")}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
        />
      </div>
      <QueryView
        query={list}
        loading={<LoadingRows rows={4} rowClassName="h-24" />}
        isEmpty={(d) => d.rows.length === 0}
        empty={<EmptyState title={term || page > 0 ? t("clientErrors.empty") : t("clientErrors.emptyAll")} />}
      >
        {(data) => (
          <ul aria-label={t("clientErrors.list")} className="flex flex-col gap-3">
            {data.rows.map((row) => (
              <ClientErrorCard key={row.id} row={row} />
            ))}
          </ul>
        )}
      </QueryView>
      <nav aria-label={t("clientErrors.pagination")} className="mt-4 flex items-center justify-end gap-3">
        <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => Math.max(0, p - 1))}>
          {t("clientErrors.previous")}
        </Button>
        <span className="text-sm text-muted-foreground">{t("clientErrors.pageNumber", { page: page + 1 })}</span>
        <Button variant="outline" size="sm" disabled={!list.data?.hasMore} onClick={() => setPage((p) => p + 1)}>
          {t("clientErrors.next")}
        </Button>
      </nav>
    </div>
  );
}

function ClientErrorCard({ row }: { row: TClientErrorRow }) {
  const { t } = useTranslation();
  const when = (at: string) => formatDateTime(at);
  const reporter = row.userEmail ? (row.groupName ? `${row.userEmail} (${row.groupName})` : row.userEmail) : t("clientErrors.signedOut");
  return (
    <li data-testid="client-error">
      <Card className="min-w-0 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="min-w-0 break-words font-medium [overflow-wrap:anywhere]">{row.message}</p>
          <Badge variant={row.count > 1 ? "warning" : "neutral"}>{t("clientErrors.count", { count: row.count })}</Badge>
        </div>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t("clientErrors.lastAt")}</dt>
          <dd>
            <time dateTime={row.at}>{when(row.at)}</time>
          </dd>
          {row.count > 1 ? (
            <>
              <dt className="text-muted-foreground">{t("clientErrors.firstAt")}</dt>
              <dd>
                <time dateTime={row.firstAt}>{when(row.firstAt)}</time>
              </dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">{t("clientErrors.page")}</dt>
          <dd className="break-all font-mono text-xs leading-5">{row.page}</dd>
          <dt className="text-muted-foreground">{t("clientErrors.reporter")}</dt>
          <dd className="break-words [overflow-wrap:anywhere]">{reporter}</dd>
          {row.userAgent ? (
            <>
              <dt className="text-muted-foreground">{t("clientErrors.browser")}</dt>
              <dd className="break-words text-xs leading-5 text-muted-foreground [overflow-wrap:anywhere]">{row.userAgent}</dd>
            </>
          ) : null}
        </dl>
        {row.detail ? (
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer rounded-sm font-medium text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              {t("clientErrors.detail")}
            </summary>
            <pre className="mt-2 max-h-72 overflow-auto whitespace-pre-wrap break-all rounded-lg border border-border bg-muted p-3 text-xs">{row.detail}</pre>
          </details>
        ) : null}
      </Card>
    </li>
  );
}
