import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronDown, Users } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { namesSummary, popupButton, validateEnd, validateExtension } from "../../../domain/assignments/rules.ts";
import { assignmentMessages, type TEmployeeRow, type TEmployeesView } from "../../../domain/assignments/schemas.ts";
import { ForbiddenPage, NotFoundPage } from "../../components/status-pages.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/dropdown-menu.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { errorCode } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

type Kind = "EXTEND" | "END";
const nameOf = (r: TEmployeeRow) => `${r.firstName} ${r.lastName}`.trim() || r.email;

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

type Values = { newEndDate: string; groupOptionId: number | null; reason: string; message: string };

/**
 * §4 the actions popup: one step per selected employee with next / previous; the last employee or "apply to
 * all" makes the button read Confirm; after success the message shows and Cancel reads Close, which reloads
 * the page. §8: a failure shows "We were unable to process data." and the buttons work again.
 */
function ActionsPopup({ group, kind, rows, view, onCancel }: { group: string; kind: Kind; rows: TEmployeeRow[]; view: TEmployeesView; onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const defaultReason = view.reasons.reasons.find((r) => r.defaultValue)?.id ?? null;
  const initial = useMemo(
    () => rows.map((): Values => ({ newEndDate: "", groupOptionId: view.reasons.enabled ? defaultReason : null, reason: "", message: "" })),
    [rows, view.reasons.enabled, defaultReason],
  );
  const [values, setValues] = useState<Values[]>(initial);
  const [index, setIndex] = useState(0);
  const [applyToAll, setApplyToAll] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const extend = useMutation(trpc.assignments.extend.mutationOptions());
  const repatriate = useMutation(trpc.assignments.repatriate.mutationOptions());
  const busy = extend.isPending || repatriate.isPending;
  const row = rows[index]!;
  const v = values[index]!;
  const button = popupButton(index, rows.length, applyToAll);
  const set = (patch: Partial<Values>) => setValues((all) => all.map((x, i) => (i === index ? { ...x, ...patch } : x)));

  const check = (r: TEmployeeRow, x: Values) => {
    const found =
      kind === "EXTEND"
        ? validateExtension({ currentEndDate: r.assignmentEndDate, newEndDate: x.newEndDate, today: view.today, reasonsEnabled: view.reasons.enabled, groupOptionId: x.groupOptionId, reasonIds: view.reasons.reasons.map((o) => o.id) })
        : validateEnd({ newEndDate: x.newEndDate, today: view.today, reasonsEnabled: view.reasons.enabled, reason: x.reason.trim() || null });
    const all: Record<string, string> = { ...found } as Record<string, string>;
    if (!x.newEndDate) all.newEndDate = assignmentMessages.dateRequired;
    return all;
  };

  const submit = async () => {
    setFailed(null);
    const finalValues = applyToAll ? rows.map(() => v) : values;
    for (const [i, r] of rows.entries()) {
      const found = check(r, finalValues[i]!);
      if (Object.keys(found).length > 0) {
        setIndex(i);
        setErrors(found);
        return;
      }
    }
    try {
      const res =
        kind === "EXTEND"
          ? await extend.mutateAsync({ group, actions: rows.map((r, i) => ({ employeeId: r.employeeId, message: finalValues[i]!.message, newEndDate: finalValues[i]!.newEndDate, groupOptionId: finalValues[i]!.groupOptionId })) })
          : await repatriate.mutateAsync({ group, actions: rows.map((r, i) => ({ employeeId: r.employeeId, message: finalValues[i]!.message, newEndDate: finalValues[i]!.newEndDate, reason: finalValues[i]!.reason.trim() || null, services: [], budgets: [] })) });
      setDone(res.message);
    } catch {
      setFailed(t("assignments.unable"));
    }
  };

  const next = () => {
    const found = check(row, v);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (button === "confirm") void submit();
    else setIndex(index + 1);
  };

  return (
    <Dialog open onOpenChange={(o) => (!o ? (done ? window.location.reload() : onCancel()) : undefined)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto" closeLabel={done ? t("assignments.close") : t("assignments.cancel")} aria-describedby={`${id}-names`}>
        <DialogTitle>{kind === "EXTEND" ? t("assignments.extendTitle") : t("assignments.endTitle")}</DialogTitle>
        <DialogDescription id={`${id}-names`} data-testid="popup-names">
          {t("assignments.forNames", { names: namesSummary(rows.map(nameOf)) })}
        </DialogDescription>
        {done ? (
          <Alert variant="success" role="status" className="mt-4">
            {done}
          </Alert>
        ) : (
          <form
            className="mt-4 flex flex-col gap-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              next();
            }}
          >
            <p className="text-sm font-medium" data-testid="popup-step">
              {t("assignments.step", { index: index + 1, count: rows.length, name: nameOf(row) })}
            </p>
            <p className="text-sm text-muted-foreground">{t("assignments.currentEnd", { date: row.assignmentEndDate ?? t("assignments.noDate") })}</p>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-date`}>{kind === "EXTEND" ? t("assignments.newEndDate") : t("assignments.endDate")}</Label>
              <Input
                id={`${id}-date`}
                type="date"
                value={v.newEndDate}
                min={view.today}
                aria-invalid={errors.newEndDate ? true : undefined}
                aria-describedby={errors.newEndDate ? `${id}-date-error` : undefined}
                onChange={(e) => set({ newEndDate: e.target.value })}
              />
              {errors.newEndDate ? (
                <p id={`${id}-date-error`} className="text-sm text-destructive">
                  {errors.newEndDate}
                </p>
              ) : null}
            </div>
            {kind === "EXTEND" && view.reasons.enabled ? (
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-reason`}>{t("assignments.reason")}</Label>
                <NativeSelect
                  id={`${id}-reason`}
                  value={v.groupOptionId ?? ""}
                  aria-invalid={errors.groupOptionId ? true : undefined}
                  onChange={(e) => set({ groupOptionId: e.target.value ? Number(e.target.value) : null })}
                >
                  <option value="">{t("assignments.chooseReason")}</option>
                  {view.reasons.reasons.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.optionValue}
                    </option>
                  ))}
                </NativeSelect>
                {errors.groupOptionId ? <p className="text-sm text-destructive">{errors.groupOptionId}</p> : null}
              </div>
            ) : null}
            {kind === "END" ? (
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-end-reason`}>{t("assignments.endReason")}</Label>
                <Input id={`${id}-end-reason`} value={v.reason} maxLength={500} aria-invalid={errors.reason ? true : undefined} onChange={(e) => set({ reason: e.target.value })} />
                {errors.reason ? <p className="text-sm text-destructive">{errors.reason}</p> : null}
              </div>
            ) : null}
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-message`}>{t("assignments.message")}</Label>
              <Textarea id={`${id}-message`} rows={3} maxLength={2000} value={v.message} onChange={(e) => set({ message: e.target.value })} />
            </div>
            {rows.length > 1 ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4 accent-primary" checked={applyToAll} onChange={(e) => setApplyToAll(e.target.checked)} />
                {t("assignments.applyToAll")}
              </label>
            ) : null}
            <div role="alert" className="empty:hidden">
              {failed ? <Alert variant="destructive">{failed}</Alert> : null}
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
                {t("assignments.cancel")}
              </Button>
              <Button type="button" variant="outline" disabled={busy || index === 0 || applyToAll} onClick={() => (setErrors({}), setIndex(index - 1))}>
                {t("assignments.previous")}
              </Button>
              <Button type="submit" busy={busy} disabled={busy}>
                {button === "confirm" ? t("assignments.confirm") : t("assignments.next")}
              </Button>
            </div>
          </form>
        )}
        {done ? (
          <div className="mt-4 flex justify-end">
            <Button type="button" onClick={() => window.location.reload()}>
              {t("assignments.close")}
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
