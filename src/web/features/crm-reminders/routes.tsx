/**
 * The crm-reminders pages (issue 26), registered in src/web/router.tsx: `/crm/reminders`, the reminders
 * admin table (part 2 §2), for CRM agents and admins (src/server/pages.ts answers the page load). The
 * filters live in the URL (?userId&moveId&owner&status&dueFrom&dueTo&page); values the server would refuse
 * are dropped here.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";
import type { CrmRemindersSearch } from "./crm-reminders-page.tsx";

const CrmRemindersPage = lazyRouteComponent(() => import("./crm-reminders-page.tsx"), "CrmRemindersPage");
const texts = textsChunk(() => import("../../../domain/i18n/en-crm-reminders.ts").then((m) => m.enCrmReminders));

/** The statuses (src/domain/crm/reminders.ts CRM_REMINDER_STATUSES), written out so the route list stays small. */
const STATUSES = ["OPEN", "SENT", "DELETED"] as const;
const id = z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

const ZSearch = z.object({
  userId: id,
  moveId: id,
  owner: id,
  status: z.enum(STATUSES).optional().catch(undefined),
  dueFrom: day,
  dueTo: day,
  page: id,
});

const crmRemindersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/crm/reminders",
  validateSearch: ZSearch,
  component: withPages(function CrmRemindersRoute() {
    const { t } = useTranslation();
    const search = crmRemindersRoute.useSearch();
    const navigate = crmRemindersRoute.useNavigate();
    useDocumentTitle(t("crmReminders.title"));
    const onSearchChange = useCallback((next: CrmRemindersSearch) => void navigate({ search: next }), [navigate]);
    return (
      <RoleGate roles={["CRM", "ADMIN"]}>
        <CrmRemindersPage search={search} onSearchChange={onSearchChange} />
      </RoleGate>
    );
  }, CrmRemindersPage, texts),
});

export const crmRemindersRoutes = { public: [], app: [crmRemindersRoute] };
