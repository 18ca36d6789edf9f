/**
 * The managers' notes on HR's move page (issue 24 §4): what each of the group's managers wrote on their dashboard
 * about this move (`dashboard.managerNotes`), shown apart from HR's own notes, which a manager's note never
 * changes. Read-only here: each manager edits their own on the dashboard or their move page.
 */
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";

type Ref = { group: string; employeeId: number; moveId: number };

export function ManagerNotesPanel(refs: Ref) {
  const { t } = useTranslation();
  const query = useQuery({ ...trpc.dashboard.managerNotes.queryOptions(refs), retry: false, refetchOnWindowFocus: false });
  return (
    <Card className="min-w-0" data-testid="panel-manager-notes">
      <section aria-labelledby="panel-manager-notes-title">
        <CardHeader>
          <CardTitle id="panel-manager-notes-title">{t("managerMoveNotes.title")}</CardTitle>
          <CardDescription>{t("managerMoveNotes.body")}</CardDescription>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <LoadingRows rows={2} />
          ) : query.isError ? (
            <ErrorState message={serverMessage(query.error) ?? t("managerMoveNotes.loadFailed")} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
          ) : query.data.notes.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("managerMoveNotes.none")}</p>
          ) : (
            <ul className="flex flex-col">
              {query.data.notes.map((n, i) => (
                <li key={i} className="flex flex-col gap-1 border-b border-border/60 py-2 text-sm last:border-0" data-testid="manager-note">
                  <span className="text-[13px] text-muted-foreground">{t("managerMoveNotes.by", { name: n.managerName, date: formatDateTime(n.updatedAt) })}</span>
                  <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">{n.notesText}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </section>
    </Card>
  );
}
