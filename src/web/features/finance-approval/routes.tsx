/**
 * Finance pages: Bill Approval (issue 16; part 2 §2 "Bill Approval", §4 Approval, §8), for FINANCE and
 * ADMIN: /finance/bill-approval?type&q&sort&page (the type filter, search, sort and page in the URL).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { APPROVAL_KINDS } from "../../../domain/finance/constants.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

const ApprovalPage = lazyRouteComponent(() => import("./approval-page.tsx"), "FinanceApprovalPage");
const texts = textsChunk(() => import("../../../domain/i18n/en-finance-approval.ts").then((m) => m.enFinanceApproval));
const SORTS = ["date-desc", "date-asc", "amount-desc", "amount-asc", "group-asc", "employee-asc", "type-asc"] as const;

const approvalRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/finance/bill-approval",
  validateSearch: z.object({
    type: z.enum(APPROVAL_KINDS).optional().catch(undefined),
    q: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1).max(100)).optional().catch(undefined),
    sort: z.enum(SORTS).optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  }),
  component: withPages(function FinanceApprovalRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("financeApproval.title"));
    const search = approvalRoute.useSearch();
    const navigate = approvalRoute.useNavigate();
    return (
      <RoleGate roles={["FINANCE", "ADMIN"]}>
        <ApprovalPage search={search} onSearch={(next) => void navigate({ search: next })} />
      </RoleGate>
    );
  }, ApprovalPage, texts),
});

export const financeApprovalRoutes = { public: [], app: [approvalRoute] };
