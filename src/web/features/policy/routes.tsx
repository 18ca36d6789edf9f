/**
 * Routes of the policy feature (part 2 §2 "Policy configuration"): `app` routes hang on appRoute
 * (inside the signed-in shell); router.tsx composes them. Every page gets typed search params
 * (zod, invalid values dropped) and a role gate matching the server's page rules (src/server/pages.ts);
 * the API checks roles and groups again on every call.
 */
import { createRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { NotFoundPage } from "../../components/status-pages.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { appRoute, RoleGate } from "../../route-base.tsx";
import { EmployeePolicyPage } from "./employee-policy-page.tsx";
import { GroupSetupPage } from "./group-setup-page.tsx";
import { PolicyConfirmPage } from "./policy-confirm-page.tsx";
import { PolicyDetailsPage } from "./policy-details-page.tsx";
import { PolicyListPage } from "./policy-list-page.tsx";
import { PolicySearchPage, type PolicySearchParams } from "./policy-search-page.tsx";
import { PolicySetupPage } from "./policy-setup-page.tsx";
import { PopupEditorPage } from "./popup-editor-page.tsx";
import { ServiceAttributesPage } from "./service-attributes-page.tsx";
import { SpendCategoriesPage } from "./spend-categories-page.tsx";

// ── search param pieces ─────────────────────────────────────────────────────────────────────
/** A positive id from the URL ("?policyId=12" arrives as a number, a hand-typed "12" as text). */
const ZUrlId = z.preprocess((v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v), z.number().int().positive().max(2_147_483_647));
const urlId = () => ZUrlId.optional().catch(undefined);
/** true/false from the URL (`editDraft=true` arrives as a boolean, "true" as text). */
const urlFlag = () =>
  z
    .preprocess((v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v), z.boolean())
    .optional()
    .catch(undefined);
const urlGroup = () => z.string().trim().min(1).max(64).optional().catch(undefined);
const urlText = () => z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(200)).optional().catch(undefined);

// ── /policy/search?group=&q= ────────────────────────────────────────────────────────────────
const policySearchRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/policy/search",
  validateSearch: z.object({ group: urlGroup(), q: urlText() }),
  component: function PolicySearchRoute() {
    const { t } = useTranslation();
    const search = policySearchRoute.useSearch();
    const navigate = policySearchRoute.useNavigate();
    useDocumentTitle(t("policy.search.title"));
    const onSearchChange = useCallback(
      (next: PolicySearchParams, options?: { replace?: boolean }) => void navigate({ search: next, replace: options?.replace ?? false }),
      [navigate],
    );
    return (
      <RoleGate roles={["ADMIN", "HR"]}>
        <PolicySearchPage search={search} onSearchChange={onSearchChange} />
      </RoleGate>
    );
  },
});

// ── /policy/list?group=&tag= ────────────────────────────────────────────────────────────────
const policyListRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/policy/list",
  validateSearch: z.object({ group: urlGroup(), tag: urlId() }),
  component: function PolicyListRoute() {
    const { t } = useTranslation();
    const search = policyListRoute.useSearch();
    const navigate = policyListRoute.useNavigate();
    useDocumentTitle(t("policy.list.title"));
    const onSearchChange = useCallback((next: { group?: string; tag?: number }) => void navigate({ search: next, replace: true }), [navigate]);
    return (
      <RoleGate roles={["ADMIN", "HR"]}>
        <PolicyListPage group={search.group} tag={search.tag} onSearchChange={onSearchChange} />
      </RoleGate>
    );
  },
});

// ── /policy/setup?policyId=&editDraft= (&group= to preselect a new policy's group) ─────────
const policySetupRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/policy/setup",
  validateSearch: z.object({ policyId: urlId(), editDraft: urlFlag(), group: urlGroup() }),
  component: function PolicySetupRoute() {
    const { t } = useTranslation();
    const { policyId, editDraft, group } = policySetupRoute.useSearch();
    useDocumentTitle(t(policyId ? "policy.setup.titleEdit" : "policy.setup.titleNew"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <PolicySetupPage key={policyId ?? "new"} policyId={policyId} editDraft={editDraft ?? true} group={group} />
      </RoleGate>
    );
  },
});

