/**
 * The fields-edit page (issue 26; part 2 §2 "fields-edit page"; §3 "Field override: id, enabled, editableName";
 * §5 "Field overrides: an enabled field needs a title and at least one field must be enabled"):
 * `/$group/reports/fields`, for the group's HR and admins. Per subject, each builder field on or off and its title.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTexts } from "./use-texts.ts";
import type { TStandardField, TStandardFieldsResponse } from "../../../domain/reporting/builder-schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { FieldError, Input } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { LoadingBlock } from "../../components/ui/spinner.tsx";
import { ErrorState } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { allState } from "./permissions-page.tsx";

export function FieldsPage({ group }: { group: string; reportId?: number | null }) {
  const { t } = useTexts();
  useDocumentTitle(t("reportFields.title"));
  const data = useQuery(trpc.reportBuilder.fields.queryOptions({ group }));
  if (data.isError) return <ErrorState message={errorText(data.error, t("reportBuilder.loadFailed"))} retryLabel={t("reportBuilder.retry")} onRetry={() => void data.refetch()} />;
  if (!data.data) return <LoadingBlock label={t("reportBuilder.loading")} />;
  return <FieldsForm key={group} group={group} initial={data.data} />;
}

function FieldsForm({ group, initial }: { group: string; initial: TStandardFieldsResponse }) {
  const { t } = useTexts();
  const [fields, setFields] = useState(initial.fields);
  const [notice, setNotice] = useState<{ kind: "success" | "destructive"; text: string } | null>(null);
  const save = useMutation(trpc.reportBuilder.saveFields.mutationOptions());
  const missing = new Set(fields.filter((f) => f.enabled && f.editableName.trim() === "").map((f) => f.id));
  const set = (id: string, patch: Partial<TStandardField>) => setFields((fs) => fs.map((f) => (f.id === id ? { ...f, ...patch } : f)));

  function submit() {
    setNotice(null);
    if (missing.size > 0) return setNotice({ kind: "destructive", text: t("reportFields.fieldTitleRequired") });
    if (!fields.some((f) => f.enabled)) return setNotice({ kind: "destructive", text: t("reportFields.oneFieldEnabled") });
    save.mutate(
      { group, fields: fields.map((f) => ({ id: f.id, enabled: f.enabled, editableName: f.editableName })) },
      {
        onSuccess: async () => {
          await queryClient.invalidateQueries({ queryKey: trpc.reportBuilder.fields.queryKey({ group }) });
          setNotice({ kind: "success", text: t("reportFields.saved") });
        },
        onError: (error) => setNotice({ kind: "destructive", text: errorText(error, t("reportFields.saveFailed")) }),
      },
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader
        title={t("reportFields.title")}
        description={t("reportFields.description")}
        actions={
          <Button type="button" onClick={submit} busy={save.isPending}>
            {t("reportFields.save")}
          </Button>
        }
      />
      {notice ? (
        <Alert variant={notice.kind} role={notice.kind === "destructive" ? "alert" : "status"}>
          {notice.text}
        </Alert>
      ) : null}
      {initial.subjects.map((s) => {
        const rows = fields.filter((f) => f.subject === s.key);
        const all = allState(rows);
        return (
          <Card key={s.key}>
            <CardHeader>
              <CardTitle id={`fields-${s.key}`}>{s.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <div className="max-w-full overflow-x-auto">
                <Table aria-labelledby={`fields-${s.key}`}>
                  <TableHeader>
                    <TableRow>
                      <TableHead className="w-12">
                        <Checkbox
                          aria-label={`${t("reportPermissions.enableAll")}: ${s.title}`}
                          checked={all}
                          onCheckedChange={() => setFields((fs) => fs.map((f) => (f.subject === s.key ? { ...f, enabled: all !== true } : f)))}
                        />
                      </TableHead>
                      <TableHead>{t("reportFields.field")}</TableHead>
                      <TableHead>{t("reportFields.editableName")}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {rows.map((f) => (
                      <TableRow key={f.id}>
                        <TableCell>
                          <Checkbox aria-label={t("reportFields.enableField", { name: f.defaultTitle })} checked={f.enabled} onCheckedChange={(on) => set(f.id, { enabled: on === true })} />
                        </TableCell>
                        <TableCell className="min-w-40">{f.defaultTitle}</TableCell>
                        <TableCell className="min-w-48">
                          <Input
                            aria-label={t("reportFields.renameField", { name: f.defaultTitle })}
                            value={f.editableName}
                            maxLength={100}
                            aria-invalid={missing.has(f.id)}
                            aria-describedby={missing.has(f.id) ? `err-${f.id}` : undefined}
                            onChange={(e) => set(f.id, { editableName: e.target.value })}
                          />
                          <FieldError id={`err-${f.id}`}>{missing.has(f.id) ? t("reportFields.fieldTitleRequired") : undefined}</FieldError>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
