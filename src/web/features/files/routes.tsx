/**
 * Routes of the employee files pages (issue 14): the HR employee files page
 * `/{group}/employeefile/files?employeeId=` (HR of the group and admins) and the employee's own
 * `/files` ("My files"), as src/server/pages.ts answers the page loads.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

// Each page is its own chunk (see route-base.tsx); its texts travel with it.
const FilesPage = lazyRouteComponent(() => import("./files-page.tsx"), "FilesPage");
const filesTexts = textsChunk(() => import("../../../domain/i18n/en-files.ts").then((m) => m.enFiles));

/** A positive id from the URL ("?employeeId=12" arrives as a number, a hand-typed "12" as text). */
const urlId = z
  .preprocess((v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v), z.number().int().positive().max(2_147_483_647))
  .optional()
  .catch(undefined);

const hrFilesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/employeefile/files",
  validateSearch: z.object({ employeeId: urlId }),
  component: withPages(function HrFilesRoute() {
    const { t } = useTranslation();
    const { group } = hrFilesRoute.useParams();
    const { employeeId } = hrFilesRoute.useSearch();
    useDocumentTitle(t("files.title"));
    return (
      <RoleGate roles={["HR", "ADMIN"]}>
        <FilesPage key={`${group}-${employeeId}`} mode="hr" group={group} employeeId={employeeId} />
      </RoleGate>
    );
  }, FilesPage, filesTexts),
});

const myFilesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/files",
  component: withPages(function MyFilesRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("files.myTitle"));
    return (
      <RoleGate roles={["EMPLOYEE"]}>
        <FilesPage mode="mine" />
      </RoleGate>
    );
  }, FilesPage, filesTexts),
});

export const filesRoutes = { public: [], app: [hrFilesRoute, myFilesRoute] };
