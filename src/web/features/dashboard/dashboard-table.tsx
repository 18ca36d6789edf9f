/**
 * The manager dashboard's table (issue 15; part 1 §3 "Employee row (dashboard)"): every column header a sort
 * button with aria-sort, skeleton rows while the first page loads, each row's note with its edit button and
 * the link to the move; below 768 px the rows reflow into cards, and where the secondary columns are hidden
 * (issue 24 §6) each row's "More" opens a detail row.
 */
import { Link } from "@tanstack/react-router";
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, Pencil } from "lucide-react";
import { Fragment, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DASHBOARD_COLUMNS, type DashboardSort, type TDashboardRow } from "../../../domain/manager/dashboard/schemas.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { formatDate } from "../../lib/format.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { cn } from "../../lib/utils.ts";

/** A sort direction, as the URL and the rows query spell it. */
export type Dir = "asc" | "desc";

const statusVariant: Record<string, "success" | "warning" | "neutral" | "info" | "destructive"> = {
  draft: "warning",
  open: "info",
  on_assignment: "success",
  completed: "neutral",
  cancelled: "destructive",
};

/** A row's person as the table's and the note dialog's labels name them. */
export const nameOf = (r: TDashboardRow) => `${r.firstName} ${r.lastName}`.trim() || `#${r.id}`;

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
export function DashboardTable({
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
