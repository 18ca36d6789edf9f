/**
 * Route of the HR employee table with the extend / end assignment actions (issue 15; part 1 §2, §4):
 * `/{group}/employees` for HR of the group, its managers and admins, as src/server/pages.ts answers the page load.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

const EmployeesPage = lazyRouteComponent(() => import("./employees-page.tsx"), "EmployeesPage");
const texts = textsChunk(() => import("../../../domain/i18n/en-assignments.ts").then((m) => m.enAssignments));

const employeesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/employees",
  component: withPages(function EmployeesRoute() {
    const { t } = useTranslation();
    const { group } = employeesRoute.useParams();
    useDocumentTitle(t("assignments.title"));
    return (
      <RoleGate roles={["HR", "MANAGER", "ADMIN"]}>
        <EmployeesPage key={group} group={group} />
      </RoleGate>
    );
  }, EmployeesPage, texts),
});

export const assignmentsRoutes = { public: [], app: [employeesRoute] };
