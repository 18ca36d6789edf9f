/**
 * The manager dashboard page /{group}/managerDashboard (issue 15; part 1 §2 "/{group}/managerDashboardBody:
 * paginated, sortable by column, zero-based page in the URL, a per-page selector"; §3 "Employee row (dashboard)";
 * §7 addEmployeeNote; §9 pagination). Reads `dashboard.rows` (the same service as GET
 * /{group}/managerDashboardBody) and saves notes through `dashboard.addNote` (POST /{group}/addEmployeeNote).
 *
 * The URL holds the view (routes.tsx): every column header sorts (a button in the th, aria-sort), the status
 * filter, the name search (debounced), the assignment end-date range and the rows per page; the pager shows every
 * page up to 6, otherwise the first, the current one's neighbours and the last with an ellipsis (pager.ts).
 * The table scrolls in its own box when it is wider than the page (phones). A manager whose dashboard
 * restriction is OFF gets the server's refusal text. The table is dashboard-table.tsx, the note dialog
 * dashboard-note-dialog.tsx.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronLeft, ChevronRight, LayoutDashboard, SearchX, ShieldAlert } from "lucide-react";
import { useCallback, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DASHBOARD_DEFAULT_ROWS, DASHBOARD_PAGE_SIZES, type DashboardSort, type TDashboardFilters, type TDashboardRow } from "../../../domain/manager/dashboard/schemas.ts";
import { NotFoundPage } from "../../components/status-pages.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState } from "../../components/ui/states.tsx";
import { errorCode, errorText, serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { useUrlSearchText } from "../../lib/url-search-text.ts";
import { NoteDialog } from "./dashboard-note-dialog.tsx";
import { DashboardTable, type Dir } from "./dashboard-table.tsx";
import { dashboardPager } from "./pager.ts";

type Status = NonNullable<TDashboardFilters["status"]>;

/** The dashboard's view as it appears in the URL (see routes.tsx). */
export type DashboardSearch = {
  page?: number;
  numberOfRows?: number;
  sort?: DashboardSort;
  dir?: Dir;
  status?: Status;
  q?: string;
  endFrom?: string;
  endTo?: string;
};

const STATUSES: readonly Status[] = ["draft", "open", "on_assignment", "completed"];
const DEFAULT_SORT: DashboardSort = "lastName";
const SEARCH_DEBOUNCE_MS = 300;

