/**
 * /{group}/employeefile/summaryView?employeeId=&moveId= — the HR move page (the spec's employee file
 * summary): the person, the move, its policy version, the cost estimate with its approval, the
 * stage-3 overrides and the audit timeline. Later areas (files, budgets, expenses, tasks) add their
 * panels here.
 *
 * Issue 24 §4: the page is divided into tabs (Radix Tabs: arrow keys move between them; the open tab is the URL's
 * `tab`, so a tab can be linked and survives a reload) under a sticky summary (who, status, stage, route,
 * policy), instead of one page of every panel. Each panel sits in one tab (MOVE_FILE_TABS); a tab's panels load
 * when it is opened.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FileSearch } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { TMoveFileResponse } from "../../../domain/moves/move-file.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorCode, serverMessage } from "../../lib/errors.ts";
import { useGroupDisplayName } from "../../lib/group-name.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { EstimateHistory } from "./estimate-history.tsx";
import { BudgetsPanel } from "./budgets-panel.tsx";
import { QuotesPanel } from "./quotes-panel.tsx";
import { MoneyPanel } from "./money-panel.tsx";
import { ProfileActions } from "./profile-dialog.tsx";
import { FormValuesPanel } from "./form-values-panel.tsx";
import { HrNotesPanel } from "./hr-notes-panel.tsx";
import { IncidentsPanel } from "./incidents-panel.tsx";
import { WelcomeRequestPanel } from "./welcome-request-panel.tsx";
import { EstimateVsActual } from "../../components/estimate-vs-actual.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { MOVE_FILE_TABS, type MoveFileTab } from "./tabs.ts";
import { ManagerNotesPanel } from "./manager-notes-panel.tsx";
import { MoveAccuracyPanel } from "./move-accuracy-panel.tsx";
import { trpc } from "../../lib/trpc.ts";
import { Fact, Facts, Panel } from "../../components/ui/panel.tsx";

const linkClasses = "font-medium text-primary underline-offset-4 hover:underline focus-visible:underline";

const statusVariant = {
  draft: "warning",
  open: "info",
  on_assignment: "success",
  completed: "neutral",
  cancelled: "destructive",
} as const;

type Ref = { group: string; employeeId: number; moveId: number };
type TabProps = { tab?: MoveFileTab; onTabChange?: (tab: MoveFileTab) => void };

export function MoveFilePage({ group, employeeId, moveId, tab, onTabChange }: { group: string; employeeId?: number; moveId?: number } & TabProps) {
  const { t } = useTranslation();
  const groupName = useGroupDisplayName(group);
  if (employeeId === undefined || moveId === undefined) {
    return (
      <div>
        <PageHeader eyebrow={t("moveFile.eyebrow", { group: groupName })} title={t("moveFile.title")} />
        <Card>
          <EmptyState icon={FileSearch} title={t("moveFile.missingTitle")} description={t("moveFile.missingBody")} action={<BackHome group={group} />} />
        </Card>
      </div>
    );
  }
  return <MoveFile group={group} employeeId={employeeId} moveId={moveId} tab={tab} onTabChange={onTabChange} />;
}

/** The employee's documents on file (issue 14): how many the HR user may see, and the way to the employee files page. */
function FilesPanel({ refs }: { refs: Ref }) {
  const { t } = useTranslation();
  const files = useQuery(trpc.files.list.queryOptions({ employeeId: refs.employeeId }));
  return (
    <Panel title={t("files.panelTitle")} testId="panel-files">
      <div className="flex flex-col gap-3 text-sm">
        {files.isPending ? (
          <p role="status">{t("files.panelLoading")}</p>
        ) : files.isError ? (
          <p role="alert">{serverMessage(files.error) ?? t("files.loadFailed")}</p>
        ) : (
          <p>{t("files.panelBody", { count: files.data.files.length })}</p>
        )}
        <Link to="/$group/employeefile/files" params={{ group: refs.group }} search={{ employeeId: refs.employeeId }} className={linkClasses}>
          {t("files.panelOpen")}
        </Link>
      </div>
    </Panel>
  );
}

function BackHome({ group }: { group: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/$group/home" params={{ group }} className={linkClasses}>
      {t("moveFile.backHome")}
    </Link>
  );
}

