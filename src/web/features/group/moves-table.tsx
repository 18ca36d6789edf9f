import { Link } from "@tanstack/react-router";
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { ArrowDown, ArrowRight, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format.ts";
import type { MOVE_SORTS, TMoveRow } from "../../../domain/moves/wizard/schemas.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Table, TableCaption, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { cn } from "../../lib/utils.ts";
import { pageItems } from "./moves-pages.ts";
import { GroupTableBody } from "./table-body.tsx";

export type MoveSort = (typeof MOVE_SORTS)[number];
export type SortDir = "asc" | "desc";

const features = tableFeatures({});
const column = createColumnHelper<typeof features, TMoveRow>();

const statusVariant: Record<TMoveRow["status"], "success" | "warning" | "neutral" | "info" | "destructive"> = {
  draft: "warning",
  open: "info",
  on_assignment: "success",
  completed: "neutral",
  cancelled: "destructive",
};

const linkClasses = "whitespace-nowrap font-medium text-primary underline-offset-4 hover:underline focus-visible:underline";

/** The column a header sorts by (the display columns have none). */
const sortOf: Record<string, MoveSort | undefined> = {
  employee: "employee",
  policy: "policy",
  origin: "origin",
  destination: "destination",
  moveDate: "moveDate",
  status: "status",
  stage: "stage",
  updated: "updated",
};

function useMoveColumns(group: string, readOnly: boolean) {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    // Issue 24 §6: places, names and links wrap, so the table fits 1366 px with its Actions column.
    const place = (text: string | null) => (text ? <span>{text}</span> : <span className="text-muted-foreground">{t("moves.notSet")}</span>);
    const all = column.columns([
      column.display({
        id: "employee",
        header: () => t("moves.col.employee"),
        cell: ({ row }) => (
          <span className="flex flex-col">
            {readOnly ? (
              // A manager reads the move on their own read-only move page (issue 24 §4), which the server limits to their restrictions.
              <Link
                to="/$group/managerDashboard/move"
                params={{ group }}
                search={{ employeeId: row.original.employeeId, moveId: row.original.moveId }}
                className="font-medium text-foreground underline-offset-4 hover:text-primary hover:underline focus-visible:underline"
                data-testid="manager-move-link"
              >
                {row.original.employeeName}
              </Link>
            ) : (
            <Link
              to="/$group/employeefile/summaryView"
              params={{ group }}
              search={{ employeeId: row.original.employeeId, moveId: row.original.moveId }}
              className="font-medium text-foreground underline-offset-4 hover:text-primary hover:underline focus-visible:underline"
              data-testid="move-file-link"
            >
              {row.original.employeeName}
            </Link>
            )}
            <span className="text-[13px] text-muted-foreground [overflow-wrap:anywhere]">{row.original.email}</span>
          </span>
        ),
      }),
      column.accessor("policyName", { id: "policy", header: () => t("moves.col.policy"), cell: ({ getValue }) => <span className="inline-block min-w-32">{getValue()}</span> }),
      column.display({
        id: "origin",
        header: () => t("moves.col.route"),
        cell: ({ row }) => (
          <span className="flex flex-col">
            {place(row.original.origin)}
            <span className="flex items-center gap-1">
              <ArrowRight aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
              <span className="sr-only">{t("moves.to")}</span>
              {place(row.original.destination)}
            </span>
          </span>
        ),
      }),
      column.accessor("moveDate", {
        id: "moveDate",
        header: () => t("moves.col.moveDate"),
        cell: ({ getValue }) => {
          const at = getValue();
          return at ? (
            <time dateTime={at} className="whitespace-nowrap">
              {formatDate(at)}
            </time>
          ) : (
            <span className="text-muted-foreground">{t("moves.notSet")}</span>
          );
        },
      }),
      column.accessor("status", {
        id: "status",
        header: () => t("moves.col.status"),
        cell: ({ getValue }) => (
          <Badge variant={statusVariant[getValue()]} dot>
            {t(`moves.status.${getValue()}`)}
          </Badge>
        ),
      }),
      column.display({
        id: "stage",
        header: () => t("moves.col.stage"),
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {row.original.status === "draft"
              ? t("moves.draftStep", { n: row.original.wizardStep.number, count: row.original.wizardStep.count, name: t(`moves.stepName.${row.original.wizardStep.stage}` as "moves.stepName.1") })
              : t("moves.stageOf", { current: row.original.currentMoveStage, count: row.original.moveStagesCount })}
          </span>
        ),
      }),
      column.display({
        id: "actions",
        header: () => t("moves.col.actions"),
        cell: ({ row }) => {
          const m = row.original;
          return m.status === "draft" ? (
            <Link
              to="/$group/new-move"
              params={{ group }}
              search={{ stage: m.wizardStage, policy: m.policyVersionId, employeeId: m.employeeId, moveId: m.moveId, resume: true, ...(m.externalImport ? { externalImport: true } : {}) }}
              className={linkClasses}
              aria-label={t("moves.resumeFor", { name: m.employeeName })}
              data-testid="resume-link"
            >
              {t("moves.resume")}
            </Link>
          ) : (
            <span className="flex flex-col items-start gap-1">
              <Link
                to="/admin/policy/view"
                search={{ employeeId: m.employeeId, moveId: m.moveId }}
                className={linkClasses}
                aria-label={t("moves.viewPolicyFor", { name: m.employeeName })}
              >
                {t("moves.viewPolicy")}
              </Link>
              {m.costEstimateId !== null ? (
                <Link
                  to="/$group/cost-estimate-view"
                  params={{ group }}
                  search={{ employeeId: m.employeeId, costEstimateId: m.costEstimateId }}
                  className={linkClasses}
                  aria-label={t("moves.viewEstimateFor", { name: m.employeeName })}
                  data-testid="estimate-link"
                >
                  {t("moves.viewEstimate")}
                </Link>
              ) : null}
            </span>
          );
        },
      }),
    ]);
    // Managers read the list only: no HR move page, wizard or estimate links (those are HR's and admins').
    return readOnly ? all.filter((c) => c.id !== "actions") : all;
  }, [t, i18n.language, group, readOnly]);
}

