/**
 * Routes of the HR move page: `/{group}/employeefile/summaryView?employeeId=&moveId=` (the spec's
 * employee file summary) for HR of the group and admins, as src/server/pages.ts answers the page load.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { shippedTexts } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";
import { MOVE_FILE_TABS, type MoveFileTab } from "./tabs.ts";

// Each page is its own chunk (see route-base.tsx).
const MoveFilePage = lazyRouteComponent(() => import("./move-file-page.tsx"), "MoveFilePage");

/** A positive id from the URL ("?employeeId=12" arrives as a number, a hand-typed "12" as text). */
const urlId = () =>
  z
    .preprocess((v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v), z.number().int().positive().max(2_147_483_647))
    .optional()
    .catch(undefined);

const moveFileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/employeefile/summaryView",
  // `tab`: the open tab of the page (issue 24 §4), so a tab can be linked; an unknown one opens the first.
  validateSearch: z.object({ employeeId: urlId(), moveId: urlId(), tab: z.enum(MOVE_FILE_TABS).optional().catch(undefined) }),
  component: withPages(function MoveFileRoute() {
    const { t } = useTranslation();
    const { group } = moveFileRoute.useParams();
    const { employeeId, moveId, tab } = moveFileRoute.useSearch();
    const navigate = moveFileRoute.useNavigate();
    useDocumentTitle(t("moveFile.title"));
    return (
      <RoleGate roles={["HR", "ADMIN"]}>
        <MoveFilePage
          key={`${group}-${employeeId}-${moveId}`}
          group={group}
          employeeId={employeeId}
          moveId={moveId}
          tab={tab}
          onTabChange={(next: MoveFileTab) => void navigate({ search: (prev) => ({ ...prev, tab: next === "overview" ? undefined : next }), replace: true })}
        />
      </RoleGate>
    );
  }, MoveFilePage, shippedTexts),
});

export const moveFileRoutes = { public: [], app: [moveFileRoute] };
