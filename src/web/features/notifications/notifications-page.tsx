/**
 * The notifications list (issue 24 §3): the caller's own, newest first, unread marked; opening one
 * marks it read and goes to its work; "Mark all as read"; older ones a page at a time.
 */
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { BellOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";
import { notificationText } from "./notification-text.ts";
import { useOpenNotification, useRefreshNotifications } from "./use-notifications.ts";

export function NotificationsPage() {
  const { t } = useTranslation();
  const list = useInfiniteQuery(trpc.notifications.list.infiniteQueryOptions({ limit: 20 }, { getNextPageParam: (last) => last.nextCursor ?? undefined }));
  const refresh = useRefreshNotifications();
  const openOne = useOpenNotification();
  const markRead = useMutation({ ...trpc.notifications.markRead.mutationOptions(), onSettled: () => void refresh() });
  const markAll = useMutation({ ...trpc.notifications.markAllRead.mutationOptions(), onSettled: () => void refresh() });
  const pages = list.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.rows);
  const unread = pages[0]?.unread ?? 0;
  return (
    <div className="mx-auto flex max-w-3xl flex-col">
      <PageHeader
        title={t("notifications.title")}
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/notifications/settings">{t("notifications.settingsLink")}</Link>
            </Button>
            {unread > 0 ? (
              <Button onClick={() => markAll.mutate()} busy={markAll.isPending}>
                {t("notifications.markAllRead")}
              </Button>
            ) : null}
          </>
        }
        className="flex-wrap"
      />
      <Card>
        {list.isPending ? (
          <LoadingRows rows={4} />
        ) : list.isError ? (
          <ErrorState message={t("notifications.error")} retryLabel={t("notifications.retry")} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState icon={BellOff} title={t("notifications.empty")} />
        ) : (
          <ul className="divide-y divide-border" aria-label={t("notifications.title")}>
            {rows.map((n) => (
              <li key={n.id} className={cn("flex flex-col gap-2 px-4 py-3 tablet:flex-row tablet:items-center tablet:justify-between", !n.read && "bg-primary-soft/40")}>
                <div className="flex min-w-0 flex-col gap-0.5">
                  <a
                    href={n.link}
                    onClick={(e) => {
                      e.preventDefault();
                      openOne(n);
                    }}
                    className={cn("text-sm text-foreground underline-offset-4 hover:underline focus-visible:underline [overflow-wrap:anywhere]", !n.read && "font-semibold")}
                  >
                    {!n.read ? <span className="sr-only">{t("notifications.unread")}: </span> : null}
                    {notificationText(t, n)}
                  </a>
                  <span className="text-xs text-muted-foreground">{formatDateTime(n.createdAt)}</span>
                </div>
                {!n.read ? (
                  <Button variant="ghost" size="sm" className="self-start tablet:self-auto" onClick={() => markRead.mutate({ id: n.id })}>
                    {t("notifications.markRead")}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {list.hasNextPage ? (
        <Button variant="outline" className="mt-4 self-center" onClick={() => void list.fetchNextPage()} busy={list.isFetchingNextPage}>
          {t("notifications.more")}
        </Button>
      ) : null}
    </div>
  );
}
