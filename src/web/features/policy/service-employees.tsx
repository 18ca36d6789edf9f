import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronDown, ChevronRight, Users } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TServiceEmployee } from "../../../domain/policy/service-employees.ts";
import { Button } from "../../components/ui/button.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { errorText } from "../../lib/errors.ts";
import { formatDate } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";

const linkClass = "font-medium text-primary underline-offset-4 hover:underline focus-visible:underline";

/**
 * The employee data list of one service table in policy group setup (part 2 §2 "one table per service
 * (benefits, options, metadata lines, employee data list)"; issue 23 item 16): the group's employees
 * whose moves have the service (of the chosen policy, when one is), from `policy.benefits.employeeData`.
 * Open at first when one service is shown; with every service shown, each list loads when opened.
 */
export function ServiceEmployees({
  group,
  groupId,
  policyId,
  serviceType,
  serviceName,
  initiallyOpen,
}: {
  group: string;
  groupId: number;
  policyId: number | null;
  serviceType: string;
  serviceName: string;
  initiallyOpen: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  const headingId = useId();
  const query = useQuery({
    ...trpc.policy.benefits.employeeData.queryOptions({ groupId, serviceType, ...(policyId !== null ? { policyId } : {}) }),
    enabled: open,
  });
  const count = query.data?.employees.length ?? null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-border p-4" data-testid={`service-employees-${serviceType}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-foreground">
            <Users className="size-4 shrink-0 text-primary" aria-hidden="true" />
            {t("policyConfig.group.employees.title")}
            {open && count !== null ? <span className="font-normal text-muted-foreground">({t("policyConfig.group.employees.count", { count })})</span> : null}
          </h3>
          <p className="text-[13px] text-muted-foreground">{t("policyConfig.group.employees.description")}</p>
        </div>
        <Button variant="outline" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          {open ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
          {open ? t("policyConfig.group.employees.hide") : t("policyConfig.group.employees.show")}
        </Button>
      </div>
      <div id={panelId} hidden={!open} aria-live="polite">
        {!open ? null : query.isPending ? (
          <LoadingRows rows={2} className="p-0" />
        ) : query.isError ? (
          <ErrorState className="py-6" message={errorText(query.error, t("policyConfig.group.employees.failed"))} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
        ) : query.data.employees.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("policyConfig.group.employees.empty")}</p>
        ) : (
          <>
            <EmployeeTable group={group} rows={query.data.employees} caption={t("policyConfig.group.employees.caption", { service: serviceName })} />
            <EmployeeCards group={group} rows={query.data.employees} label={t("policyConfig.group.employees.caption", { service: serviceName })} />
            {query.data.truncated ? <p className="mt-2 text-[13px] text-muted-foreground">{t("policyConfig.group.employees.truncated", { count: query.data.employees.length })}</p> : null}
          </>
        )}
      </div>
    </section>
  );
}

function useCells() {
  const { t } = useTranslation();
  return {
    policy: (r: TServiceEmployee) => t("policyConfig.group.employees.version", { name: r.policyName, number: r.versionNumber }),
    moveDate: (r: TServiceEmployee) => (r.moveDate ? formatDate(r.moveDate) : t("policyConfig.group.employees.noDate")),
    status: (r: TServiceEmployee) => t(`policyConfig.group.employees.status.${r.status}`),
    stages: (r: TServiceEmployee) => r.moveStages.map((n) => t("policyConfig.group.employees.stage", { number: n })).join(", "),
    benefits: (r: TServiceEmployee) =>
      r.benefits.length === 0 ? [t("policyConfig.group.employees.none")] : r.benefits.map((b) => t("policyConfig.group.employees.benefit", { stage: b.moveStage, set: b.benefitSet, option: b.option })),
  };
}

function EmployeeLink({ group, row }: { group: string; row: TServiceEmployee }) {
  return (
    <Link to="/$group/employeefile/summaryView" params={{ group }} search={{ employeeId: row.id, moveId: row.moveId }} className={linkClass}>
      {row.firstName} {row.lastName}
    </Link>
  );
}

/** Tablet and wider: one row per move. */
function EmployeeTable({ group, rows, caption }: { group: string; rows: TServiceEmployee[]; caption: string }) {
  const { t } = useTranslation();
  const cell = useCells();
  return (
    <div className="hidden tablet:block">
      <Table>
        <TableCaption>{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>{t("policyConfig.group.employees.col.employee")}</TableHead>
            <TableHead>{t("policyConfig.group.employees.col.policy")}</TableHead>
            <TableHead>{t("policyConfig.group.employees.col.moveDate")}</TableHead>
            <TableHead>{t("policyConfig.group.employees.col.status")}</TableHead>
            <TableHead>{t("policyConfig.group.employees.col.stages")}</TableHead>
            <TableHead>{t("policyConfig.group.employees.col.benefits")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.moveId} data-employee-move={r.moveId}>
              <TableCell>
                <div className="flex min-w-0 flex-col">
                  <EmployeeLink group={group} row={r} />
                  <span className="break-all text-[13px] text-muted-foreground">{r.email}</span>
                </div>
              </TableCell>
              <TableCell>{cell.policy(r)}</TableCell>
              <TableCell className="whitespace-nowrap">{cell.moveDate(r)}</TableCell>
              <TableCell>{cell.status(r)}</TableCell>
              <TableCell>{cell.stages(r)}</TableCell>
              <TableCell>
                <ul className="flex flex-col gap-0.5">
                  {cell.benefits(r).map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Phones: one card per move. */
function EmployeeCards({ group, rows, label }: { group: string; rows: TServiceEmployee[]; label: string }) {
  const { t } = useTranslation();
  const cell = useCells();
  return (
    <ul className="flex flex-col gap-2 tablet:hidden" aria-label={label}>
      {rows.map((r) => (
        <li key={r.moveId} className="flex min-w-0 flex-col gap-1 rounded-md border border-border p-3 text-sm">
          <EmployeeLink group={group} row={r} />
          <span className="break-all text-[13px] text-muted-foreground">{r.email}</span>
          <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">{t("policyConfig.group.employees.col.policy")}</dt>
            <dd className="break-words">{cell.policy(r)}</dd>
            <dt className="text-muted-foreground">{t("policyConfig.group.employees.col.moveDate")}</dt>
            <dd>{cell.moveDate(r)}</dd>
            <dt className="text-muted-foreground">{t("policyConfig.group.employees.col.status")}</dt>
            <dd>{cell.status(r)}</dd>
            <dt className="text-muted-foreground">{t("policyConfig.group.employees.col.stages")}</dt>
            <dd>{cell.stages(r)}</dd>
            <dt className="text-muted-foreground">{t("policyConfig.group.employees.col.benefits")}</dt>
            <dd className="break-words">{cell.benefits(r).join("; ")}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