// ── /policy/details?policyId=&editDraft= (C2) ───────────────────────────────────────────────
const policyDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/policy/details",
  validateSearch: z.object({ policyId: urlId(), editDraft: urlFlag() }),
  component: function PolicyDetailsRoute() {
    const { t } = useTranslation();
    const { policyId, editDraft } = policyDetailsRoute.useSearch();
    useDocumentTitle(t("policyConfig.details.title"));
    // HR reads its own group's policies here (read-only; the server checks the group).
    return <RoleGate roles={["ADMIN", "HR"]}>{policyId ? <PolicyDetailsPage key={policyId} policyId={policyId} editDraft={editDraft ?? false} /> : <NotFoundPage />}</RoleGate>;
  },
});

// ── /policy/details/next?policyId=&editDraft= (C2: popup editor) ────────────────────────────
const popupEditorRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/policy/details/next",
  validateSearch: z.object({ policyId: urlId(), editDraft: urlFlag() }),
  component: function PopupEditorRoute() {
    const { t } = useTranslation();
    const { policyId, editDraft } = popupEditorRoute.useSearch();
    useDocumentTitle(t("policyConfig.popup.title"));
    return <RoleGate roles={["ADMIN"]}>{policyId ? <PopupEditorPage key={policyId} policyId={policyId} editDraft={editDraft ?? false} /> : <NotFoundPage />}</RoleGate>;
  },
});

// ── /policy/confirm?policyId=&versionId= ────────────────────────────────────────────────────
const policyConfirmRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/policy/confirm",
  validateSearch: z.object({ policyId: urlId(), versionId: urlId() }),
  component: function PolicyConfirmRoute() {
    const { t } = useTranslation();
    const { policyId, versionId } = policyConfirmRoute.useSearch();
    useDocumentTitle(t("policy.confirm.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        {policyId ? <PolicyConfirmPage key={`${policyId}-${versionId ?? ""}`} policyId={policyId} versionId={versionId} /> : <NotFoundPage />}
      </RoleGate>
    );
  },
});

// ── /admin/policy/group-setup?group= (C2) ───────────────────────────────────────────────────
const groupSetupRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/policy/group-setup",
  validateSearch: z.object({ group: urlGroup() }),
  component: function GroupSetupRoute() {
    const { t } = useTranslation();
    const { group } = groupSetupRoute.useSearch();
    const navigate = groupSetupRoute.useNavigate();
    useDocumentTitle(t("nav.policyGroupSetup"));
    const onGroupChange = useCallback((next: string | undefined) => void navigate({ search: { group: next }, replace: true }), [navigate]);
    return (
      <RoleGate roles={["ADMIN"]}>
        <GroupSetupPage group={group} onGroupChange={onGroupChange} />
      </RoleGate>
    );
  },
});

// ── /admin/policy/spend-categories (C2) ─────────────────────────────────────────────────────
const spendCategoriesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/policy/spend-categories",
  component: function SpendCategoriesRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("policyConfig.spend.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <SpendCategoriesPage />
      </RoleGate>
    );
  },
});

// ── /admin/policy/service-attributes (C2) ───────────────────────────────────────────────────
const serviceAttributesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/policy/service-attributes",
  component: function ServiceAttributesRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("policyConfig.attributesPage.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <ServiceAttributesPage />
      </RoleGate>
    );
  },
});

// ── /admin/policy/view?employeeId=&moveId= ──────────────────────────────────────────────────
const employeePolicyRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/policy/view",
  validateSearch: z.object({ employeeId: urlId(), moveId: urlId() }),
  component: function EmployeePolicyRoute() {
    const { t } = useTranslation();
    const { employeeId, moveId } = employeePolicyRoute.useSearch();
    useDocumentTitle(t("policy.view.title"));
    return (
      <RoleGate roles={["ADMIN", "HR", "CRM"]}>
        <EmployeePolicyPage key={`${employeeId ?? ""}-${moveId ?? ""}`} employeeId={employeeId} moveId={moveId} />
      </RoleGate>
    );
  },
});

export const policyRoutes = {
  public: [],
  app: [
    policySearchRoute,
    policyListRoute,
    policySetupRoute,
    policyDetailsRoute,
    popupEditorRoute,
    policyConfirmRoute,
    groupSetupRoute,
    spendCategoriesRoute,
    serviceAttributesRoute,
    employeePolicyRoute,
  ],
} as const;
