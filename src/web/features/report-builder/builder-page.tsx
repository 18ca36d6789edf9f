/**
 * The custom report builder (issue 26; part 2 §2 "report edit or management (drag fields into columns), save-report
 * popup, clone popup"): `/$group/reports/builder` (new) and `/$group/reports/builder/$reportId` (edit), for the
 * group's HR and admins. Pick a subject, drag fields into columns (BuilderColumns), rename and reorder them, filter
 * with a rule tree (RuleEditor), group and total, see a live preview (reportBuilder.preview), save (a name; a group
 * for admins), clone, delete (with a confirmation; HR their own reports).
 */
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Copy, Save, Trash2 } from "lucide-react";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useTexts } from "./use-texts.ts";
import type { TBuilderReport, TPreviewResponse, TStandardFieldsResponse } from "../../../domain/reporting/builder-schemas.ts";
import { GroupSelect } from "../../components/group-select.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { FieldError, Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { LoadingBlock } from "../../components/ui/spinner.tsx";
import { ErrorState } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { errorText } from "../../lib/errors.ts";
import { formatMoney } from "../../lib/format.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { BuilderColumns } from "./builder-columns.tsx";
import { fromDefinition, initialState, toDefinition, type BuilderState, type SubjectKey } from "./builder-state.ts";
import { RuleEditor } from "./rule-editor.tsx";

export function BuilderPage({ group, reportId }: { group: string; reportId: number | null }) {
  const { t } = useTexts();
  useDocumentTitle(t(reportId === null ? "reportBuilder.title" : "reportBuilder.editTitle"));
  const fields = useQuery(trpc.reportBuilder.fields.queryOptions({ group }));
  const report = useQuery({ ...trpc.reportBuilder.get.queryOptions({ group, reportId: reportId ?? 0 }), enabled: reportId !== null });
  if (fields.isError || report.isError) {
    return <ErrorState message={errorText(fields.error ?? report.error, t("reportBuilder.loadFailed"))} retryLabel={t("reportBuilder.retry")} onRetry={() => void (fields.isError ? fields.refetch() : report.refetch())} />;
  }
  if (!fields.data || (reportId !== null && !report.data)) return <LoadingBlock label={t("reportBuilder.loading")} />;
  return <Builder key={`${group}:${reportId ?? "new"}:${report.data?.version ?? 0}`} group={group} standard={fields.data} report={report.data ?? null} />;
}

type Notice = { kind: "success" | "error"; text: string } | null;

