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
 * restriction is OFF gets the server's refusal text.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, ChevronLeft, ChevronRight, LayoutDashboard, Pencil, SearchX, ShieldAlert } from "lucide-react";
import { Fragment, useCallback, useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  DASHBOARD_COLUMNS,
  DASHBOARD_DEFAULT_ROWS,
  DASHBOARD_PAGE_SIZES,
  type DashboardSort,
  type TDashboardFilters,
  type TDashboardRow,
} from "../../../domain/manager/dashboard/schemas.ts";
import { HR_NOTES_MAX } from "../../../domain/moves/employee-file/schemas.ts";
import { NotFoundPage } from "../../components/status-pages.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { EmptyState, ErrorState } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { errorCode, errorText, serverMessage } from "../../lib/errors.ts";
import { formatDate } from "../../lib/format.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";
import { useUrlSearchText } from "../../lib/url-search-text.ts";
import { cn } from "../../lib/utils.ts";
import { dashboardPager } from "./pager.ts";

type Status = NonNullable<TDashboardFilters["status"]>;
type Dir = "asc" | "desc";

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

const statusVariant: Record<string, "success" | "warning" | "neutral" | "info" | "destructive"> = {
  draft: "warning",
  open: "info",
  on_assignment: "success",
  completed: "neutral",
  cancelled: "destructive",
};

const nameOf = (r: TDashboardRow) => `${r.firstName} ${r.lastName}`.trim() || `#${r.id}`;

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

/**
 * Below 768 px the table reflows into cards (as the group home's moves table does): the header row becomes a
 * wrapping row of sort buttons, each move a two-column card whose values carry their column's name; the note
 * and the reasons take the whole width. The explicit roles keep it a table for assistive technology.
 */
const phoneCards = cn(
  "max-tablet:block",
  "max-tablet:[&_thead]:block max-tablet:[&_thead_tr]:flex max-tablet:[&_thead_tr]:flex-wrap max-tablet:[&_thead_tr]:gap-x-3 max-tablet:[&_thead_tr]:gap-y-1 max-tablet:[&_thead_tr]:px-4 max-tablet:[&_thead_tr]:py-2",
  "max-tablet:[&_th]:h-auto max-tablet:[&_th]:px-1.5",
  "max-tablet:[&_tbody]:block max-tablet:[&_tbody_tr]:grid max-tablet:[&_tbody_tr]:grid-cols-2 max-tablet:[&_tbody_tr]:gap-x-4 max-tablet:[&_tbody_tr]:gap-y-3 max-tablet:[&_tbody_tr]:px-4 max-tablet:[&_tbody_tr]:py-4",
  "max-tablet:[&_td]:block max-tablet:[&_td]:min-w-0 max-tablet:[&_td]:p-0",
  "max-tablet:[&_td[data-column=note]]:col-span-2 max-tablet:[&_td[data-column=extensionReason]]:col-span-2 max-tablet:[&_td[data-column=endAssignmentReason]]:col-span-2 max-tablet:[&_td[data-column=actions]]:col-span-2",
);

/**
 * Issue 24 §6: at 1366 px the table shows its priority columns and the Actions column; the other columns (id, move
 * stages, the reasons) wait behind each row's "More" (a detail row) until the screen is 1536 px wide. Phones
 * show every value in the cards.
 */
const SECONDARY: ReadonlySet<DashboardSort> = new Set(["id", "numberOfMoveStages", "extensionReason", "endAssignmentReason"]);
const secondaryClass = "tablet:max-[1535px]:hidden";
/** Shown only where the secondary columns are hidden (tablet to 1535 px). */
const detailOnlyClass = "max-tablet:hidden min-[1536px]:hidden";

