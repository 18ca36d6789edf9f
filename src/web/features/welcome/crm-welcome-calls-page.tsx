/**
 * The CRM list of requested welcome calls (issue 24 §3), until the CRM welcome-call workspace (part 2
 * §2 /welcomeCall/admin) replaces it: each request with the employee, client, requested slot (in the
 * employee's zone), phone, interests and state; "Book the call" books it and tells the employee.
 * A notification's link (`?request=`) highlights its request.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TWelcomeCallRow, WelcomeCallStatus } from "../../../domain/crm/welcome-calls.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { formatDate } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";

const FILTERS = ["all", "REQUESTED", "BOOKED"] as const;

function CallCard({ row, highlighted }: { row: TWelcomeCallRow; highlighted: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const book = useMutation({
    ...trpc.welcomeCalls.book.mutationOptions(),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: trpc.welcomeCalls.list.pathKey() }),
  });
  return (
    <li id={`welcome-call-${row.id}`}>
      <Card className={cn(highlighted && "ring-2 ring-primary")}>
        <CardContent className="flex flex-col gap-3 py-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h2 className="text-base font-semibold text-foreground [overflow-wrap:anywhere]">{row.employeeName}</h2>
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{row.employeeEmail}</p>
            </div>
            <Badge variant={row.status === "BOOKED" ? "success" : "warning"}>{t(`welcomeCalls.status.${row.status}`)}</Badge>
          </div>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm tablet:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">{t("welcomeCalls.slot")}</dt>
              <dd className="font-medium text-foreground">{row.slot}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("welcomeCalls.phone")}</dt>
              <dd className="text-foreground">{row.phone}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("welcomeCalls.group")}</dt>
              <dd className="text-foreground [overflow-wrap:anywhere]">{row.groupDisplayName}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("welcomeCalls.requestedOn")}</dt>
              <dd className="text-foreground">{formatDate(row.requestedAt.slice(0, 10))}</dd>
            </div>
            <div className="tablet:col-span-2">
              <dt className="text-muted-foreground">{t("welcomeCalls.interests")}</dt>
              <dd className="text-foreground [overflow-wrap:anywhere]">{row.interests.length > 0 ? row.interests.join(", ") : t("welcomeCalls.noInterests")}</dd>
            </div>
          </dl>
          {row.status === "REQUESTED" ? (
            <div className="flex flex-col items-start gap-2">
              <Button onClick={() => book.mutate({ id: row.id })} busy={book.isPending}>
                {t("welcomeCalls.book")}
              </Button>
              {book.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  {t("welcomeCalls.bookFailed", { reason: errorText(book.error, t("welcomeCalls.error")) })}
                </p>
              ) : null}
            </div>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}

export function CrmWelcomeCallsPage({ highlight }: { highlight?: number }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>("all");
  const status: WelcomeCallStatus | undefined = filter === "all" ? undefined : filter;
  const list = useQuery(trpc.welcomeCalls.list.queryOptions({ status }));
  useEffect(() => {
    if (highlight && list.data) document.getElementById(`welcome-call-${highlight}`)?.scrollIntoView({ block: "center" });
  }, [highlight, list.data]);
  return (
    <div className="mx-auto flex max-w-4xl flex-col">
      <PageHeader title={t("welcomeCalls.title")} description={t("welcomeCalls.intro")} />
      <div role="group" aria-label={t("welcomeCalls.filter")} className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Button key={f} variant={filter === f ? "default" : "outline"} size="sm" aria-pressed={filter === f} onClick={() => setFilter(f)}>
            {t(`welcomeCalls.filter.${f}`)}
          </Button>
        ))}
      </div>
      {list.isPending ? (
        <Card>
          <LoadingRows rows={3} />
        </Card>
      ) : list.isError ? (
        <Card>
          <ErrorState message={errorText(list.error, t("welcomeCalls.error"))} retryLabel={t("welcomeCalls.retry")} onRetry={() => void list.refetch()} />
        </Card>
      ) : list.data.rows.length === 0 ? (
        <Card>
          <EmptyState title={t("welcomeCalls.empty")} />
        </Card>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t("welcomeCalls.title")}>
          {list.data.rows.map((row) => (
            <CallCard key={row.id} row={row} highlighted={row.id === highlight} />
          ))}
        </ul>
      )}
    </div>
  );
}
