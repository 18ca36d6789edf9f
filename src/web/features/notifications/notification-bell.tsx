/**
 * The bell in the frame's header (issue 24 §3): every signed-in user's unread count, polled every 30 s
 * and refetched when the window regains focus; opening it lists the newest notifications, each opening
 * its work (and marked read), with "Mark all as read" and the way to the full list.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Bell } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "../../components/ui/dropdown-menu.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";
import { notificationText } from "./notification-text.ts";
import { notificationTexts } from "./texts.ts";
import { UNREAD_POLL_MS, useOpenNotification, useRefreshNotifications } from "./use-notifications.ts";

const BELL_ROWS = 6;

export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const texts = useQuery({ queryKey: ["texts", "notifications"], queryFn: () => notificationTexts.preload().then(() => true), staleTime: Infinity });
  const count = useQuery({
    ...trpc.notifications.unreadCount.queryOptions(undefined, { refetchInterval: UNREAD_POLL_MS, refetchOnWindowFocus: true, staleTime: 5_000 }),
    // A background poll: when the session has ended, the shell's 60 s session check shows the inactivity
    // alert (part 2 §8); this poll must not send the page to sign-in before it.
    meta: { sessionCheck: true },
  });
  const list = useQuery({ ...trpc.notifications.list.queryOptions({ limit: BELL_ROWS }), enabled: open, staleTime: 0 });
  const refresh = useRefreshNotifications();
  const openOne = useOpenNotification();
  const markAll = useMutation({ ...trpc.notifications.markAllRead.mutationOptions(), onSettled: () => void refresh() });
  if (!texts.data) return null;
  const unread = count.data?.unread ?? 0;
  const label = unread > 0 ? t("notifications.bellUnread", { count: unread }) : t("notifications.bell");
  return (
    // Not modal: the page behind stays readable by assistive technology (no aria-hidden frame), Escape still closes.
    <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={label} data-testid="notification-bell">
          <Bell aria-hidden="true" />
          {unread > 0 ? (
            <span aria-hidden="true" className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold leading-5 text-white">
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-[min(22rem,calc(100vw-1.5rem))]">
        <DropdownMenuLabel className="font-semibold">{t("notifications.title")}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {list.isPending ? (
          <DropdownMenuItem disabled>{t("notifications.loading")}</DropdownMenuItem>
        ) : list.isError ? (
          <DropdownMenuItem disabled className="text-destructive">
            {t("notifications.error")}
          </DropdownMenuItem>
        ) : list.data.rows.length === 0 ? (
          <DropdownMenuItem disabled>{t("notifications.empty")}</DropdownMenuItem>
        ) : (
          list.data.rows.map((n) => (
            <DropdownMenuItem key={n.id} className="flex flex-col items-start gap-0.5 whitespace-normal" onSelect={() => openOne(n)}>
              <span className={cn("flex w-full items-start gap-2 text-sm [overflow-wrap:anywhere]", !n.read && "font-semibold")}>
                {!n.read ? <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" /> : null}
                <span>
                  {!n.read ? <span className="sr-only">{t("notifications.unread")}: </span> : null}
                  {notificationText(t, n)}
                </span>
              </span>
              <span className="text-xs text-muted-foreground">{formatDateTime(n.createdAt)}</span>
            </DropdownMenuItem>
          ))
        )}
        {unread > 0 ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              onSelect={(event) => {
                event.preventDefault();
                markAll.mutate();
              }}
            >
              {t("notifications.markAllRead")}
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/notifications">{t("notifications.seeAll")}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/notifications/settings">{t("notifications.settingsLink")}</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
