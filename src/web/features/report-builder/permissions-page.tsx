/**
 * The reporting table (issue 26; part 2 §2 "permissions page", "Reporting table with an enable/disable-all checkbox
 * and editable names"; §4 "Reporting table: the select-all box is checked when all rows are enabled"):
 * `/$group/reports/permissions`, for the group's HR and admins. Each report and chart of the group: enabled or not
 * and the name the group sees; saved with reportBuilder.savePermissions.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTexts } from "./use-texts.ts";
import type { TPermissionDataResponse, TPermissionRow } from "../../../domain/reporting/builder-schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Input } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { LoadingBlock } from "../../components/ui/spinner.tsx";
import { ErrorState } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

/** The select-all state of rows: checked when all are enabled, indeterminate when some. */
export function allState(rows: { enabled: boolean }[]): boolean | "indeterminate" {
  if (rows.length > 0 && rows.every((r) => r.enabled)) return true;
  return rows.some((r) => r.enabled) ? "indeterminate" : false;
}

export function PermissionsPage({ group }: { group: string; reportId?: number | null }) {
  const { t } = useTexts();
  useDocumentTitle(t("reportPermissions.title"));
  const data = useQuery(trpc.reportBuilder.permissions.queryOptions({ group }));
  if (data.isError) return <ErrorState message={errorText(data.error, t("reportBuilder.loadFailed"))} retryLabel={t("reportBuilder.retry")} onRetry={() => void data.refetch()} />;
  if (!data.data) return <LoadingBlock label={t("reportBuilder.loading")} />;
  return <PermissionsForm key={group} group={group} initial={data.data} />;
}

function PermissionsForm({ group, initial }: { group: string; initial: TPermissionDataResponse }) {
  const { t } = useTexts();
  const [reports, setReports] = useState(initial.reports);
  const [charts, setCharts] = useState(initial.charts);
  const [notice, setNotice] = useState<{ kind: "success" | "destructive"; text: string } | null>(null);
  const save = useMutation(trpc.reportBuilder.savePermissions.mutationOptions());

  function submit() {
    setNotice(null);
    const permissions = [...reports, ...charts].map((r) => ({ id: r.id, enabled: r.enabled, isDimension: r.isDimension, reportType: r.reportType, displayName: r.displayName }));
    if (permissions.length === 0) return;
    save.mutate(
      { group, permissions },
      {
        onSuccess: async () => {
          await queryClient.invalidateQueries({ queryKey: trpc.reportBuilder.permissions.queryKey({ group }) });
          setNotice({ kind: "success", text: t("reportPermissions.saved") });
        },
        onError: (error) => setNotice({ kind: "destructive", text: errorText(error, t("reportPermissions.saveFailed")) }),
      },
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader
        title={t("reportPermissions.title")}
        description={t("reportPermissions.description")}
        actions={
          <Button type="button" onClick={submit} busy={save.isPending} disabled={reports.length + charts.length === 0}>
            {t("reportPermissions.save")}
          </Button>
        }
      />
      {notice ? (
        <Alert variant={notice.kind} role={notice.kind === "destructive" ? "alert" : "status"}>
          {notice.text}
        </Alert>
      ) : null}
      <PermissionTable id="reports" title={t("reportPermissions.reports")} empty={t("reportPermissions.none")} rows={reports} onChange={setReports} />
      <PermissionTable id="charts" title={t("reportPermissions.charts")} empty={t("reportPermissions.noCharts")} rows={charts} onChange={setCharts} />
    </div>
  );
}

function PermissionTable({ id, title, empty, rows, onChange }: { id: string; title: string; empty: string; rows: TPermissionRow[]; onChange: (rows: TPermissionRow[]) => void }) {
  const { t } = useTexts();
  const all = allState(rows);
  const set = (rowId: number, patch: Partial<TPermissionRow>) => onChange(rows.map((r) => (r.id === rowId ? { ...r, ...patch } : r)));
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`perm-${id}`}>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <div className="max-w-full overflow-x-auto">
            <Table aria-labelledby={`perm-${id}`} data-testid={`permissions-${id}`}>
              <TableHeader>
                <TableRow>
                  <TableHead className="w-12">
                    <Checkbox
                      aria-label={t("reportPermissions.enableAll")}
                      checked={all}
                      data-testid={`enable-all-${id}`}
                      onCheckedChange={() => onChange(rows.map((r) => ({ ...r, enabled: all !== true })))}
                    />
                  </TableHead>
                  <TableHead>{t("reportPermissions.name")}</TableHead>
                  <TableHead>{t("reportPermissions.type")}</TableHead>
                  <TableHead>{t("reportPermissions.displayName")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={`${r.reportType}:${r.id}`}>
                    <TableCell>
                      <Checkbox aria-label={t("reportPermissions.enableRow", { name: r.name })} checked={r.enabled} onCheckedChange={(on) => set(r.id, { enabled: on === true })} />
                    </TableCell>
                    <TableCell className="min-w-40">{r.name}</TableCell>
                    <TableCell>{t(`reportPermissions.type.${r.reportType}`, r.reportType)}</TableCell>
                    <TableCell className="min-w-48">
                      <Input aria-label={t("reportPermissions.renameRow", { name: r.name })} value={r.displayName ?? ""} maxLength={120} placeholder={r.name} onChange={(e) => set(r.id, { displayName: e.target.value })} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
