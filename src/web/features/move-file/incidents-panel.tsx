/**
 * The Incidents card of the HR move page (issue 15; part 1 §6 "incident counts"): the move's incidents
 * (kind, title, status, escalated), the "Raise incident" dialog (kind, title ≤ 255, description ≤ 2000, the
 * server's schema checked in the browser first), and Escalate and Close buttons, each asking first in an
 * AlertDialog. Writers are HR, admins and managers with creation CREATE (`canWrite` from the server).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  canClose,
  canEscalate,
  DESCRIPTION_MAX,
  INCIDENT_KIND_LABELS,
  INCIDENT_KINDS,
  TITLE_MAX,
  ZRaiseRequest,
  type TIncident,
  type TIncidentKind,
} from "../../../domain/moves/incidents/schemas.ts";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

type Ref = { group: string; employeeId: number; moveId: number };
type Pending = { incident: TIncident; action: "escalate" | "close" } | null;

const LOAD_FAILED = "The incidents could not be loaded.";
const WRITE_FAILED = "The incident could not be saved.";

export function IncidentsPanel(ref: Ref) {
  const { t } = useTranslation();
  const input = { group: ref.group, moveId: ref.moveId };
  const query = useQuery({ ...trpc.incidents.listForMove.queryOptions(input), retry: false, refetchOnWindowFocus: false });
  const [raising, setRaising] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.incidents.listForMove.queryKey(input) });
  const onDone = (text: string) => {
    setError(null);
    setStatus(text);
    void refresh();
  };
  const onFail = (e: unknown) => {
    setStatus(null);
    setError(serverMessage(e as never) ?? WRITE_FAILED);
    void refresh();
  };
  const escalate = useMutation(trpc.incidents.escalate.mutationOptions({ onSuccess: (r) => onDone(t("incidents.escalated", { title: r.incident.title, defaultValue: "Escalated: {{title}}." })), onError: onFail }));
  const close = useMutation(trpc.incidents.close.mutationOptions({ onSuccess: (r) => onDone(t("incidents.closed", { title: r.incident.title, defaultValue: "Closed: {{title}}." })), onError: onFail }));

  const confirm = () => {
    if (!pending) return;
    const args = { group: ref.group, incidentId: pending.incident.id };
    if (pending.action === "escalate") escalate.mutate(args);
    else close.mutate(args);
    setPending(null);
  };

  return (
    <Card className="min-w-0 desktop:col-span-2" data-testid="incidents-panel">
      <section aria-labelledby="panel-incidents">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle id="panel-incidents">{t("incidents.title", "Incidents")}</CardTitle>
          {query.data?.canWrite ? (
            <Button type="button" variant="outline" onClick={() => setRaising(true)}>
              {t("incidents.raise", "Raise incident")}
            </Button>
          ) : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {status ? (
            <Alert variant="success" role="status">
              {status}
            </Alert>
          ) : null}
          {error ? (
            <Alert variant="destructive" role="alert">
              {error}
            </Alert>
          ) : null}
          {query.isPending ? (
            <LoadingRows rows={2} />
          ) : query.isError ? (
            <ErrorState message={serverMessage(query.error) ?? LOAD_FAILED} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
          ) : query.data.incidents.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("incidents.none", "No incidents have been raised on this move.")}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
              {query.data.incidents.map((i) => (
                <li key={i.id} className="flex flex-col gap-2 px-4 py-3 text-sm" data-testid="incident-row" data-incident={i.title}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-medium text-foreground break-words">{i.title}</p>
                      <p className="text-muted-foreground">
                        {INCIDENT_KIND_LABELS[i.kind]} · {t("incidents.raisedAt", { at: formatDateTime(i.createdAt), defaultValue: "raised {{at}}" })}
                        {i.raisedBy ? ` · ${i.raisedBy}` : ""}
                      </p>
                    </div>
                    <span className="flex flex-wrap items-center gap-2">
                      <Badge variant={i.status === "OPEN" ? "info" : "neutral"} data-testid="incident-status">
                        {i.status === "OPEN" ? t("incidents.open", "Open") : t("incidents.closedStatus", "Closed")}
                      </Badge>
                      {i.escalated ? (
                        <Badge variant="warning" data-testid="incident-escalated">
                          {t("incidents.escalatedBadge", "Escalated")}
                        </Badge>
                      ) : null}
                    </span>
                  </div>
                  {i.description ? <p className="whitespace-pre-wrap break-words text-muted-foreground">{i.description}</p> : null}
                  {query.data.canWrite && (canEscalate(i) || canClose(i)) ? (
                    <div className="flex flex-wrap gap-2">
                      {canEscalate(i) ? (
                        <Button type="button" size="sm" variant="outline" busy={escalate.isPending && escalate.variables?.incidentId === i.id} onClick={() => setPending({ incident: i, action: "escalate" })}>
                          {t("incidents.escalate", "Escalate")}
                          <span className="sr-only"> {i.title}</span>
                        </Button>
                      ) : null}
                      {canClose(i) ? (
                        <Button type="button" size="sm" variant="outline" busy={close.isPending && close.variables?.incidentId === i.id} onClick={() => setPending({ incident: i, action: "close" })}>
                          {t("incidents.close", "Close")}
                          <span className="sr-only"> {i.title}</span>
                        </Button>
                      ) : null}
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </section>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.action === "escalate" ? t("incidents.confirmEscalateTitle", "Escalate this incident?") : t("incidents.confirmCloseTitle", "Close this incident?")}
        description={
          pending?.action === "escalate"
            ? t("incidents.confirmEscalate", { title: pending.incident.title, defaultValue: "“{{title}}” will be marked as escalated and counted among the open escalated incidents. This cannot be undone." })
            : t("incidents.confirmClose", { title: pending?.incident.title ?? "", defaultValue: "“{{title}}” will be closed and no longer counted as open. A closed incident cannot be reopened." })
        }
        confirmLabel={pending?.action === "escalate" ? t("incidents.escalate", "Escalate") : t("incidents.close", "Close")}
        cancelLabel={t("incidents.cancel", "Cancel")}
        destructive={pending?.action === "close"}
        onConfirm={confirm}
      />
      {raising ? (
        <RaiseDialog
          refs={ref}
          onClose={() => setRaising(false)}
          onRaised={(title) => {
            setRaising(false);
            onDone(t("incidents.raised", { title, defaultValue: "Incident raised: {{title}}." }));
          }}
        />
      ) : null}
    </Card>
  );
}

const empty = { kind: "" as TIncidentKind | "", title: "", description: "" };

function RaiseDialog({ refs, onClose, onRaised }: { refs: Ref; onClose: () => void; onRaised: (title: string) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const raise = useMutation(
    trpc.incidents.raise.mutationOptions({
      onSuccess: (r) => onRaised(r.incident.title),
      onError: (e) => setErrors({ form: serverMessage(e) ?? WRITE_FAILED }),
    }),
  );
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZRaiseRequest.safeParse({ moveId: refs.moveId, ...form });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    raise.mutate({ ...parsed.data, group: refs.group });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("incidents.cancel", "Cancel")} className="max-h-[90vh] overflow-y-auto" data-testid="raise-incident-dialog">
        <DialogTitle className="text-lg font-semibold">{t("incidents.raiseTitle", "Raise incident")}</DialogTitle>
        <DialogDescription className="text-sm text-muted-foreground">
          {t("incidents.raiseDescription", "Record a problem on this move. It stays open until someone closes it; escalate it when it needs attention above HR.")}
        </DialogDescription>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField label={t("incidents.kind", "Kind")} error={errors.kind} required>
            {(field) => (
              <NativeSelect {...field} value={form.kind} onChange={set("kind")}>
                <option value="">{t("incidents.chooseKind", "Choose…")}</option>
                {INCIDENT_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {INCIDENT_KIND_LABELS[k]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t("incidents.titleField", "Title")} error={errors.title} required>
            {(field) => <Input {...field} value={form.title} onChange={set("title")} maxLength={TITLE_MAX} />}
          </FormField>
          <FormField label={t("incidents.description", "Description")} error={errors.description}>
            {(field) => <Textarea {...field} value={form.description} onChange={set("description")} maxLength={DESCRIPTION_MAX} rows={4} />}
          </FormField>
          {errors.form ? (
            <Alert variant="destructive" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t("incidents.cancel", "Cancel")}
            </Button>
            <Button type="submit" busy={raise.isPending}>
              {raise.isPending ? t("incidents.raising", "Raising…") : t("incidents.raiseSubmit", "Raise incident")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
