/**
 * /movehub — the employee's move hub (part 1 §2 "Move hub task list"; §4 states; §5 texts; §9 touch):
 * sections (move stages) with their tasks, drag ordering within and across sections (dnd-kit: mouse,
 * touch with a 500 ms long press on the handle, keyboard: Space on the handle, arrows, Space), the done
 * checkbox, due dates, the overdue badge, filters All / Open / Overdue / Done, add / edit / delete of
 * tasks (one at a time, discard confirmation, leave warning) and the message form to the consultant.
 * HR of the move's group and admins open it with ?moveId=.
 *
 * This module loads the hub (prepared on the first visit); the hub itself is move-hub.tsx, a section
 * with its tasks section-card.tsx, the task form task-form.tsx, the message form message-form.tsx.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { ListTodo } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { TMoveHubView } from "../../../domain/employee/movehub/schemas.ts";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { MoveHub } from "./move-hub.tsx";

export function MoveHubPage({ moveId }: { moveId?: number }) {
  const user = useSignedInUser();
  // HR and admins have no hub of their own: they open an employee's from the move page (?moveId=).
  if (moveId === undefined && user.role !== "EMPLOYEE") return <NoMoveChosen />;
  return <MoveHubView moveId={moveId} />;
}

function NoMoveChosen() {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader title={t("movehub.title")} />
      <Card>
        <EmptyState icon={ListTodo} title={t("movehub.noMoveChosen")} description={t("movehub.noMoveChosenBody")} className="py-16" />
      </Card>
    </div>
  );
}

function MoveHubView({ moveId }: { moveId?: number }) {
  const { t, i18n } = useTranslation();
  const input = moveId === undefined ? {} : { moveId };
  const viewOptions = trpc.movehub.view.queryOptions(input);
  const query = useQuery({ ...viewOptions, refetchOnWindowFocus: false });
  const setHub = (hub: TMoveHubView) => queryClient.setQueryData(viewOptions.queryKey, hub);

  const prepare = useMutation(trpc.movehub.prepare.mutationOptions({ onSuccess: setHub }));
  const prepared = useRef(false);
  useEffect(() => {
    if (query.data && !query.data.prepared && !prepared.current) {
      prepared.current = true;
      prepare.mutate(input);
    }
  });

  const hub = query.data;
  if (query.isPending || (hub && !hub.prepared && !prepare.isError)) {
    return (
      <div>
        <PageHeader title={t("movehub.title")} />
        <Card>
          <CardContent className="py-6">
            <p className="sr-only" role="status">
              {hub ? t("movehub.preparing") : t("movehub.loading")}
            </p>
            <LoadingRows rows={5} />
          </CardContent>
        </Card>
      </div>
    );
  }
  if (query.isError || prepare.isError || !hub) {
    const error = query.error ?? prepare.error;
    const notFound = (error as { data?: { code?: string } } | null)?.data?.code === "NOT_FOUND";
    return (
      <div>
        <PageHeader title={t("movehub.title")} />
        <Card>
          {notFound ? (
            <EmptyState icon={ListTodo} title={t("movehub.noMove")} className="py-16" />
          ) : (
            <ErrorState message={serverMessage(error) ?? t("movehub.error.generic")} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
          )}
        </Card>
      </div>
    );
  }
  return <MoveHub hub={hub} setHub={setHub} lang={i18n.language} />;
}
