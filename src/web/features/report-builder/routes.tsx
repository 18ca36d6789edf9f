/**
 * The report-builder pages (issue 26), registered in src/web/router.tsx, as src/server/pages.ts answers their loads
 * (the group's HR and admins):
 * - `/$group/reports/builder` (a new custom report) and `/$group/reports/builder/$reportId` (edit one);
 * - `/$group/reports/permissions`: the reporting table (enable/disable, names);
 * - `/$group/reports/fields`: the fields-edit page (field overrides).
 * dnd-kit and the texts load with these pages only (lazy chunks); each page sets its own document title.
 */
import { createRoute, lazyRouteComponent, type AsyncRouteComponent } from "@tanstack/react-router";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

const BuilderPage = lazyRouteComponent(() => import("./builder-page.tsx"), "BuilderPage");
const PermissionsPage = lazyRouteComponent(() => import("./permissions-page.tsx"), "PermissionsPage");
const FieldsPage = lazyRouteComponent(() => import("./fields-page.tsx"), "FieldsPage");
const texts = textsChunk(() => import("../../../domain/i18n/en-report-builder.ts").then((m) => m.enReportBuilder));

/** A positive id from the path, or null. */
function idOf(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

type Page = AsyncRouteComponent<{ group: string; reportId: number | null }>;

/** One page of the group's HR and admins (one factory keeps the entry chunk small). */
function pageRoute<P extends string>(path: P, Page: Page) {
  const route = createRoute({
    getParentRoute: () => appRoute,
    path,
    component: withPages(function ReportBuilderRoute() {
      const { group, reportId } = route.useParams() as { group: string; reportId?: string };
      return (
        <RoleGate roles={["HR", "ADMIN"]}>
          <Page key={`${group}:${reportId ?? ""}`} group={group} reportId={reportId === undefined ? null : (idOf(reportId) ?? 0)} />
        </RoleGate>
      );
    }, Page, texts),
  });
  return route;
}

export const reportBuilderRoutes = {
  public: [],
  app: [
    pageRoute("/$group/reports/builder", BuilderPage),
    pageRoute("/$group/reports/builder/$reportId", BuilderPage),
    pageRoute("/$group/reports/permissions", PermissionsPage),
    pageRoute("/$group/reports/fields", FieldsPage),
  ],
};
