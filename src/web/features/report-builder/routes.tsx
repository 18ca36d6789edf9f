/**
 * The report-builder pages (issue 26), registered in src/web/router.tsx, as src/server/pages.ts answers their loads
 * (the group's HR and admins):
 * - `/$group/reports/builder` (a new custom report) and `/$group/reports/builder/$reportId` (edit one);
 * - `/$group/reports/permissions`: the reporting table (enable/disable, names);
 * - `/$group/reports/fields`: the fields-edit page (field overrides).
 * dnd-kit and the texts load with these pages only (lazy chunks).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTexts } from "./use-texts.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

const BuilderPage = lazyRouteComponent(() => import("./builder-page.tsx"), "BuilderPage");
const PermissionsPage = lazyRouteComponent(() => import("./permissions-page.tsx"), "PermissionsPage");
const FieldsPage = lazyRouteComponent(() => import("./fields-page.tsx"), "FieldsPage");
const texts = textsChunk(() => import("../../../domain/i18n/en-report-builder.ts").then((m) => m.enReportBuilder));

/** A positive id from the path, or null. */
function idOf(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

const ROLES = ["HR", "ADMIN"] as const;

const newRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/reports/builder",
  component: withPages(function NewReportRoute() {
    const { t } = useTexts();
    const { group } = newRoute.useParams();
    useDocumentTitle(t("reportBuilder.title"));
    return (
      <RoleGate roles={[...ROLES]}>
        <BuilderPage key={group} group={group} reportId={null} />
      </RoleGate>
    );
  }, BuilderPage, texts),
});

const editRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/reports/builder/$reportId",
  component: withPages(function EditReportRoute() {
    const { t } = useTexts();
    const { group, reportId } = editRoute.useParams();
    useDocumentTitle(t("reportBuilder.editTitle"));
    const id = idOf(reportId);
    return (
      <RoleGate roles={[...ROLES]}>
        <BuilderPage key={`${group}:${reportId}`} group={group} reportId={id ?? 0} />
      </RoleGate>
    );
  }, BuilderPage, texts),
});

const permissionsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/reports/permissions",
  component: withPages(function PermissionsRoute() {
    const { t } = useTexts();
    const { group } = permissionsRoute.useParams();
    useDocumentTitle(t("reportPermissions.title"));
    return (
      <RoleGate roles={[...ROLES]}>
        <PermissionsPage key={group} group={group} />
      </RoleGate>
    );
  }, PermissionsPage, texts),
});

const fieldsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/reports/fields",
  component: withPages(function FieldsRoute() {
    const { t } = useTexts();
    const { group } = fieldsRoute.useParams();
    useDocumentTitle(t("reportFields.title"));
    return (
      <RoleGate roles={[...ROLES]}>
        <FieldsPage key={group} group={group} />
      </RoleGate>
    );
  }, FieldsPage, texts),
});

export const reportBuilderRoutes = { public: [], app: [newRoute, editRoute, permissionsRoute, fieldsRoute] };