function Builder({ group, standard, report }: { group: string; standard: TStandardFieldsResponse; report: TBuilderReport | null }) {
  const { t } = useTexts();
  const me = useSignedInUser();
  const navigate = useNavigate();
  const [state, setState] = useState<BuilderState>(() => (report ? fromDefinition(report.definition) : initialState()));
  const [notice, setNotice] = useState<Notice>(null);
  const [announcement, setAnnouncement] = useState("");
  const [dialog, setDialog] = useState<"save" | "clone" | "delete" | null>(null);
  const subjectFields = useMemo(() => standard.fields.filter((f) => f.subject === state.subject && f.enabled), [standard, state.subject]);
  const allSubjectFields = useMemo(() => standard.fields.filter((f) => f.subject === state.subject), [standard, state.subject]);
  const definition = useMemo(() => toDefinition(state, allSubjectFields), [state, allSubjectFields]);
  const [debounced, setDebounced] = useState(definition);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(definition), 300);
    return () => clearTimeout(timer);
  }, [definition]);
  const preview = useQuery({ ...trpc.reportBuilder.preview.queryOptions({ group, definition: debounced }), enabled: debounced.fields.length > 0, placeholderData: keepPreviousData, retry: false });
  const del = useMutation(trpc.reportBuilder.delete.mutationOptions());
  const canDelete = report !== null && (me.role === "ADMIN" || report.createdBy === me.id);
  const announce = (text: string) => setAnnouncement((prev) => (prev === text ? `${text}\u00a0` : text));
  const update = (fn: (s: BuilderState) => BuilderState) => setState(fn);

  const groupable = subjectFields.filter((f) => f.groupable);
  const summable = (state.groupBy ? subjectFields : subjectFields.filter((f) => state.columns.some((c) => c.id === f.id))).filter((f) => f.summable);

  async function afterSave(targetGroup: string, id: number, text: string) {
    setDialog(null);
    await queryClient.invalidateQueries({ queryKey: trpc.reportBuilder.get.queryKey({ group: targetGroup, reportId: id }) });
    setNotice({ kind: "success", text });
    void navigate({ to: "/$group/reports/builder/$reportId", params: { group: targetGroup, reportId: String(id) } });
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader
        title={report ? `${t("reportBuilder.editTitle")}: ${report.name}` : t("reportBuilder.title")}
        description={t("reportBuilder.description")}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => setDialog("save")} data-testid="open-save">
              <Save aria-hidden="true" />
              {t("reportBuilder.save")}
            </Button>
            {report ? (
              <Button type="button" variant="outline" onClick={() => setDialog("clone")}>
                <Copy aria-hidden="true" />
                {t("reportBuilder.clone")}
              </Button>
            ) : null}
            {canDelete ? (
              <Button type="button" variant="outline" onClick={() => setDialog("delete")}>
                <Trash2 aria-hidden="true" />
                {t("reportBuilder.delete")}
              </Button>
            ) : null}
          </div>
        }
      />
      <nav className="flex flex-wrap gap-4 text-sm" aria-label={t("reportBuilder.title")}>
        <a className="text-primary underline-offset-4 hover:underline" href={`/${group}/reports`}>
          {t("reportBuilder.backToReports")}
        </a>
        <a className="text-primary underline-offset-4 hover:underline" href={`/${group}/reports/permissions`}>
          {t("reportBuilder.permissionsLink")}
        </a>
        <a className="text-primary underline-offset-4 hover:underline" href={`/${group}/reports/fields`}>
          {t("reportBuilder.fieldsLink")}
        </a>
      </nav>
      <div aria-live="polite" className="sr-only" data-testid="announcer">
        {announcement}
      </div>
      {notice ? (
        <Alert variant={notice.kind === "success" ? "success" : "destructive"} role={notice.kind === "error" ? "alert" : "status"}>
          {notice.text}
        </Alert>
      ) : null}

      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <div className="flex max-w-sm flex-col gap-1.5">
            <Label htmlFor="rb-subject">{t("reportBuilder.subject")}</Label>
            <NativeSelect
              id="rb-subject"
              value={state.subject}
              aria-describedby="rb-subject-hint"
              onChange={(e) => setState(initialState(e.target.value as SubjectKey))}
            >
              {standard.subjects.map((s) => (
                <option key={s.key} value={s.key}>
                  {s.title}
                </option>
              ))}
            </NativeSelect>
            <p id="rb-subject-hint" className="text-xs text-muted-foreground">
              {t("reportBuilder.subjectHint")}
            </p>
          </div>
          <BuilderColumns state={state} fields={subjectFields} onChange={update} announce={announce} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("reportBuilder.filters")}</CardTitle>
          <p className="text-sm text-muted-foreground">{t("reportBuilder.filtersHint")}</p>
        </CardHeader>
        <CardContent>
          <RuleEditor root={state.rules} fields={subjectFields} onChange={(fn) => setState((s) => ({ ...s, rules: fn(s.rules) }))} />
        </CardContent>
      </Card>

      <Card>
        <CardContent className="grid gap-6 pt-6 desktop:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="rb-groupby">{t("reportBuilder.groupBy")}</Label>
            <NativeSelect id="rb-groupby" value={state.groupBy} onChange={(e) => setState((s) => ({ ...s, groupBy: e.target.value }))}>
              <option value="">{t("reportBuilder.noGrouping")}</option>
              {groupable.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.editableName}
                </option>
              ))}
            </NativeSelect>
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium">{t("reportBuilder.totals")}</legend>
            <p className="text-xs text-muted-foreground">{summable.length === 0 ? t("reportBuilder.noTotals") : t("reportBuilder.totalsHint")}</p>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {summable.map((f) => (
                <div key={f.id} className="flex items-center gap-2">
                  <Checkbox
                    id={`rb-total-${f.id}`}
                    checked={state.totals.includes(f.id)}
                    onCheckedChange={(on) => setState((s) => ({ ...s, totals: on === true ? [...s.totals, f.id] : s.totals.filter((x) => x !== f.id) }))}
                  />
                  <Label htmlFor={`rb-total-${f.id}`}>{f.editableName}</Label>
                </div>
              ))}
            </div>
          </fieldset>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("reportBuilder.preview")}</CardTitle>
          <p className="text-sm text-muted-foreground">{t("reportBuilder.previewHint")}</p>
        </CardHeader>
        <CardContent>
          <Preview enabled={debounced.fields.length > 0} query={preview} />
        </CardContent>
      </Card>

      {dialog === "save" || dialog === "clone" ? (
        <NameDialog
          mode={dialog}
          group={group}
          isAdmin={me.role === "ADMIN"}
          initialName={dialog === "save" ? (report?.name ?? "") : ""}
          definition={definition}
          report={report}
          onClose={() => setDialog(null)}
          onSaved={(g, id, text) => void afterSave(g, id, text)}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(open) => setDialog(open ? "delete" : null)}
        title={t("reportBuilder.deleteTitle")}
        description={t("reportBuilder.deleteDescription", { name: report?.name ?? "" })}
        confirmLabel={t("reportBuilder.delete")}
        cancelLabel={t("reportBuilder.cancel")}
        destructive
        onConfirm={() => {
          if (!report) return;
          del.mutate(
            { group, reportId: report.id },
            {
              onSuccess: () => {
                setDialog(null);
                void navigate({ to: "/$group/reports/builder", params: { group } });
              },
              onError: (error) => setNotice({ kind: "error", text: errorText(error, t("reportBuilder.deleteFailed")) }),
            },
          );
        }}
      />
    </div>
  );
}

