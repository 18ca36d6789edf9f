/**
 * Routes of notifications (issue 24 §3): `/notifications` (the list) and `/notifications/settings` (the
 * e-mail choice per kind), for every signed-in user (src/server/pages.ts answers their page loads).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { appRoute, withPages } from "../../route-base.tsx";
import { notificationTexts } from "./texts.ts";

// Each page is its own chunk (see route-base.tsx); its texts travel with it.
const NotificationsPage = lazyRouteComponent(() => import("./notifications-page.tsx"), "NotificationsPage");
const NotificationSettingsPage = lazyRouteComponent(() => import("./notification-settings.tsx"), "NotificationSettingsPage");

const notificationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/notifications",
  component: withPages(function NotificationsRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("notifications.title"));
    return <NotificationsPage />;
  }, NotificationsPage, notificationTexts),
});

const notificationSettingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/notifications/settings",
  component: withPages(function NotificationSettingsRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("notifications.settings.title"));
    return <NotificationSettingsPage />;
  }, NotificationSettingsPage, notificationTexts),
});

export const notificationRoutes = { public: [], app: [notificationsRoute, notificationSettingsRoute] };