/** A cell with its column's name above the value on phones (cards); hidden from assistive technology, which has the header. */
function Cell({ k, className, children }: { k: DashboardSort; className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <TableCell role="cell" className={cn(className, SECONDARY.has(k) && secondaryClass)} data-column={k}>
      <span aria-hidden="true" className="mb-0.5 block text-xs font-medium text-muted-foreground tablet:hidden">
        {t(`dashboard.col.${k}`)}
      </span>
      <span data-value className="contents">
        {children}
      </span>
    </TableCell>
  );
}

/** One page of rows: every header a sort button with aria-sort; while the first page loads, skeleton rows. */
function DashboardTable({
  group,
  rows,
  loading,
  stale,
  sort,
  dir,
  onSort,
  onEditNote,
}: {
  group: string;
  rows: TDashboardRow[];
  loading: boolean;
  stale: boolean;
  sort: DashboardSort;
  dir: Dir;
  onSort: (key: DashboardSort) => void;
  onEditNote: (row: TDashboardRow, opener: HTMLElement) => void;
}) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (moveId: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(moveId)) next.delete(moveId);
      else next.add(moveId);
      return next;
    });
  const notSet = <span className="text-muted-foreground">{t("dashboard.notSet")}</span>;
  const date = (value: string | null) =>
    value ? (
      <time dateTime={value} className="whitespace-nowrap">
        {formatDate(value)}
      </time>
    ) : (
      notSet
    );
  const textCell = (value: string | null) => (value ? <span className="line-clamp-2 min-w-40 max-w-64 [overflow-wrap:anywhere] max-tablet:min-w-0 max-tablet:max-w-none">{value}</span> : notSet);
  return (
    <Table role="table" aria-busy={loading || stale || undefined} className={cn(stale && "opacity-60 transition-opacity", phoneCards)} data-testid="dashboard-table">
      <TableCaption>{t("dashboard.caption")}</TableCaption>
      <TableHeader role="rowgroup">
        <TableRow role="row" className="hover:bg-transparent">
          {DASHBOARD_COLUMNS.map((c) => {
            const active = c.key === sort;
            const Icon = !active ? ArrowUpDown : dir === "asc" ? ArrowUp : ArrowDown;
            return (
              <TableHead
                key={c.key}
                role="columnheader"
                aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"}
                className={cn("tablet:whitespace-normal", SECONDARY.has(c.key) && secondaryClass)}
              >
                <button
                  type="button"
                  onClick={() => onSort(c.key)}
                  className="-mx-1.5 inline-flex items-center gap-1.5 rounded px-1.5 py-1 text-left uppercase tracking-wide hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  data-testid={`sort-${c.key}`}
                >
                  {t(`dashboard.col.${c.key}`)}
                  <Icon aria-hidden="true" className={cn("size-3.5", active ? "text-foreground" : "opacity-50")} />
                </button>
              </TableHead>
            );
          })}
          <TableHead role="columnheader" className="max-tablet:sr-only">
            {t("dashboard.col.actions")}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody role="rowgroup">
        {loading
          ? Array.from({ length: 5 }, (_, i) => (
              <TableRow key={`skeleton-${i}`} role="row" className="hover:bg-transparent">
                {DASHBOARD_COLUMNS.map((c) => (
                  <TableCell key={c.key} role="cell" className={cn(SECONDARY.has(c.key) && secondaryClass)}>
                    <Skeleton className={cn("h-4", c.key === "firstName" || c.key === "lastName" ? "w-24" : "w-14")} />
                  </TableCell>
                ))}
                <TableCell role="cell">
                  <Skeleton className="h-4 w-20" />
                </TableCell>
              </TableRow>
            ))
          : rows.map((r) => (
              <Fragment key={r.moveId}>
              <TableRow role="row" data-testid="dashboard-row" data-move={r.moveId}>
                <Cell k="id" className="tabular-nums">
                  {r.id}
                </Cell>
                <Cell k="firstName" className="whitespace-nowrap font-medium max-tablet:whitespace-normal">
                  {r.firstName}
                </Cell>
                <Cell k="lastName" className="whitespace-nowrap font-medium max-tablet:whitespace-normal">
                  {r.lastName}
                </Cell>
                <Cell k="moveStatus">
                  <Badge variant={statusVariant[r.moveStatus] ?? "neutral"} dot>
                    {t(`dashboard.status.${r.moveStatus}` as "dashboard.status.open", { defaultValue: r.moveStatus })}
                  </Badge>
                </Cell>
                <Cell k="numberOfMoveStages" className="tabular-nums">
                  {r.numberOfMoveStages}
                </Cell>
                <Cell k="currentMoveStageId" className="whitespace-nowrap tabular-nums">
                  {t("dashboard.stageOf", { current: r.currentMoveStageId, count: r.numberOfMoveStages })}
                </Cell>
                <Cell k="assignmentEndDate">{date(r.assignmentEndDate)}</Cell>
                <Cell k="note">
                  <span className="flex min-w-44 items-center gap-2 max-tablet:min-w-0">
                    <span className={cn("line-clamp-3 flex-1 [overflow-wrap:anywhere]", !r.note && "text-muted-foreground")} data-testid="dashboard-note">
                      {r.note || t("dashboard.noNote")}
                    </span>
                    <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={t("dashboard.editNoteFor", { name: nameOf(r) })} onClick={(e) => onEditNote(r, e.currentTarget)}>
                      <Pencil aria-hidden="true" />
                    </Button>
                  </span>
                </Cell>
                <Cell k="newEndDate">{date(r.newEndDate)}</Cell>
                <Cell k="extensionReason">{textCell(r.extensionReason)}</Cell>
                <Cell k="endAssignmentReason">{textCell(r.endAssignmentReason)}</Cell>
                <TableCell role="cell" data-column="actions">
                  <span className="flex flex-col items-start gap-1.5">
                    {user.role === "MANAGER" ? (
                      <Link
                        to="/$group/managerDashboard/move"
                        params={{ group }}
                        search={{ employeeId: r.id, moveId: r.moveId }}
                        className="whitespace-nowrap font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
                        aria-label={t("dashboard.openMoveFor", { name: nameOf(r) })}
                        data-testid="dashboard-open-move"
                      >
                        {t("dashboard.openMove")}
                      </Link>
                    ) : (
                      <Link
                        to="/$group/employeefile/summaryView"
                        params={{ group }}
                        search={{ employeeId: r.id, moveId: r.moveId }}
                        className="whitespace-nowrap font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
                        aria-label={t("dashboard.openMoveFor", { name: nameOf(r) })}
                        data-testid="dashboard-open-move"
                      >
                        {t("dashboard.openMove")}
                      </Link>
                    )}
                    <button
                      type="button"
                      className={cn(
                        "-mx-1 inline-flex items-center gap-1 whitespace-nowrap rounded px-1 text-[13px] text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                        detailOnlyClass,
                      )}
                      aria-expanded={open.has(r.moveId)}
                      aria-controls={`dashboard-detail-${r.moveId}`}
                      aria-label={t("dashboard.moreFor", { name: nameOf(r) })}
                      onClick={() => toggle(r.moveId)}
                      data-testid="dashboard-more"
                    >
                      {open.has(r.moveId) ? t("dashboard.less") : t("dashboard.more")}
                      <ChevronDown aria-hidden="true" className={cn("size-3.5 transition-transform", open.has(r.moveId) && "rotate-180")} />
                    </button>
                  </span>
                </TableCell>
              </TableRow>
              {open.has(r.moveId) ? (
                <TableRow role="row" id={`dashboard-detail-${r.moveId}`} className={cn("bg-muted/30 hover:bg-muted/30", detailOnlyClass)} data-testid="dashboard-detail">
                  <TableCell role="cell" colSpan={DASHBOARD_COLUMNS.length + 1}>
                    <dl aria-label={t("dashboard.details", { name: nameOf(r) })} className="grid grid-cols-2 gap-x-6 gap-y-2 desktop:grid-cols-4">
                      {(["id", "numberOfMoveStages", "extensionReason", "endAssignmentReason"] as const).map((k) => (
                        <div key={k} className="min-w-0">
                          <dt className="text-xs font-medium text-muted-foreground">{t(`dashboard.col.${k}`)}</dt>
                          <dd className="[overflow-wrap:anywhere]">
                            {k === "id" ? r.id : k === "numberOfMoveStages" ? r.numberOfMoveStages : (r[k] ?? t("dashboard.notSet"))}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  </TableCell>
                </TableRow>
              ) : null}
              </Fragment>
            ))}
      </TableBody>
    </Table>
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

/**
 * The note of one row (part 1 §7 addEmployeeNote: uid, mid, notes): a textarea of up to HR_NOTES_MAX characters,
 * saved through dashboard.addNote with Saving… / Saved / the failure and Retry; the table reloads after a save.
 */
function NoteDialog({ group, row, opener, onClose }: { group: string; row: TDashboardRow; opener: HTMLElement; onClose: () => void }) {
  const { t } = useTranslation();
  const role = useSignedInUser().role;
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState(row.note ?? "");
  const save = useMutation(
    trpc.dashboard.addNote.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.dashboard.rows.pathKey() }),
    }),
  );
  const tooLong = text.length > HR_NOTES_MAX;
  const submit = () => {
    if (tooLong || save.isPending) return;
    save.mutate({ group, uid: row.id, mid: row.moveId, notes: text });
  };
  const savedText = save.isSuccess && save.data.note === text;
  return (
    <Dialog open onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent
        closeLabel={t("dashboard.close")}
        aria-describedby={`${id}-description`}
        onCloseAutoFocus={(e) => {
          // Back to the row's edit button (the dialog has no trigger of its own); it stays in the DOM across the reload of the rows.
          e.preventDefault();
          if (opener.isConnected) opener.focus();
        }}
      >
        <DialogTitle>{t("dashboard.noteTitle", { name: nameOf(row) })}</DialogTitle>
        <DialogDescription id={`${id}-description`}>{t(role === "MANAGER" ? "dashboard.noteDescriptionManager" : "dashboard.noteDescription")}</DialogDescription>
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Label htmlFor={`${id}-note`}>{t("dashboard.noteLabel")}</Label>
          <Textarea
            id={`${id}-note`}
            rows={6}
            value={text}
            maxLength={HR_NOTES_MAX}
            aria-invalid={tooLong || undefined}
            aria-describedby={`${id}-count`}
            onChange={(e) => setText(e.target.value)}
            data-testid="dashboard-note-text"
          />
          <p id={`${id}-count`} className={cn("text-[13px]", tooLong ? "text-destructive" : "text-muted-foreground")}>
            {tooLong ? t("dashboard.noteTooLong") : t("dashboard.noteCount", { count: text.length, max: HR_NOTES_MAX })}
          </p>
          <div aria-live="polite" className="flex min-h-5 flex-wrap items-center gap-2 text-[13px]" data-testid="dashboard-note-status" data-status={save.status}>
            {save.isPending ? (
              <span className="inline-flex items-center gap-1.5 text-muted-foreground">
                <Spinner className="size-3.5" />
                {t("autosave.saving")}
              </span>
            ) : savedText ? (
              <span className="font-medium text-success-foreground">{t("autosave.saved")}</span>
            ) : null}
          </div>
          <div role="alert" className="empty:hidden">
            {save.isError ? (
              <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-2">
                <span>{errorText(save.error, t("dashboard.saveFailed"))}</span>
                <Button type="button" variant="outline" size="sm" onClick={submit}>
                  {t("autosave.retry")}
                </Button>
              </Alert>
            ) : null}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="ghost" onClick={onClose}>
              {savedText ? t("dashboard.close") : t("dashboard.cancel")}
            </Button>
            <Button type="submit" busy={save.isPending} disabled={save.isPending || tooLong}>
              {t("dashboard.saveNote")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
