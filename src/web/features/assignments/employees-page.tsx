import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronDown, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TEmployeeRow } from "../../../domain/moves/assignments/schemas.ts";
import { ForbiddenPage, NotFoundPage } from "../../components/status-pages.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/dropdown-menu.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { errorCode } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

import { ActionsPopup, nameOf, type Kind } from "./actions-popup.tsx";

/**
 * /{group}/employees (part 1 §2 "Employee table with bulk actions: extend assignment, end assignment, view
 * policy"; §4 the actions popup). Rows of the group's employees with their move's status, stage and assignment
 * end date; checkboxes (select all on the page); the actions menu opens the popup over the selected eligible
 * employees.
 */
export function EmployeesPage({ group }: { group: string }) {
  const { t } = useTranslation();
  const view = useQuery(trpc.assignments.employees.queryOptions({ group }));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const [popup, setPopup] = useState<{ kind: Kind; rows: TEmployeeRow[] } | null>(null);

  if (view.isPending) return <LoadingRows rows={5} />;
  if (view.isError || !view.data) {
    const code = errorCode(view.error);
    if (code === "FORBIDDEN") return <ForbiddenPage />;
    if (code === "NOT_FOUND") return <NotFoundPage />;
    return (
      <Card>
        <ErrorState message={t("assignments.loadFailed")} retryLabel={t("app.retry")} onRetry={() => void view.refetch()} />
      </Card>
    );
  }
  const data = view.data;
  const rows = data.rows;
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.employeeId));

  const open = (kind: Kind) => {
    const chosen = rows.filter((r) => selected.has(r.employeeId));
    if (chosen.length === 0) return setNotice(t("assignments.noneSelected"));
    const eligible = chosen.filter((r) => r.eligible);
    if (eligible.length === 0) return setNotice(t("assignments.noneEligible"));
    setNotice(eligible.length < chosen.length ? t("assignments.skipped", { count: chosen.length - eligible.length }) : null);
    setPopup({ kind, rows: eligible });
  };
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const first = rows.find((r) => selected.has(r.employeeId));

  return (
    <div>
      <PageHeader eyebrow={t("assignments.eyebrow", { group })} title={t("assignments.title")} description={t("assignments.intro")} />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" disabled={!data.canAct && !first} data-testid="assignment-actions">
              {t("assignments.actions")}
              <ChevronDown aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            {data.canAct ? (
              <>
                <DropdownMenuItem onSelect={() => open("EXTEND")}>{t("assignments.extend")}</DropdownMenuItem>
                <DropdownMenuItem onSelect={() => open("END")}>{t("assignments.end")}</DropdownMenuItem>
              </>
            ) : null}
            <DropdownMenuItem disabled={!first} asChild={!!first}>
              {first ? (
                <Link to="/$group/employeefile/summaryView" params={{ group }} search={{ employeeId: first.employeeId, moveId: first.moveId }}>
                  {t("assignments.viewPolicy")}
                </Link>
              ) : (
                <span>{t("assignments.viewPolicy")}</span>
              )}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {t("assignments.selected", { count: selected.size })}
        </span>
      </div>
      <div role="status" aria-live="polite" className="mb-4 empty:hidden">
        {notice ? <Alert variant="destructive">{notice}</Alert> : null}
      </div>
      <Card className="min-w-0 overflow-hidden">
        {rows.length === 0 ? (
          <EmptyState icon={Users} title={t("assignments.emptyTitle")} description={t("assignments.emptyBody")} />
        ) : (
          <Table aria-label={t("assignments.title")}>
            <TableHeader>
              <TableRow>
                <TableHead className="w-10">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    aria-label={t("assignments.selectAll")}
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.employeeId)))}
                  />
                </TableHead>
                <TableHead>{t("assignments.colEmployee")}</TableHead>
                <TableHead>{t("assignments.colPolicy")}</TableHead>
                <TableHead>{t("assignments.colStatus")}</TableHead>
                <TableHead>{t("assignments.colStage")}</TableHead>
                <TableHead>{t("assignments.colEndDate")}</TableHead>
                <TableHead>{t("assignments.colEligible")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.moveId} data-testid={`employee-row-${r.employeeId}`}>
                  <TableCell>
                    <input type="checkbox" className="size-4 accent-primary" aria-label={t("assignments.select", { name: nameOf(r) })} checked={selected.has(r.employeeId)} onChange={() => toggle(r.employeeId)} />
                  </TableCell>
                  <TableCell>
                    <div className="font-medium">{nameOf(r)}</div>
                    <div className="text-xs text-muted-foreground">{r.email}</div>
                  </TableCell>
                  <TableCell>{r.policyName}</TableCell>
                  <TableCell>{t(`assignments.status.${r.status}`, { defaultValue: r.status })}</TableCell>
                  <TableCell className="whitespace-nowrap">{t("assignments.stageOf", { stage: r.stage, count: r.stagesCount })}</TableCell>
                  <TableCell className="whitespace-nowrap" data-testid="end-date">{r.assignmentEndDate ?? t("assignments.noDate")}</TableCell>
                  <TableCell>{r.eligible ? <Badge variant="success">{t("assignments.yes")}</Badge> : <Badge variant="neutral">{t("assignments.no")}</Badge>}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
      {popup ? <ActionsPopup group={group} kind={popup.kind} rows={popup.rows} view={data} onCancel={() => setPopup(null)} /> : null}
    </div>
  );
}