/**
 * Below 768 px the table reflows into cards (issue 13): the header row becomes a wrapping row of
 * sort buttons, each move a card: the employee, policy and route on their own lines, then move
 * date and status, then stage and links side by side. The explicit roles keep it a table for assistive technology.
 */
const phoneCards = cn(
  "max-tablet:block",
  "max-tablet:[&_thead]:block max-tablet:[&_thead_tr]:flex max-tablet:[&_thead_tr]:flex-wrap max-tablet:[&_thead_tr]:gap-x-3 max-tablet:[&_thead_tr]:px-4 max-tablet:[&_thead_tr]:py-2",
  "max-tablet:[&_th]:h-auto max-tablet:[&_th]:px-1.5",
  "max-tablet:[&_tbody]:block max-tablet:[&_tbody_tr]:grid max-tablet:[&_tbody_tr]:grid-cols-2 max-tablet:[&_tbody_tr]:gap-x-4 max-tablet:[&_tbody_tr]:gap-y-2 max-tablet:[&_tbody_tr]:px-4 max-tablet:[&_tbody_tr]:py-4",
  "max-tablet:[&_td]:block max-tablet:[&_td]:min-w-0 max-tablet:[&_td]:p-0",
  "max-tablet:[&_td_span]:whitespace-normal max-tablet:[&_td_span]:[overflow-wrap:anywhere]",
  "max-tablet:[&_td[data-column=employee]]:col-span-2 max-tablet:[&_td[data-column=policy]]:col-span-2 max-tablet:[&_td[data-column=origin]]:col-span-2",
);

/** One page of the group's moves; sorting, search and page live in the URL and the server does the work. */
export function MovesTable({
  rows,
  caption,
  loading,
  stale,
  group,
  sort,
  dir,
  onSort,
  readOnly = false,
}: {
  rows: TMoveRow[];
  caption: string;
  loading: boolean;
  stale: boolean;
  group: string;
  sort: MoveSort;
  dir: SortDir;
  onSort: (sort: MoveSort) => void;
  /** A manager's view: names link to the manager's read-only move page; no actions column. */
  readOnly?: boolean;
}) {
  const columns = useMoveColumns(group, readOnly);
  const table = useTable({ features, columns, data: rows, getRowId: (row) => String(row.moveId) });
  const columnCount = columns.length;

  return (
    <Table
      role="table"
      aria-busy={loading || stale || undefined}
      className={cn(stale && "opacity-60 transition-opacity", phoneCards)}
      data-testid="moves-table"
    >
      <TableCaption>{caption}</TableCaption>
      <TableHeader role="rowgroup">
        {table.getHeaderGroups().map((headerGroup) => (
          <TableRow key={headerGroup.id} role="row" className="hover:bg-transparent">
            {headerGroup.headers.map((header) => {
              const key = sortOf[header.column.id];
              const active = key !== undefined && key === sort;
              const Icon = !active ? ArrowUpDown : dir === "asc" ? ArrowUp : ArrowDown;
              return (
                <TableHead
                  key={header.id}
                  role="columnheader"
                  className={cn(key === undefined && "max-tablet:sr-only")}
                  aria-sort={key === undefined ? undefined : active ? (dir === "asc" ? "ascending" : "descending") : "none"}
                >
                  {header.isPlaceholder ? null : key === undefined ? (
                    <table.FlexRender header={header} />
                  ) : (
                    <button
                      type="button"
                      onClick={() => onSort(key)}
                      className="-mx-1.5 inline-flex items-center gap-1.5 rounded px-1.5 py-1 uppercase tracking-wide hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <table.FlexRender header={header} />
                      <Icon aria-hidden="true" className={cn("size-3.5", active ? "text-foreground" : "opacity-50")} />
                    </button>
                  )}
                </TableHead>
              );
            })}
          </TableRow>
        ))}
      </TableHeader>
      <GroupTableBody
        loading={loading}
        columnCount={columnCount}
        skeletonWidths={["w-40"]}
        rows={table.getRowModel().rows}
        renderCell={(cell) => <table.FlexRender cell={cell} />}
        rowProps={(row) => ({ "data-testid": "move-row", "data-status": row.original.status })}
        cellProps={(cell) => ({ "data-column": cell.column.id })}
      />
    </Table>
  );
}

export function MovesPagination({ page, pages, disabled, onPage }: { page: number; pages: number; disabled: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <div className="flex items-center gap-1" data-testid="moves-pages">
      <Button variant="outline" size="icon" className="size-8" aria-label={t("moves.pageBefore")} disabled={page === 0 || disabled} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
      </Button>
      {pageItems(pages, page).map((item, i) =>
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
            aria-label={t("moves.goToPage", { page: item + 1 })}
            aria-current={item === page ? "page" : undefined}
            disabled={disabled && item !== page}
            onClick={() => item !== page && onPage(item)}
          >
            {item + 1}
          </Button>
        ),
      )}
      <Button variant="outline" size="icon" className="size-8" aria-label={t("moves.pageAfter")} disabled={page >= pages - 1 || disabled} onClick={() => onPage(page + 1)}>
        <ChevronRight aria-hidden="true" />
      </Button>
    </div>
  );
}
