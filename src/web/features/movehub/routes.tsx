/**
 * Route of the move hub: `/movehub` — the employee's own move; HR of the move's group and admins open
 * a move's hub with `?moveId=` (src/server/pages.ts answers the page load for the same roles).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

// Each page is its own chunk (see route-base.tsx); its texts travel with it.
const MoveHubPage = lazyRouteComponent(() => import("./move-hub-page.tsx"), "MoveHubPage");
const moveHubTexts = textsChunk(() => import("../../../domain/i18n/en-movehub.ts").then((m) => m.enMoveHub));

/** A positive id from the URL ("?moveId=12" arrives as a number, a hand-typed "12" as text). */
const urlId = z
  .preprocess((v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v), z.number().int().positive().max(2_147_483_647))
  .optional()
  .catch(undefined);

const moveHubRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/movehub",
  validateSearch: z.object({ moveId: urlId }),
  component: withPages(function MoveHubRoute() {
    const { t } = useTranslation();
    const { moveId } = moveHubRoute.useSearch();
    useDocumentTitle(t("movehub.title"));
    return (
      <RoleGate roles={["EMPLOYEE", "HR", "ADMIN"]}>
        <MoveHubPage key={moveId ?? "own"} moveId={moveId} />
      </RoleGate>
    );
  }, MoveHubPage, moveHubTexts),
});

export const moveHubRoutes = { public: [], app: [moveHubRoute] };