export function DashboardPage({ group, search, onSearchChange }: { group: string; search: DashboardSearch; onSearchChange: (next: DashboardSearch, options?: { replace?: boolean }) => void }) {
  const { t } = useTranslation();
  const page = search.page ?? 0;
  const numberOfRows = search.numberOfRows ?? DASHBOARD_DEFAULT_ROWS;
  const sort = search.sort ?? DEFAULT_SORT;
  const dir = search.dir ?? "asc";
  const filters: TDashboardFilters = { status: search.status, q: search.q, endFrom: search.endFrom, endTo: search.endTo };
  const filtered = !!(search.status || search.q || search.endFrom || search.endTo);
  const rowsQuery = useQuery({
    ...trpc.dashboard.rows.queryOptions({ group, page, numberOfRows, sort, dir, filters }),
    placeholderData: keepPreviousData,
  });
  // The home's answer says whether the caller may extend or end assignments (usually cached from the home).
  const home = useQuery({ ...trpc.group.home.queryOptions({ group }), staleTime: 60_000, retry: false });
  const searchId = useId();
  const statusId = useId();
  const fromId = useId();
  const toId = useId();
  const rowsId = useId();

  const onQuery = useCallback((q: string | undefined) => onSearchChange({ ...search, q, page: undefined }, { replace: true }), [search, onSearchChange]);
  const [query, setQuery] = useUrlSearchText(search.q, onQuery, SEARCH_DEBOUNCE_MS);
  /** The row whose note is open, and the button that opened it (focus goes back there on close). */
  const [editing, setEditing] = useState<{ row: TDashboardRow; opener: HTMLElement } | null>(null);

  if (rowsQuery.isError && !rowsQuery.data) {
    const code = errorCode(rowsQuery.error);
    // A manager without the dashboard (or another group's user): the server's own text.
    if (code === "FORBIDDEN") return <NotAllowed message={serverMessage(rowsQuery.error) ?? t("dashboard.notAllowed")} />;
    if (code === "NOT_FOUND") return <NotFoundPage />;
  }

  const onSort = (key: DashboardSort) => {
    const nextDir: Dir = key === sort && dir === "asc" ? "desc" : "asc";
    onSearchChange({ ...search, sort: key, dir: nextDir, page: undefined });
  };
  const goToPage = (next: number) => onSearchChange({ ...search, page: next > 0 ? next : undefined });
  // Date inputs change as they are typed: one history entry for the field, not one per keystroke.
  const setDate = (patch: Pick<DashboardSearch, "endFrom" | "endTo">) => onSearchChange({ ...search, ...patch, page: undefined }, { replace: true });

  const data = rowsQuery.data;
  const rows = data?.rows ?? [];
  // The page the rows shown belong to (while the next page loads, the previous answer stays on screen, dimmed).
  const pager = data ? dashboardPager(data.total, data.page, data.numberOfRows, rows.length) : null;
  const shownPage = data?.page ?? page;
  const loading = rowsQuery.isPending;
  const stale = rowsQuery.isPlaceholderData;

  let body;
  if (rowsQuery.isError && !data) {
    body = <ErrorState message={errorText(rowsQuery.error, t("dashboard.loadFailed"))} retryLabel={t("app.retry")} onRetry={() => void rowsQuery.refetch()} />;
  } else if (data && data.total === 0 && !filtered) {
    body = <EmptyState icon={LayoutDashboard} headingLevel={2} title={t("dashboard.empty")} description={t("dashboard.emptyBody")} />;
  } else if (data && rows.length === 0 && !pager?.pastEnd) {
    body = (
      <EmptyState
        icon={SearchX}
        headingLevel={2}
        title={t("dashboard.noMatch")}
        description={t("dashboard.noMatchBody")}
        action={
          <Button variant="outline" onClick={() => onSearchChange({ ...search, status: undefined, q: undefined, endFrom: undefined, endTo: undefined, page: undefined })}>
            {t("dashboard.clearFilters")}
          </Button>
        }
      />
    );
  } else if (data && pager?.pastEnd) {
    body = (
      <EmptyState
        icon={SearchX}
        headingLevel={2}
        title={t("dashboard.pastEnd")}
        action={
          <Button variant="outline" onClick={() => goToPage(0)}>
            {t("dashboard.firstPage")}
          </Button>
        }
      />
    );
  } else {
    body = <DashboardTable group={group} rows={rows} loading={loading} stale={stale} sort={sort} dir={dir} onSort={onSort} onEditNote={(row, opener) => setEditing({ row, opener })} />;
  }

  const canAct = home.data?.access.assignmentActions ?? false;

  return (
    <div>
      <PageHeader
        eyebrow={t("dashboard.eyebrow", { group: home.data?.group.displayName ?? group })}
        title={t("dashboard.title")}
        description={t("dashboard.intro")}
        actions={
          canAct ? (
            <Button asChild variant="outline">
              <Link to="/$group/employees" params={{ group }} data-testid="dashboard-assignments-link">
                {t("dashboard.assignmentsLink")}
              </Link>
            </Button>
          ) : null
        }
      />
      <Card className="min-w-0 overflow-hidden">
        <CardHeader className="border-b border-border pb-5">
          <form
            role="search"
            aria-label={t("dashboard.filters")}
            onSubmit={(e) => e.preventDefault()}
            className="grid grid-cols-1 gap-3 tablet:grid-cols-2 desktop:grid-cols-[minmax(0,1.4fr)_repeat(4,minmax(0,1fr))] desktop:items-end"
          >
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={searchId}>{t("dashboard.search")}</Label>
              <SearchInput
                  id={searchId}
                  maxLength={100}
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  placeholder={t("dashboard.searchPlaceholder")} />
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={statusId}>{t("dashboard.statusFilter")}</Label>
              <NativeSelect id={statusId} value={search.status ?? ""} onChange={(e) => onSearchChange({ ...search, status: (e.target.value || undefined) as Status | undefined, page: undefined })}>
                <option value="">{t("dashboard.allStatuses")}</option>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`dashboard.status.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={fromId}>{t("dashboard.endFrom")}</Label>
              <Input id={fromId} type="date" value={search.endFrom ?? ""} max={search.endTo} onChange={(e) => setDate({ endFrom: validDate(e.target.value) })} />
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={toId}>{t("dashboard.endTo")}</Label>
              <Input id={toId} type="date" value={search.endTo ?? ""} min={search.endFrom} onChange={(e) => setDate({ endTo: validDate(e.target.value) })} />
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={rowsId}>{t("dashboard.perPage")}</Label>
              <NativeSelect
                id={rowsId}
                value={numberOfRows}
                onChange={(e) => {
                  const n = Number(e.target.value);
                  onSearchChange({ ...search, numberOfRows: n === DASHBOARD_DEFAULT_ROWS ? undefined : n, page: undefined });
                }}
              >
                {DASHBOARD_PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </form>
        </CardHeader>

        {body}

        {data && pager && (data.total > 0 || page > 0) ? (
          <nav aria-label={t("dashboard.pages")} className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-3 tablet:px-6">
            <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="dashboard-showing">
              {pager.range ? t("dashboard.showing", { from: pager.range.from, to: pager.range.to, total: pager.range.total }) : null}
            </p>
            <Pagination page={shownPage} pager={pager} disabled={stale} onPage={goToPage} />
          </nav>
        ) : null}
      </Card>
      {editing ? <NoteDialog group={group} row={editing.row} opener={editing.opener} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

const validDate = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

function NotAllowed({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader title={t("dashboard.title")} />
      <Card>
        <EmptyState icon={ShieldAlert} headingLevel={2} title={message} className="[&_h2]:font-medium" />
      </Card>
    </div>
  );
}

function Pagination({ page, pager, disabled, onPage }: { page: number; pager: ReturnType<typeof dashboardPager>; disabled: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (pager.pages <= 1) return null;
  return (
    <div className="flex flex-wrap items-center gap-1" data-testid="dashboard-pages">
      <Button variant="outline" size="sm" aria-label={t("dashboard.previous")} disabled={!pager.hasPrevious || disabled} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
      </Button>
      {pager.items.map((item, i) =>
        item === "gap" ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1.5 text-muted-foreground">
            …
          </span>
        ) : (
          <Button
            key={item}
            variant={item === page ? "default" : "ghost"}
            size="sm"
            className="min-w-8 px-2 tabular-nums"
            aria-label={t("dashboard.goToPage", { page: item + 1 })}
            aria-current={item === page ? "page" : undefined}
            disabled={disabled && item !== page}
            onClick={() => item !== page && onPage(item)}
          >
            {item + 1}
          </Button>
        ),
      )}
      <Button variant="outline" size="sm" aria-label={t("dashboard.next")} disabled={!pager.hasNext || disabled} onClick={() => onPage(page + 1)}>
        <ChevronRight aria-hidden="true" />
      </Button>
    </div>
  );
}
