/**
 * The reminders pages (issue 26), registered in src/web/router.tsx: `/$group/reporting/reminders` (HR of the
 * group, admins) and `/admin/reporting/reminders?group=` (admins: the group dropdown), as src/server/pages.ts
 * answers their loads; and the public `/unsubscribe/reporting?token=` page of the reminder e-mails.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, rootRoute, withPages } from "../../route-base.tsx";

const RemindersPage = lazyRouteComponent(() => import("./reminders-page.tsx"), "RemindersPage");
const UnsubscribePage = lazyRouteComponent(() => import("./unsubscribe-page.tsx"), "UnsubscribePage");
const texts = textsChunk(() => import("../../../domain/i18n/en-reminders.ts").then((m) => m.enReminders));

const adminRemindersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/reporting/reminders",
  validateSearch: z.object({ group: z.string().trim().regex(/^[a-z0-9][a-z0-9-]{0,63}$/).optional().catch(undefined) }),
  component: withPages(function AdminRemindersRoute() {
    const { t } = useTranslation();
    const { group } = adminRemindersRoute.useSearch();
    const navigate = adminRemindersRoute.useNavigate();
    useDocumentTitle(t("reminders.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <RemindersPage key={group ?? ""} group={group} onGroupChange={(next: string | undefined) => void navigate({ search: next ? { group: next } : {}, replace: true })} />
      </RoleGate>
    );
  }, RemindersPage, texts),
});

const groupRemindersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/reporting/reminders",
  component: withPages(function GroupRemindersRoute() {
    const { t } = useTranslation();
    const { group } = groupRemindersRoute.useParams();
    const navigate = groupRemindersRoute.useNavigate();
    useDocumentTitle(t("reminders.title"));
    return (
      <RoleGate roles={["HR", "ADMIN"]}>
        <RemindersPage
          key={group}
          group={group}
          onGroupChange={(next: string | undefined) => void (next ? navigate({ to: "/$group/reporting/reminders", params: { group: next } }) : navigate({ to: "/admin/reporting/reminders", search: {} }))}
        />
      </RoleGate>
    );
  }, RemindersPage, texts),
});

const unsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/unsubscribe/reporting",
  validateSearch: z.object({ token: z.string().max(512).optional().catch(undefined) }),
  component: withPages(function UnsubscribeRoute() {
    const { t } = useTranslation();
    const { token } = unsubscribeRoute.useSearch();
    useDocumentTitle(t("unsubscribe.title"));
    return <UnsubscribePage key={token ?? ""} token={token} />;
  }, UnsubscribePage, texts),
});

export const remindersRoutes = { public: [unsubscribeRoute], app: [adminRemindersRoute, groupRemindersRoute] };
