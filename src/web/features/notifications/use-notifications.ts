import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { TNotification } from "../../../domain/identity/notifications/kinds.ts";
import { trpc } from "../../lib/trpc.ts";

/** How often the bell asks for the unread count (and again whenever the window regains focus). */
export const UNREAD_POLL_MS = 30_000;

/** Refreshes every notifications query (the count, the lists) after a change. */
export function useRefreshNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
}

/** Opening a notification: marks it read (when unread), then goes to its work. */
export function useOpenNotification() {
  const navigate = useNavigate();
  const refresh = useRefreshNotifications();
  const markRead = useMutation({ ...trpc.notifications.markRead.mutationOptions(), onSettled: () => void refresh() });
  return (n: TNotification) => {
    if (!n.read) markRead.mutate({ id: n.id });
    // Links are in-app paths written by the server (src/domain/identity/notifications/kinds.ts linkOf).
    void navigate({ href: n.link });
  };
}
