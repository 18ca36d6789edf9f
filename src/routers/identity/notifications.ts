import {
  ZMarkAllReadResponse,
  ZMarkReadRequest,
  ZMarkReadResponse,
  ZNotificationListRequest,
  ZNotificationListResponse,
  ZNotificationPreferences,
  ZSetPreferenceRequest,
  ZUnreadCountResponse,
} from "../../domain/identity/notifications/kinds.ts";
import { listNotifications, markAllRead, markRead, notificationPreferences, setNotificationPreference, unreadCount } from "../../services/identity/notifications/notify.ts";
import { authedProcedure, router, sync } from "../../trpc.ts";

/**
 * Notifications (issue 24 §3 "People are told"): every signed-in user's own notifications, their
 * unread count for the bell, marking read, and the e-mail choice per kind. Queries only read; marking
 * read and choosing are mutations. Every call is scoped to the caller's own user: another user's
 * notification answers NOT_FOUND.
 */
export const notificationsRouter = router({
  /** The bell: the caller's unread count. */
  unreadCount: authedProcedure
    .output(sync(ZUnreadCountResponse))
    .query(async ({ ctx }) => ({ unread: await unreadCount(ctx.db, ctx.user) })),

  /** The caller's notifications, newest first, a page at a time. */
  list: authedProcedure
    .input(sync(ZNotificationListRequest))
    .output(sync(ZNotificationListResponse))
    .query(({ ctx, input }) => listNotifications(ctx.db, ctx.user, input)),

  /** Marks one of the caller's notifications read. */
  markRead: authedProcedure
    .input(sync(ZMarkReadRequest))
    .output(sync(ZMarkReadResponse))
    .mutation(({ ctx, input }) => markRead(ctx.db, ctx.user, input.id)),

  /** Marks all the caller's notifications read. */
  markAllRead: authedProcedure
    .output(sync(ZMarkAllReadResponse))
    .mutation(({ ctx }) => markAllRead(ctx.db, ctx.user)),

  /** The caller's e-mail choice per kind. */
  preferences: authedProcedure
    .output(sync(ZNotificationPreferences))
    .query(({ ctx }) => notificationPreferences(ctx.db, ctx.user)),

  /** Turns e-mail for one kind on or off. */
  setPreference: authedProcedure
    .input(sync(ZSetPreferenceRequest))
    .output(sync(ZNotificationPreferences))
    .mutation(({ ctx, input }) => setNotificationPreference(ctx.db, ctx.user, input)),
});
