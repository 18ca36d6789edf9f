/**
 * The reporting reminders page (issue 26; part 2 §2 "Reporting reminders page": tabs Recommended, Custom,
 * Configured and HR general emails; group dropdown (admins), manager dropdown (default 'ALL', §9), status
 * filter; manager unsubscriptions and statistics buttons only on report tabs with a manager selected; §4: an
 * opted-out manager's row is greyed and cannot be toggled or sent; switching tab resets the status filter; the
 * manager data resets on group or user change and reloads after opt-in changes; §6 "Selecting a report tab
 * needs a group first; opt-in and send-reminder need a selected manager").
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ALL_USERS, REMINDER_TABS, REPORT_TYPE_OF_TAB, STATUS_FILTERS, type ReminderTab, type StatusFilter } from "../../../domain/reporting/reminders.ts";
import type { TReminderRow } from "../../../domain/reporting/reminders-schemas.ts";
import { GroupSelect } from "../../components/group-select.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { errorText } from "../../lib/errors.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";
import { StatisticsDialog, UnsubscriptionsDialog } from "./manager-dialogs.tsx";
import { ReminderDialog } from "./reminder-dialog.tsx";

type ManagerChoice = typeof ALL_USERS | number;

function useRows(group: string | undefined, tab: ReminderTab, userId: ManagerChoice, status: StatusFilter) {
  const g = group ?? "";
  const enabled = !!group;
  const hr = useQuery({ ...trpc.reportReminders.groupUserHrEmailReminders.queryOptions({ group: g, userId, status }), enabled: enabled && tab === "HR_EMAILS" });
  const reportType = tab === "HR_EMAILS" ? "BASE" : REPORT_TYPE_OF_TAB[tab];
  const all = useQuery({ ...trpc.reportReminders.groupReportReminders.queryOptions({ group: g, reportType, status }), enabled: enabled && tab !== "HR_EMAILS" && userId === ALL_USERS });
  const one = useQuery({
    ...trpc.reportReminders.groupUserReportReminders.queryOptions({ group: g, reportType, status, userId }),
    enabled: enabled && tab !== "HR_EMAILS" && userId !== ALL_USERS,
  });
  return tab === "HR_EMAILS" ? hr : userId === ALL_USERS ? all : one;
}

const DAY_KEYS = ["reminders.day.1", "reminders.day.2", "reminders.day.3", "reminders.day.4", "reminders.day.5", "reminders.day.6", "reminders.day.7"] as const;
const FREQUENCY_KEYS = { DAILY: "reminders.frequency.DAILY", WEEKLY: "reminders.frequency.WEEKLY", MONTHLY: "reminders.frequency.MONTHLY" } as const;

const newRequestKey = () => crypto.randomUUID();

export function RemindersPage({ group, onGroupChange }: { group: string | undefined; onGroupChange: (group: string | undefined) => void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const isAdmin = user.role === "ADMIN";
  const [tab, setTab] = useState<ReminderTab>("RECOMMENDED");
  const [userId, setUserId] = useState<ManagerChoice>(ALL_USERS);
  const [status, setStatus] = useState<StatusFilter>("ALL");
  const [editing, setEditing] = useState<TReminderRow | null>(null);
  const [dialog, setDialog] = useState<"unsubscriptions" | "statistics" | null>(null);
  const [notice, setNotice] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const groups = useQuery({ ...trpc.admin.groups.list.queryOptions(), enabled: isAdmin });
  const managers = useQuery({ ...trpc.reportReminders.getHrManagers.queryOptions({ group: group ?? "" }), enabled: !!group });
  const rows = useRows(group, tab, userId, status);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.reportReminders.pathKey() });
  const ok = (text: string) => setNotice({ kind: "ok", text });
  const fail = (error: unknown) => setNotice({ kind: "error", text: errorText(error, t("reminders.genericFailure")) });
  const optIn = useMutation({ ...trpc.reportReminders.optIn.mutationOptions(), onSuccess: (r) => (ok(r.resultMessage), refresh()), onError: fail });
  const toggle = useMutation({ ...trpc.reportReminders.updateReminderStatus.mutationOptions(), onSuccess: (r) => (ok(r.resultMessage), refresh()), onError: fail });
  const sendNow = useMutation({ ...trpc.reportReminders.sendReminderNow.mutationOptions(), onSuccess: (r) => (ok(r.resultMessage), refresh()), onError: fail });
  const groupSend = useMutation({ ...trpc.reportReminders.sendGroupReminderNow.mutationOptions(), onSuccess: (r) => (ok(r.resultMessage), refresh()), onError: fail });
  const manager = userId === ALL_USERS ? null : (managers.data?.managers.find((m) => m.id === userId) ?? null);
  const reportTab = tab !== "HR_EMAILS";
  const scheduleText = (row: TReminderRow): string => {
    if (row.id === null || !row.frequencyType) return t("reminders.notSetUp");
    if (row.frequencyType === "WEEKLY" && row.weekDay) return t("reminders.weeklyOn", { day: t(DAY_KEYS[row.weekDay - 1] ?? "reminders.day.1") });
    if (row.frequencyType === "MONTHLY" && row.monthDay) return t("reminders.monthlyOn", { day: row.monthDay });
    return t(FREQUENCY_KEYS[row.frequencyType]);
  };
  const busy = optIn.isPending || toggle.isPending || sendNow.isPending || groupSend.isPending;

  const changeGroup = (next: string | undefined) => {
    // §4: the manager data resets on group change.
    setUserId(ALL_USERS);
    setDialog(null);
    setNotice(null);
    onGroupChange(next);
  };

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col">
      <PageHeader eyebrow={t("reminders.eyebrow")} title={t("reminders.title")} description={t("reminders.intro")} />
      <Card className="mb-4 flex flex-col gap-4 p-4 tablet:flex-row tablet:flex-wrap tablet:items-end">
        {isAdmin ? (
          <GroupSelect
            id="reminders-group"
            label={t("reminders.group")}
            chooseLabel={t("reminders.groupPlaceholder")}
            groups={groups}
            rows={(groups.data ?? []).filter((g) => g.status === "ACTIVE" || g.name === group)}
            value={group}
            onChange={changeGroup}
            className="tablet:w-64"
          />
        ) : null}
        <div className="flex flex-col gap-1.5 tablet:w-64">
          <Label htmlFor="reminders-manager">{t("reminders.manager")}</Label>
          <NativeSelect
            id="reminders-manager"
            disabled={!group}
            value={String(userId)}
            onChange={(e) => {
              setUserId(e.target.value === ALL_USERS ? ALL_USERS : Number(e.target.value));
              setDialog(null);
              setNotice(null);
            }}
          >
            <option value={ALL_USERS}>{t("reminders.allManagers")}</option>
            {(managers.data?.managers ?? []).map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.name} ({m.email})
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5 tablet:w-48">
          <Label htmlFor="reminders-status">{t("reminders.status")}</Label>
          <NativeSelect id="reminders-status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t(`reminders.status.${s}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {reportTab && manager ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setDialog("unsubscriptions")}>
              {t("reminders.unsubscriptions")}
            </Button>
            <Button variant="outline" onClick={() => setDialog("statistics")}>
              {t("reminders.statistics")}
            </Button>
          </div>
        ) : null}
      </Card>

      {!group ? (
        <Card>
          <EmptyState title={t("reminders.selectGroupFirst")} />
        </Card>
      ) : (
        <Tabs
          value={tab}
          onValueChange={(v) => {
            setTab(v as ReminderTab);
            // §4: switching tab resets the status filter.
            setStatus("ALL");
            setNotice(null);
          }}
        >
          <TabsList aria-label={t("reminders.tabs")} className="w-full tablet:w-auto">
            {REMINDER_TABS.map((k) => (
              <TabsTrigger key={k} value={k}>
                {t(`reminders.tab.${k}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value={tab}>
          {notice ? (
            <Alert role={notice.kind === "error" ? "alert" : "status"} variant={notice.kind === "error" ? "destructive" : "success"}>
              {notice.text}
            </Alert>
          ) : null}
          <Card className="mt-4">
            {rows.isPending ? (
              <LoadingRows rows={4} />
            ) : rows.isError ? (
              <ErrorState message={errorText(rows.error, t("reminders.loadFailed"))} retryLabel={t("reminders.retry")} onRetry={() => void rows.refetch()} />
            ) : rows.data.reminders.length === 0 ? (
              <EmptyState title={t("reminders.empty")} />
            ) : (
              <div className="overflow-x-auto">
                <Table>
                  <TableCaption className="sr-only">{t("reminders.caption")}</TableCaption>
                  <TableHeader>
                    <TableRow>
                      <TableHead scope="col">{t(reportTab ? "reminders.col.report" : "reminders.col.hrEmail")}</TableHead>
                      <TableHead scope="col">{t("reminders.col.schedule")}</TableHead>
                      <TableHead scope="col">{t("reminders.col.enabled")}</TableHead>
                      {manager ? <TableHead scope="col">{t("reminders.col.optIn")}</TableHead> : null}
                      {manager ? <TableHead scope="col">{t("reminders.col.activity")}</TableHead> : null}
                      <TableHead scope="col">{t("reminders.col.actions")}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {rows.data.reminders.map((row) => {
                      const optedOut = manager !== null && !row.managerOptedIn;
                      const key = `${row.reportId ?? "h"}-${row.hrEmailId ?? "r"}`;
                      return (
                        <TableRow key={key} data-testid={`reminder-row-${key}`} className={cn(optedOut && "opacity-60")} aria-disabled={optedOut || undefined}>
                          <TableCell className="min-w-40 [overflow-wrap:anywhere]">
                            <span className="font-medium">{row.reportName}</span>
                            {row.inherited ? (
                              <Badge variant="info" className="ml-2">
                                {t("reminders.inherited")}
                              </Badge>
                            ) : null}
                            {optedOut ? <p className="text-xs text-muted-foreground">{t("reminders.optedOut")}</p> : null}
                          </TableCell>
                          <TableCell className="whitespace-nowrap">{scheduleText(row)}</TableCell>
                          <TableCell>
                            {row.id !== null && !row.inherited ? (
                              <Switch
                                checked={row.enabled}
                                disabled={optedOut || busy}
                                aria-label={t("reminders.enabledLabel", { name: row.reportName })}
                                onCheckedChange={(c) => group && toggle.mutate({ group, reminderId: row.id!, enabled: c })}
                              />
                            ) : row.inherited ? (
                              <Badge variant={row.enabled ? "success" : "neutral"}>{t(row.enabled ? "reminders.status.ENABLED" : "reminders.status.DISABLED")}</Badge>
                            ) : (
                              <span className="text-sm text-muted-foreground">–</span>
                            )}
                          </TableCell>
                          {manager ? (
                            <TableCell>
                              <Switch
                                checked={row.managerOptedIn}
                                disabled={busy}
                                aria-label={t("reminders.optInLabel", { name: row.reportName })}
                                onCheckedChange={(c) =>
                                  group &&
                                  optIn.mutate({ group, managerId: manager.id, optIn: c, reportingReminderType: row.type, reportId: row.reportId ?? undefined, hrEmailId: row.hrEmailId ?? undefined })
                                }
                              />
                            </TableCell>
                          ) : null}
                          {manager ? (
                            <TableCell>
                              <div className="flex flex-wrap gap-1">
                                {row.emailSent ? <Badge>{t("reminders.sent")}</Badge> : null}
                                {row.previewClicked ? <Badge variant="info">{t("reminders.previewed")}</Badge> : null}
                                {row.reportDownloaded ? <Badge variant="success">{t("reminders.downloaded")}</Badge> : null}
                              </div>
                            </TableCell>
                          ) : null}
                          <TableCell>
                            <div className="flex flex-wrap gap-2">
                              <Button size="sm" variant="outline" disabled={optedOut} aria-label={t("reminders.editLabel", { name: row.reportName })} onClick={() => setEditing(row)}>
                                {t("reminders.edit")}
                              </Button>
                              {manager && row.id !== null ? (
                                <Button
                                  size="sm"
                                  disabled={optedOut || busy}
                                  aria-label={t("reminders.sendNowLabel", { name: row.reportName })}
                                  onClick={() => group && sendNow.mutate({ group, reminderId: row.id!, managerId: manager.id, reportingReminderType: row.type, requestKey: newRequestKey() })}
                                >
                                  {t("reminders.sendNow")}
                                </Button>
                              ) : null}
                              {!manager && row.id !== null ? (
                                <Button
                                  size="sm"
                                  disabled={busy}
                                  aria-label={t("reminders.groupSendNowLabel", { name: row.reportName })}
                                  onClick={() =>
                                    group &&
                                    groupSend.mutate({ group, managerId: ALL_USERS, reportingReminderType: row.type, reportId: row.reportId ?? undefined, hrEmailId: row.hrEmailId ?? undefined, requestKey: newRequestKey() })
                                  }
                                >
                                  {t("reminders.groupSendNow")}
                                </Button>
                              ) : null}
                            </div>
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </div>
            )}
          </Card>
          </TabsContent>
        </Tabs>
      )}
      {editing && group ? (
        <ReminderDialog
          group={group}
          row={editing}
          managerName={manager?.name ?? null}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            ok(message);
          }}
        />
      ) : null}
      {dialog === "unsubscriptions" && group && manager ? <UnsubscriptionsDialog group={group} managerId={manager.id} managerName={manager.name} onClose={() => setDialog(null)} /> : null}
      {dialog === "statistics" && group && manager ? <StatisticsDialog group={group} managerId={manager.id} managerName={manager.name} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