function MoveFile({ tab, onTabChange, ...ref }: Ref & TabProps) {
  const { t } = useTranslation();
  const groupName = useGroupDisplayName(ref.group);
  const query = useQuery({ ...trpc.moves.file.queryOptions(ref), refetchOnWindowFocus: false });
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <PageHeader eyebrow={t("moveFile.eyebrow", { group: groupName })} title={t("moveFile.title")} />
        <div className="grid gap-6 desktop:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <Card key={i}>
              <LoadingRows rows={4} />
            </Card>
          ))}
        </div>
      </div>
    );
  }
  if (query.isError) {
    const notFound = errorCode(query.error) === "NOT_FOUND";
    return (
      <div>
        <PageHeader eyebrow={t("moveFile.eyebrow", { group: groupName })} title={t("moveFile.title")} />
        <Card data-testid="move-file-error">
          {notFound ? (
            <EmptyState icon={FileSearch} title={t("moveFile.notFound")} action={<BackHome group={ref.group} />} />
          ) : (
            <ErrorState message={serverMessage(query.error) ?? t("moveFile.loadFailed")} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
          )}
        </Card>
      </div>
    );
  }
  const data = query.data;
  const name = `${data.person.firstName} ${data.person.lastName}`.trim();
  return (
    <div data-testid="move-file">
      <PageHeader
        eyebrow={t("moveFile.eyebrow", { group: groupName })}
        title={name || data.person.email}
        description={t("moveFile.description", { policy: data.policy.name, from: data.move.origin ?? t("moveFile.notSet"), to: data.move.destination ?? t("moveFile.notSet") })}
        actions={
          <Badge variant={statusVariant[data.move.status]} dot>
            {t(`moves.status.${data.move.status}`)}
          </Badge>
        }
      />
      <Summary data={data} />
      <Tabs value={tab ?? "overview"} onValueChange={(value) => onTabChange?.(value as MoveFileTab)} className="min-w-0">
        <TabsList aria-label={t("moveFile.tabs")} className="h-auto w-full flex-wrap justify-start" data-testid="move-file-tabs">
          {MOVE_FILE_TABS.map((key) => (
            <TabsTrigger key={key} value={key} data-testid={`move-file-tab-${key}`}>
              {t(`moveFile.tab.${key}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview" className="grid min-w-0 items-start gap-6 desktop:grid-cols-2">
          <PersonPanel data={data} refs={ref} />
          <MovePanel data={data} refs={ref} />
          <PolicyPanel data={data} />
          <EstimatePanel data={data} refs={ref} />
          <OverridesPanel data={data} />
          <FormValuesPanel {...ref} />
          <WelcomeRequestPanel {...ref} />
        </TabsContent>
        <TabsContent value="money" className="grid min-w-0 items-start gap-6 desktop:grid-cols-2">
          <BudgetsPanel {...ref} />
          <MoneyPanel {...ref} />
          <QuotesPanel {...ref} />
          <Panel title={t("insights.panelTitle", "Estimate against actual")} testId="estimate-vs-actual-panel" className="desktop:col-span-2">
            <EstimateVsActual group={ref.group} moveId={ref.moveId} />
          </Panel>
          <MoveAccuracyPanel group={ref.group} moveId={ref.moveId} />
        </TabsContent>
        <TabsContent value="notes" className="grid min-w-0 items-start gap-6 desktop:grid-cols-2">
          <HrNotesPanel {...ref} />
          <ManagerNotesPanel {...ref} />
        </TabsContent>
        <TabsContent value="incidents" className="grid min-w-0 items-start gap-6">
          <IncidentsPanel {...ref} />
        </TabsContent>
        <TabsContent value="files" className="grid min-w-0 items-start gap-6 desktop:grid-cols-2">
          <FilesPanel refs={ref} />
        </TabsContent>
        <TabsContent value="history" className="grid min-w-0 items-start gap-6">
          <TimelinePanel data={data} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** The sticky summary above the tabs (issue 24 §4): who, status, stage, route and policy stay in sight. */
function Summary({ data }: { data: TMoveFileResponse }) {
  const { t } = useTranslation();
  const m = data.move;
  const notSet = t("moveFile.notSet");
  const name = `${data.person.firstName} ${data.person.lastName}`.trim() || data.person.email;
  return (
    <section
      aria-label={t("moveFile.summary")}
      className="sticky top-16 z-30 -mx-4 mb-4 border-b border-border bg-background/95 px-4 py-2 backdrop-blur supports-[backdrop-filter]:bg-background/85 tablet:-mx-6 tablet:px-6 desktop:-mx-8 desktop:px-8"
      data-testid="move-file-summary"
    >
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="font-semibold text-foreground [overflow-wrap:anywhere]">{name}</span>
        <Badge variant={statusVariant[m.status]} dot>
          {t(`moves.status.${m.status}`)}
        </Badge>
        <span className="text-muted-foreground">
          {m.status === "draft"
            ? t("moveFile.wizardStep", { n: m.wizardStep.number, count: m.wizardStep.count, name: t(`wizard.steps.${m.wizardStep.stage}` as "wizard.steps.1") })
            : t("moveFile.stageOf", { name: m.moveStageName, current: m.currentMoveStage, count: m.moveStagesCount })}
        </span>
        <span className="min-w-0 text-muted-foreground [overflow-wrap:anywhere]">{t("moveFile.summaryRoute", { from: m.origin ?? notSet, to: m.destination ?? notSet })}</span>
        <span className="min-w-0 text-muted-foreground [overflow-wrap:anywhere]">{data.policy.name}</span>
      </p>
    </section>
  );
}

/** Dates for the reader (src/web/lib/format.ts: the reader's locale, as everywhere in the app). */
function useFormats() {
  return {
    /** A YYYY-MM-DD day, or an ISO timestamp's day. */
    day: (value: string | null) => (value ? formatDate(value) : null),
    at: (value: string) => formatDateTime(value),
  };
}

function PersonPanel({ data, refs }: { data: TMoveFileResponse; refs: Ref }) {
  const { t } = useTranslation();
  const p = data.person;
  return (
    <Panel title={t("moveFile.person")} testId="panel-person">
      <Facts>
        <Fact label={t("moveFile.name")}>{`${p.firstName} ${p.lastName}`.trim() || t("moveFile.notSet")}</Fact>
        <Fact label={t("moveFile.email")}>{p.email}</Fact>
        <Fact label={t("moveFile.account")}>
          <Badge variant={p.activationState === "ACTIVE" ? "success" : "neutral"}>{t(`moveFile.activation.${p.activationState}`, { defaultValue: p.activationState })}</Badge>
        </Fact>
      </Facts>
      <ProfileActions refs={refs} />
    </Panel>
  );
}

function MovePanel({ data, refs }: { data: TMoveFileResponse; refs: Ref }) {
  const { t } = useTranslation();
  const f = useFormats();
  const m = data.move;
  const notSet = t("moveFile.notSet");
  return (
    <Panel title={t("moveFile.move")} testId="panel-move">
      <Facts>
        <Fact label={t("moveFile.status")}>
          <Badge variant={statusVariant[m.status]} dot>
            {t(`moves.status.${m.status}`)}
          </Badge>
        </Fact>
        <Fact label={t("moveFile.stage")}>
          {m.status === "draft" ? (
            <span className="flex flex-col items-end gap-1">
              <span>{t("moveFile.wizardStep", { n: m.wizardStep.number, count: m.wizardStep.count, name: t(`wizard.steps.${m.wizardStep.stage}` as "wizard.steps.1") })}</span>
              <Link
                to="/$group/new-move"
                params={{ group: refs.group }}
                search={{ stage: m.wizardStage, policy: data.policy.versionId, employeeId: refs.employeeId, moveId: refs.moveId, resume: true }}
                className={linkClasses}
              >
                {t("moveFile.resume")}
              </Link>
            </span>
          ) : (
            t("moveFile.stageOf", { name: m.moveStageName, current: m.currentMoveStage, count: m.moveStagesCount })
          )}
        </Fact>
        <Fact label={t("moveFile.origin")}>{m.origin ?? notSet}</Fact>
        <Fact label={t("moveFile.destination")}>{m.destination ?? notSet}</Fact>
        <Fact label={t("moveFile.moveDate")}>{f.day(m.moveDate) ?? notSet}</Fact>
        {m.assignmentStartDate || m.assignmentEndDate ? (
          <Fact label={t("moveFile.assignment")}>{t("moveFile.assignmentDates", { start: f.day(m.assignmentStartDate) ?? notSet, end: f.day(m.assignmentEndDate) ?? notSet })}</Fact>
        ) : null}
        <Fact label={t("moveFile.created")}>{f.day(m.createdAt)}</Fact>
        {m.initiatedAt ? (
          <Fact label={t("moveFile.initiated")}>{m.initiatedBy ? t("moveFile.initiatedBy", { date: f.day(m.initiatedAt) ?? "", name: m.initiatedBy }) : f.day(m.initiatedAt)}</Fact>
        ) : null}
      </Facts>
    </Panel>
  );
}

function PolicyPanel({ data }: { data: TMoveFileResponse }) {
  const { t } = useTranslation();
  const p = data.policy;
  return (
    <Panel title={t("moveFile.policy")} testId="panel-policy">
      <Facts>
        <Fact label={t("moveFile.policyName")}>{p.name}</Fact>
        <Fact label={t("moveFile.policyVersion")}>{t("moveFile.policyVersionN", { n: p.versionNumber })}</Fact>
        <Fact label={t("moveFile.estimateType")}>{t(`moveFile.estimateType.${p.estimateType}`, { defaultValue: p.estimateType })}</Fact>
      </Facts>
      <p className="mt-3 text-sm">
        <Link to="/admin/policy/view" search={{ employeeId: data.person.id, moveId: data.move.id }} className={linkClasses}>
          {t("moveFile.viewPolicy")}
        </Link>
      </p>
    </Panel>
  );
}

function EstimatePanel({ data, refs }: { data: TMoveFileResponse; refs: Ref }) {
  const { t } = useTranslation();
  const f = useFormats();
  const e = data.estimate;
  const stage4 =
    data.move.status === "draft" && data.estimateAvailable ? (
      <Link
        to="/$group/new-move"
        params={{ group: refs.group }}
        search={{ stage: 4, policy: data.policy.versionId, employeeId: refs.employeeId, moveId: refs.moveId, resume: true }}
        className={linkClasses}
      >
        {t("moveFile.openEstimate")}
      </Link>
    ) : null;
  if (!e) {
    return (
      <Panel title={t("moveFile.estimate")} testId="panel-estimate">
        <p className="text-sm text-muted-foreground">{data.estimateAvailable ? t("moveFile.estimateNone") : t("moveFile.estimateUnavailable")}</p>
        {stage4 ? <p className="mt-3 text-sm">{stage4}</p> : null}
      </Panel>
    );
  }
  return (
    <Panel title={t("moveFile.estimate")} testId="panel-estimate">
      <Facts>
        <Fact label={t("moveFile.total")}>
          <span className="tabular-nums">{e.total}</span>
        </Fact>
        <Fact label={t("moveFile.version")}>{t("moveFile.versionOf", { n: e.versionNumber, count: data.estimateVersions })}</Fact>
        <Fact label={t("moveFile.madeBy")}>{e.createdBy ? t("moveFile.madeByName", { date: f.at(e.createdAt), name: e.createdBy }) : f.at(e.createdAt)}</Fact>
        <Fact label={t("moveFile.approval")}>
          <ApprovalState estimate={e} />
        </Fact>
      </Facts>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to="/$group/cost-estimate-view" params={{ group: refs.group }} search={{ employeeId: refs.employeeId, costEstimateId: e.costEstimateId }} className={linkClasses}>
          {t("moveFile.viewEstimate")}
        </Link>
        {stage4}
      </p>
      <EstimateHistory group={refs.group} employeeId={refs.employeeId} moveId={refs.moveId} />
    </Panel>
  );
}

/**
 * The approval of the current version (issue 13 item 6): approved (by the approver's link, or
 * recorded by an administrator), rejected with the approver's comment, pending since the approval
 * e-mail was sent, or not sent yet.
 */
function ApprovalState({ estimate: e }: { estimate: NonNullable<TMoveFileResponse["estimate"]> }) {
  const { t } = useTranslation();
  const f = useFormats();
  const a = e.approvalState;
  const by = (name: string | null, date: string | null) => (name ? <span className="text-[13px] font-normal text-muted-foreground">{t("moveFile.decidedBy", { name, date: f.day(date) ?? "—" })}</span> : null);
  const comment = a.comment ? (
    <span className="text-[13px] font-normal">
      <span className="text-muted-foreground">{t("moveFile.approverComment")}: </span>
      <q className="[overflow-wrap:anywhere]" data-testid="approval-comment">{a.comment}</q>
    </span>
  ) : null;
  switch (a.state) {
    case "APPROVED":
      return (
        <span className="flex flex-col items-end gap-1 text-right" data-testid="approval-state">
          <Badge variant="success">{t("moveFile.approved")}</Badge>
          {by(a.decidedBy, a.decidedAt)}
          {comment}
        </span>
      );
    case "REJECTED":
      return (
        <span className="flex flex-col items-end gap-1 text-right" data-testid="approval-state">
          <Badge variant="destructive">{t("moveFile.rejected")}</Badge>
          {by(a.decidedBy, a.decidedAt)}
          {comment}
        </span>
      );
    case "PENDING":
      return (
        <span className="flex flex-col items-end gap-1 text-right" data-testid="approval-state">
          <Badge variant="info">{t("moveFile.pending")}</Badge>
          <span className="text-[13px] font-normal text-muted-foreground [overflow-wrap:anywhere]">{t("moveFile.pendingSince", { email: a.sentTo ?? "—", date: f.day(a.sentAt) ?? "—" })}</span>
        </span>
      );
    case "NONE":
      return (
        <span data-testid="approval-state">
          {e.approverEmail ? t("moveFile.awaiting", { email: e.approverEmail }) : <Badge variant="neutral">{t("moveFile.notApproved")}</Badge>}
        </span>
      );
  }
}

function OverridesPanel({ data }: { data: TMoveFileResponse }) {
  const { t } = useTranslation();
  const { services, budgets } = data.overrides;
  return (
    <Panel title={t("moveFile.overrides")} testId="panel-overrides">
      {services.length === 0 && budgets.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("moveFile.overridesNone")}</p>
      ) : (
        <ul className="flex flex-col text-sm">
          {services.map((s, i) => (
            <li key={`s-${i}`} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-border/60 py-2 last:border-0">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-medium">{s.title}</span>
                <span className="text-muted-foreground"> · {s.moveStageName}</span>
                {s.detail ? <span className="text-muted-foreground"> · {s.detail}</span> : null}
              </span>
              <Badge variant={s.change === "removed" ? "destructive" : s.change === "added" ? "success" : "info"}>{t(`moveFile.change.${s.change}`)}</Badge>
            </li>
          ))}
          {budgets.map((b, i) => (
            <li key={`b-${i}`} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-border/60 py-2 last:border-0">
              <span className="min-w-0">
                <span className="font-medium">{t("moveFile.budgetGroup", { n: b.budgetGroup })}</span>
                <span className="text-muted-foreground"> · {b.moveStageName}</span>
              </span>
              <span className="font-medium tabular-nums">{b.amount}</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function TimelinePanel({ data }: { data: TMoveFileResponse }) {
  const { t } = useTranslation();
  const f = useFormats();
  return (
    <Panel title={t("moveFile.timeline")} testId="panel-timeline" className="desktop:col-span-2">
      {data.timeline.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("moveFile.timelineNone")}</p>
      ) : (
        <ol className="flex flex-col">
          {data.timeline.map((a) => (
            <li key={a.id} className="flex flex-col gap-0.5 border-l-2 border-primary/40 py-2 pl-4 text-sm tablet:flex-row tablet:items-baseline tablet:justify-between tablet:gap-4">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-medium text-foreground">{t(`moveFile.action.${a.action}`, { defaultValue: a.action })}</span>
                <span className="text-muted-foreground"> {t("moveFile.by", { name: a.actor ?? t("moveFile.system") })}</span>
              </span>
              <time dateTime={a.at} className="shrink-0 text-[13px] text-muted-foreground tabular-nums">
                {f.at(a.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
