/**
 * Route of the bulk employee import (issue 15; part 1 §4; part 2 §2, §4): `/{group}/bulk-import` for HR
 * of the group and admins, as src/server/pages.ts answers the page load.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

const BulkImportPage = lazyRouteComponent(() => import("./bulk-import-page.tsx"), "BulkImportPage");
const texts = textsChunk(() => import("../../../domain/i18n/en-bulk.ts").then((m) => m.enBulk));

const bulkImportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/bulk-import",
  component: withPages(function BulkImportRoute() {
    const { t } = useTranslation();
    const { group } = bulkImportRoute.useParams();
    useDocumentTitle(t("bulk.title"));
    return (
      <RoleGate roles={["HR", "ADMIN"]}>
        <BulkImportPage key={group} group={group} />
      </RoleGate>
    );
  }, BulkImportPage, texts),
});

export const bulkRoutes = { public: [], app: [bulkImportRoute] };
