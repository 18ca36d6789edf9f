/**
 * /{group}/managerDashboard/move?employeeId=&moveId= — a manager's read-only move page (issue 24 §4), opened from
 * a dashboard row. Reads `dashboard.move` (every move the manager's restrictions allow, the dashboard's rule; the
 * others answer "not found"): the person, the move, the policy, the cost estimate and the changes to the policy,
 * nothing to edit, and the manager's own note (saved through `dashboard.addNote`, POST /{group}/addEmployeeNote),
 * which is kept apart from HR's notes.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, FileSearch, Lock } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TManagerMoveResponse } from "../../../domain/manager/dashboard/manager-move.ts";
import { HR_NOTES_MAX } from "../../../domain/moves/employee-file/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { errorCode, errorText, serverMessage } from "../../lib/errors.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { useGroupDisplayName } from "../../lib/group-name.ts";
import { trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";
import { Fact, Facts, Panel } from "../../components/ui/panel.tsx";

const statusVariant = { draft: "warning", open: "info", on_assignment: "success", completed: "neutral", cancelled: "destructive" } as const;
const linkClasses = "inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline focus-visible:underline";

type Ref = { group: string; employeeId: number; moveId: number };

function BackLink({ group }: { group: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/$group/managerDashboard" params={{ group }} className={linkClasses} data-testid="manager-move-back">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("managerMove.back")}
    </Link>
  );
}

export function ManagerMovePage({ group, employeeId, moveId }: { group: string; employeeId?: number; moveId?: number }) {
  const { t } = useTranslation();
  const groupName = useGroupDisplayName(group);
  if (employeeId === undefined || moveId === undefined) {
    return (
      <div>
        <PageHeader eyebrow={t("managerMove.eyebrow", { group: groupName })} title={t("managerMove.title")} />
        <Card>
          <EmptyState icon={FileSearch} title={t("managerMove.missing")} action={<BackLink group={group} />} />
        </Card>
      </div>
    );
  }
  return <ManagerMove group={group} employeeId={employeeId} moveId={moveId} />;
}

function ManagerMove(ref: Ref) {
  const { t } = useTranslation();
  const groupName = useGroupDisplayName(ref.group);
  const query = useQuery({ ...trpc.dashboard.move.queryOptions(ref), refetchOnWindowFocus: false });
  const header = (title: string) => <PageHeader eyebrow={t("managerMove.eyebrow", { group: groupName })} title={title} />;
  if (query.isPending) {
    return (
      <div aria-busy="true">
        {header(t("managerMove.title"))}
        <Card>
          <LoadingRows rows={6} />
        </Card>
      </div>
    );
  }
  if (query.isError) {
    const code = errorCode(query.error);
    return (
      <div>
        {header(t("managerMove.title"))}
        <Card data-testid="manager-move-error">
          {code === "NOT_FOUND" || code === "FORBIDDEN" ? (
            <EmptyState icon={FileSearch} title={code === "NOT_FOUND" ? t("managerMove.notFound") : (serverMessage(query.error) ?? t("managerMove.notFound"))} action={<BackLink group={ref.group} />} />
          ) : (
            <ErrorState message={serverMessage(query.error) ?? t("managerMove.loadFailed")} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
          )}
        </Card>
      </div>
    );
  }
  const data = query.data;
  const name = `${data.person.firstName} ${data.person.lastName}`.trim() || data.person.email;
  const notSet = t("moveFile.notSet");
  const day = (v: string | null) => (v ? formatDate(v) : notSet);
  const m = data.move;
  return (
    <div data-testid="manager-move">
      <PageHeader
        eyebrow={t("managerMove.eyebrow", { group: groupName })}
        title={name}
        description={t("moveFile.description", { policy: data.policy.name, from: m.origin ?? notSet, to: m.destination ?? notSet })}
        actions={
          <span className="flex flex-wrap items-center gap-2">
            <Badge variant={statusVariant[m.status]} dot>
              {t(`moves.status.${m.status}`)}
            </Badge>
            <Badge variant="neutral" data-testid="manager-move-read-only">
              <Lock aria-hidden="true" className="size-3.5" />
              {t("managerMove.readOnly")}
            </Badge>
          </span>
        }
      />
      <p className="mb-4 flex flex-wrap items-center justify-between gap-x-6 gap-y-2 text-sm text-muted-foreground">
        <span>{t("managerMove.readOnlyBody")}</span>
        <BackLink group={ref.group} />
      </p>
      <div className="grid min-w-0 items-start gap-6 desktop:grid-cols-2">
        <NotePanel refs={ref} data={data} name={name} />
        <Panel title={t("moveFile.move")} testId="manager-move-panel-move">
          <Facts>
            <Fact label={t("moveFile.status")}>{t(`moves.status.${m.status}`)}</Fact>
            <Fact label={t("moveFile.stage")}>
              {m.status === "draft"
                ? t("moveFile.wizardStep", { n: m.wizardStep.number, count: m.wizardStep.count, name: t(`wizard.steps.${m.wizardStep.stage}` as "wizard.steps.1") })
                : t("moveFile.stageOf", { name: m.moveStageName, current: m.currentMoveStage, count: m.moveStagesCount })}
            </Fact>
            <Fact label={t("moveFile.origin")}>{m.origin ?? notSet}</Fact>
            <Fact label={t("moveFile.destination")}>{m.destination ?? notSet}</Fact>
            <Fact label={t("moveFile.moveDate")}>{day(m.moveDate)}</Fact>
            <Fact label={t("moveFile.assignment")}>{t("moveFile.assignmentDates", { start: day(m.assignmentStartDate), end: day(m.assignmentEndDate) })}</Fact>
          </Facts>
        </Panel>
        <Panel title={t("moveFile.person")} testId="manager-move-panel-person">
          <Facts>
            <Fact label={t("moveFile.name")}>{name}</Fact>
            <Fact label={t("moveFile.email")}>{data.person.email}</Fact>
          </Facts>
        </Panel>
        <Panel title={t("moveFile.policy")} testId="manager-move-panel-policy">
          <Facts>
            <Fact label={t("moveFile.policyName")}>{data.policy.name}</Fact>
            <Fact label={t("moveFile.policyVersion")}>{t("moveFile.policyVersionN", { n: data.policy.versionNumber })}</Fact>
            <Fact label={t("moveFile.estimate")}>
              {data.estimate ? <span className="tabular-nums">{data.estimate.total}</span> : <span className="text-muted-foreground">{t("managerMove.noEstimate")}</span>}
            </Fact>
          </Facts>
        </Panel>
        <Panel title={t("managerMove.overrides")} testId="manager-move-panel-overrides">
          {data.overrides.services.length === 0 && data.overrides.budgets.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("moveFile.overridesNone")}</p>
          ) : (
            <ul className="flex flex-col text-sm">
              {data.overrides.services.map((s, i) => (
                <li key={`s-${i}`} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-border/60 py-2 last:border-0">
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    <span className="font-medium">{s.title}</span>
                    <span className="text-muted-foreground"> · {s.moveStageName}</span>
                    {s.detail ? <span className="text-muted-foreground"> · {s.detail}</span> : null}
                  </span>
                  <Badge variant={s.change === "removed" ? "destructive" : s.change === "added" ? "success" : "info"}>{t(`moveFile.change.${s.change}`)}</Badge>
                </li>
              ))}
              {data.overrides.budgets.map((b, i) => (
                <li key={`b-${i}`} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-border/60 py-2 last:border-0">
                  <span className="min-w-0 text-muted-foreground">{b.moveStageName}</span>
                  <span className="font-medium tabular-nums">{b.amount}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}

/** The manager's own note (dashboard.addNote): kept apart from HR's notes, which it never changes. */
function NotePanel({ refs, data, name }: { refs: Ref; data: TManagerMoveResponse; name: string }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState(data.note.notesText);
  const save = useMutation(
    trpc.dashboard.addNote.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.dashboard.move.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.dashboard.rows.pathKey() });
      },
    }),
  );
  const tooLong = text.length > HR_NOTES_MAX;
  const savedText = save.isSuccess && save.data.note === text;
  const submit = () => {
    if (tooLong || save.isPending) return;
    save.mutate({ group: refs.group, uid: refs.employeeId, mid: refs.moveId, notes: text });
  };
  return (
    <Panel title={t("managerMove.note")} testId="manager-move-note" description={t("managerMove.noteHint")}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Label htmlFor={`${id}-note`}>{t("dashboard.noteTitle", { name })}</Label>
        <Textarea
          id={`${id}-note`}
          rows={5}
          value={text}
          maxLength={HR_NOTES_MAX}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-count`}
          onChange={(e) => setText(e.target.value)}
          data-testid="manager-move-note-text"
        />
        <p id={`${id}-count`} className={cn("text-[13px]", tooLong ? "text-destructive" : "text-muted-foreground")}>
          {tooLong ? t("dashboard.noteTooLong") : t("dashboard.noteCount", { count: text.length, max: HR_NOTES_MAX })}
          {" · "}
          {data.note.updatedAt ? t("managerMove.noteSavedAt", { date: formatDateTime(data.note.updatedAt) }) : t("managerMove.noteNever")}
        </p>
        <div aria-live="polite" className="flex min-h-5 items-center gap-2 text-[13px]" data-testid="manager-move-note-status" data-status={save.status}>
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
          {save.isError ? <Alert variant="destructive">{errorText(save.error, t("dashboard.saveFailed"))}</Alert> : null}
        </div>
        <div className="flex justify-end">
          <Button type="submit" busy={save.isPending} disabled={save.isPending || tooLong}>
            {t("dashboard.saveNote")}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