function Preview({ enabled, query }: { enabled: boolean; query: { data?: TPreviewResponse; isError: boolean; error: unknown; isFetching: boolean } }) {
  const { t } = useTexts();
  if (!enabled) return <p className="text-sm text-muted-foreground">{t("reportBuilder.previewEmpty")}</p>;
  if (query.isError) return <Alert variant="destructive">{errorText(query.error, t("reportBuilder.previewFailed"))}</Alert>;
  if (!query.data) return <LoadingBlock label={t("reportBuilder.previewLoading")} />;
  const { columns, rows, truncated } = query.data;
  const cell = (row: TPreviewResponse["rows"][number], c: TPreviewResponse["columns"][number]) => {
    const v = row[c.key];
    if (v === null || v === undefined) return "";
    if (c.kind === "money" && typeof v === "number" && c.currencyKey && typeof row[c.currencyKey] === "string") {
      try {
        return formatMoney({ amount: v, currency: row[c.currencyKey] as string });
      } catch {
        return String(v);
      }
    }
    return String(v);
  };
  return (
    <div className="flex flex-col gap-2" aria-busy={query.isFetching}>
      <div className="max-w-full overflow-x-auto rounded-md border" tabIndex={0} role="region" aria-label={t("reportBuilder.preview")}>
        <Table data-testid="preview-table">
          <TableHeader>
            <TableRow>
              {columns.map((c) => (
                <TableHead key={c.key}>{c.title}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} className="text-muted-foreground">
                  {t("reportBuilder.previewNoRows")}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row, i) => (
                <TableRow key={i}>
                  {columns.map((c) => (
                    <TableCell key={c.key} className={c.kind === "money" || c.kind === "integer" ? "text-right tabular-nums" : undefined}>
                      {cell(row, c)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      {truncated ? <p className="text-xs text-muted-foreground">{t("reportBuilder.previewTruncated")}</p> : null}
    </div>
  );
}

function NameDialog({
  mode,
  group,
  isAdmin,
  initialName,
  definition,
  report,
  onClose,
  onSaved,
}: {
  mode: "save" | "clone";
  group: string;
  isAdmin: boolean;
  initialName: string;
  definition: ReturnType<typeof toDefinition>;
  report: TBuilderReport | null;
  onClose: () => void;
  onSaved: (group: string, id: number, text: string) => void;
}) {
  const { t } = useTexts();
  const [name, setName] = useState(initialName);
  const [target, setTarget] = useState<string | undefined>(group);
  const [errors, setErrors] = useState<{ name?: string; group?: string; form?: string }>({});
  const save = useMutation(trpc.reportBuilder.save.mutationOptions());
  const clone = useMutation(trpc.reportBuilder.clone.mutationOptions());
  const groups = useQuery({ ...trpc.formBuilder.groups.queryOptions(), enabled: isAdmin && mode === "save" && report === null, staleTime: 5 * 60_000 });
  const chooseGroup = isAdmin && mode === "save" && report === null;

  function submit(e: FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!name.trim()) next.name = t("reportBuilder.nameRequired");
    if (mode === "save" && definition.fields.length === 0) next.form = t("reportBuilder.columnRequired");
    if (chooseGroup && !target) next.group = t("reportBuilder.groupRequired");
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const onError = (error: unknown) => setErrors({ form: errorText(error, t(mode === "save" ? "reportBuilder.saveFailed" : "reportBuilder.cloneFailed")) });
    if (mode === "clone" && report) {
      clone.mutate({ group, reportId: report.id, reportName: name.trim() }, { onSuccess: (r) => onSaved(group, r.reportId, t("reportBuilder.cloned")), onError });
      return;
    }
    const g = chooseGroup ? target! : group;
    save.mutate(
      {
        group: g,
        reportName: name.trim(),
        subject: definition.subject,
        fields: definition.fields,
        rules: definition.rules,
        groupBy: definition.groupBy,
        totals: definition.totals,
        ...(report ? { editReportId: report.id, version: report.version } : {}),
      },
      { onSuccess: (r) => onSaved(g, r.reportId, t("reportBuilder.saved")), onError },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t("reportBuilder.close")}>
        <DialogTitle>{mode === "save" ? t("reportBuilder.saveTitle") : t("reportBuilder.cloneTitle")}</DialogTitle>
        <DialogDescription>{mode === "save" ? t("reportBuilder.saveDescription") : t("reportBuilder.cloneDescription")}</DialogDescription>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="rb-name">{t("reportBuilder.name")}</Label>
            <Input id="rb-name" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} aria-invalid={!!errors.name} aria-describedby={errors.name ? "rb-name-error" : undefined} autoFocus />
            <FieldError id="rb-name-error">{errors.name}</FieldError>
          </div>
          {chooseGroup ? (
            <div className="flex flex-col gap-1.5">
              <GroupSelect id="rb-group" label={t("reportBuilder.group")} chooseLabel={t("reportBuilder.chooseGroup")} groups={groups} rows={groups.data?.groups ?? []} value={target} onChange={setTarget} />
              <FieldError id="rb-group-error">{errors.group}</FieldError>
            </div>
          ) : null}
          {errors.form ? (
            <Alert variant="destructive" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t("reportBuilder.cancel")}
            </Button>
            <Button type="submit" busy={save.isPending || clone.isPending} data-testid="confirm-save">
              {mode === "save" ? t("reportBuilder.saveAs") : t("reportBuilder.clone")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
