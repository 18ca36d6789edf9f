/**
 * The manager unsubscriptions and manager statistics dialogs (part 2 §2: shown only on report tabs when a
 * manager is selected; §3 "Manager unsubscriptions: unsubscribeFromAllReports, reportsUnsubscribedFrom",
 * "Statistics: reportingReminderStatisticsDTOs"; §8 "Missing unsubscription data: 'unable to display data' plus
 * generic"; §9 statistics dates YYYY-MM-DD HH:mm).
 */
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

type Props = { group: string; managerId: number; managerName: string; onClose: () => void };

export function UnsubscriptionsDialog({ group, managerId, managerName, onClose }: Props) {
  const { t } = useTranslation();
  const data = useQuery(trpc.reportReminders.managerUnsubscriptions.queryOptions({ group, managerId }));
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t("reminders.close")}>
        <DialogTitle>{t("reminders.unsub.title", { name: managerName })}</DialogTitle>
        <DialogDescription>{t("reminders.unsubscriptions")}</DialogDescription>
        {data.isPending ? (
          <LoadingRows rows={2} />
        ) : data.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t("reminders.unableToDisplay")}. {errorText(data.error, t("reminders.genericFailure"))}
          </p>
        ) : (
          <div className="flex flex-col gap-3">
            {data.data.unsubscribeFromAllReports ? <p className="font-medium">{t("reminders.unsub.all")}</p> : null}
            {data.data.reportsUnsubscribedFrom.length === 0 && !data.data.unsubscribeFromAllReports ? (
              <p className="text-sm text-muted-foreground">{t("reminders.unsub.none")}</p>
            ) : data.data.reportsUnsubscribedFrom.length > 0 ? (
              <div className="overflow-x-auto">
                <Table>
                  <TableCaption className="sr-only">{t("reminders.unsub.caption")}</TableCaption>
                  <TableHeader>
                    <TableRow>
                      <TableHead scope="col">{t("reminders.col.report")}</TableHead>
                      <TableHead scope="col">{t("reminders.unsub.at")}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {data.data.reportsUnsubscribedFrom.map((r) => (
                      <TableRow key={r.reportId}>
                        <TableCell>{r.reportName}</TableCell>
                        <TableCell className="whitespace-nowrap">{r.unsubscribedAt}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            ) : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

export function StatisticsDialog({ group, managerId, managerName, onClose }: Props) {
  const { t } = useTranslation();
  const data = useQuery(trpc.reportReminders.managerStatistics.queryOptions({ group, managerId }));
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t("reminders.close")} className="max-w-2xl">
        <DialogTitle>{t("reminders.stats.title", { name: managerName })}</DialogTitle>
        <DialogDescription>{t("reminders.statistics")}</DialogDescription>
        {data.isPending ? (
          <LoadingRows rows={2} />
        ) : data.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t("reminders.unableToDisplay")}. {errorText(data.error, t("reminders.genericFailure"))}
          </p>
        ) : data.data.reportingReminderStatisticsDTOs.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("reminders.stats.none")}</p>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableCaption className="sr-only">{t("reminders.stats.caption")}</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">{t("reminders.col.report")}</TableHead>
                  <TableHead scope="col">{t("reminders.stats.sent")}</TableHead>
                  <TableHead scope="col">{t("reminders.stats.lastSent")}</TableHead>
                  <TableHead scope="col">{t("reminders.stats.previews")}</TableHead>
                  <TableHead scope="col">{t("reminders.stats.downloads")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.data.reportingReminderStatisticsDTOs.map((s) => (
                  <TableRow key={s.reminderId}>
                    <TableCell>{s.reportName}</TableCell>
                    <TableCell>{s.emailsSent}</TableCell>
                    <TableCell className="whitespace-nowrap">{s.lastSent ?? "–"}</TableCell>
                    <TableCell>{s.previewClicked}</TableCell>
                    <TableCell>{s.reportDownloaded}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
