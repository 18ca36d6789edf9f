/**
 * The welcome call on HR's move page (issue 24 §3): the call the employee requested from their home,
 * its slot (in the employee's zone), phone, interests and state, or that none is requested yet.
 */
import { useQuery } from "@tanstack/react-query";
import { PhoneCall } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

export function WelcomeRequestPanel({ group, moveId }: { group: string; employeeId: number; moveId: number }) {
  const { t } = useTranslation();
  const query = useQuery({ ...trpc.welcomeCalls.forMove.queryOptions({ group, moveId }), retry: false });
  const request = query.data?.request ?? null;
  return (
    <Card data-testid="panel-welcome-call">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <PhoneCall className="size-5 text-primary" aria-hidden="true" />
          {t("welcomeCalls.panel.title")}
        </CardTitle>
        {request ? <Badge variant={request.status === "BOOKED" ? "success" : "warning"}>{t(`welcomeCalls.status.${request.status}`)}</Badge> : null}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingRows rows={2} className="p-0" />
        ) : query.isError ? (
          <ErrorState message={errorText(query.error, t("welcomeCalls.error"))} retryLabel={t("welcomeCalls.retry")} onRetry={() => void query.refetch()} className="py-4" />
        ) : !request ? (
          <p className="text-sm text-muted-foreground">{t("welcomeCalls.panel.none")}</p>
        ) : (
          <dl className="grid grid-cols-1 gap-y-2 text-sm">
            <div>
              <dt className="text-muted-foreground">{t("welcomeCalls.slot")}</dt>
              <dd className="font-medium text-foreground">{request.slot}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("welcomeCalls.phone")}</dt>
              <dd className="text-foreground">{request.phone}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("welcomeCalls.interests")}</dt>
              <dd className="text-foreground [overflow-wrap:anywhere]">{request.interests.length > 0 ? request.interests.join(", ") : t("welcomeCalls.noInterests")}</dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
