/**
 * Routes of the policy feature (part 2 §2 "Policy configuration"): `app` routes hang on appRoute
 * (inside the signed-in shell); router.tsx composes them. Every page gets typed search params
 * (zod, invalid values dropped) and a role gate matching the server's page rules (src/server/pages.ts);
 * the API checks roles and groups again on every call.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { NotFoundPage } from "../../components/status-pages.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { shippedTexts } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";
import type { PolicySearchParams } from "./policy-search-page.tsx";

// Each page is its own chunk (see route-base.tsx).
const EmployeePolicyPage = lazyRouteComponent(() => import("./employee-policy-page.tsx"), "EmployeePolicyPage");
const GroupSetupPage = lazyRouteComponent(() => import("./group-setup-page.tsx"), "GroupSetupPage");
const PolicyConfirmPage = lazyRouteComponent(() => import("./policy-confirm-page.tsx"), "PolicyConfirmPage");
const PolicyDetailsPage = lazyRouteComponent(() => import("./policy-details-page.tsx"), "PolicyDetailsPage");
const PolicyListPage = lazyRouteComponent(() => import("./policy-list-page.tsx"), "PolicyListPage");
const PolicySearchPage = lazyRouteComponent(() => import("./policy-search-page.tsx"), "PolicySearchPage");
const PolicySetupPage = lazyRouteComponent(() => import("./policy-setup-page.tsx"), "PolicySetupPage");
const PopupEditorPage = lazyRouteComponent(() => import("./popup-editor-page.tsx"), "PopupEditorPage");
const ServiceAttributesPage = lazyRouteComponent(() => import("./service-attributes-page.tsx"), "ServiceAttributesPage");
const SpendCategoriesPage = lazyRouteComponent(() => import("./spend-categories-page.tsx"), "SpendCategoriesPage");

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
  component: withPages(function PolicySearchRoute() {
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
  }, PolicySearchPage, shippedTexts),
});

// ── /policy/list?group=&tag= ────────────────────────────────────────────────────────────────
const policyListRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/policy/list",
  validateSearch: z.object({ group: urlGroup(), tag: urlId() }),
  component: withPages(function PolicyListRoute() {
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
  }, PolicyListPage, shippedTexts),
});

// ── /policy/setup?policyId=&editDraft= (&group= to preselect a new policy's group) ─────────
const policySetupRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/policy/setup",
  // released=N: the version just released on the confirm page (the page says so).
  validateSearch: z.object({ policyId: urlId(), editDraft: urlFlag(), group: urlGroup(), released: urlId() }),
  component: withPages(function PolicySetupRoute() {
    const { t } = useTranslation();
    const { policyId, editDraft, group, released } = policySetupRoute.useSearch();
    useDocumentTitle(t(policyId ? "policy.setup.titleEdit" : "policy.setup.titleNew"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <PolicySetupPage key={policyId ?? "new"} policyId={policyId} editDraft={editDraft ?? true} group={group} released={released} />
      </RoleGate>
    );
  }, PolicySetupPage, shippedTexts),
});

// ── /policy/details?policyId=&editDraft= (C2) ───────────────────────────────────────────────
const policyDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/policy/details",
  validateSearch: z.object({ policyId: urlId(), editDraft: urlFlag() }),
  component: withPages(function PolicyDetailsRoute() {
    const { t } = useTranslation();
    const { policyId, editDraft } = policyDetailsRoute.useSearch();
    useDocumentTitle(t("policyConfig.details.title"));
    // HR reads its own group's policies here (read-only; the server checks the group).
    return <RoleGate roles={["ADMIN", "HR"]}>{policyId ? <PolicyDetailsPage key={policyId} policyId={policyId} editDraft={editDraft ?? false} /> : <NotFoundPage />}</RoleGate>;
  }, PolicyDetailsPage, shippedTexts),
});

// ── /policy/details/next?policyId=&editDraft= (C2: popup editor) ────────────────────────────
const popupEditorRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/policy/details/next",
  validateSearch: z.object({ policyId: urlId(), editDraft: urlFlag() }),
  component: withPages(function PopupEditorRoute() {
    const { t } = useTranslation();
    const { policyId, editDraft } = popupEditorRoute.useSearch();
    useDocumentTitle(t("policyConfig.popup.title"));
    return <RoleGate roles={["ADMIN"]}>{policyId ? <PopupEditorPage key={policyId} policyId={policyId} editDraft={editDraft ?? false} /> : <NotFoundPage />}</RoleGate>;
  }, PopupEditorPage, shippedTexts),
});

// ── /policy/confirm?policyId=&versionId= ────────────────────────────────────────────────────
const policyConfirmRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/policy/confirm",
  validateSearch: z.object({ policyId: urlId(), versionId: urlId() }),
  component: withPages(function PolicyConfirmRoute() {
    const { t } = useTranslation();
    const { policyId, versionId } = policyConfirmRoute.useSearch();
    useDocumentTitle(t("policy.confirm.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        {policyId ? <PolicyConfirmPage key={`${policyId}-${versionId ?? ""}`} policyId={policyId} versionId={versionId} /> : <NotFoundPage />}
      </RoleGate>
    );
  }, PolicyConfirmPage, shippedTexts),
});

// ── /admin/policy/group-setup?group= (C2) ───────────────────────────────────────────────────
const groupSetupRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/policy/group-setup",
  validateSearch: z.object({ group: urlGroup() }),
  component: withPages(function GroupSetupRoute() {
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
  }, GroupSetupPage, shippedTexts),
});

// ── /admin/policy/spend-categories (C2) ─────────────────────────────────────────────────────
const spendCategoriesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/policy/spend-categories",
  component: withPages(function SpendCategoriesRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("policyConfig.spend.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <SpendCategoriesPage />
      </RoleGate>
    );
  }, SpendCategoriesPage, shippedTexts),
});

// ── /admin/policy/service-attributes (C2) ───────────────────────────────────────────────────
const serviceAttributesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/policy/service-attributes",
  component: withPages(function ServiceAttributesRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("policyConfig.attributesPage.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <ServiceAttributesPage />
      </RoleGate>
    );
  }, ServiceAttributesPage, shippedTexts),
});

// ── /admin/policy/view?employeeId=&moveId= ──────────────────────────────────────────────────
const employeePolicyRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/policy/view",
  validateSearch: z.object({ employeeId: urlId(), moveId: urlId() }),
  component: withPages(function EmployeePolicyRoute() {
    const { t } = useTranslation();
    const { employeeId, moveId } = employeePolicyRoute.useSearch();
    useDocumentTitle(t("policy.view.title"));
    return (
      <RoleGate roles={["ADMIN", "HR", "CRM"]}>
        <EmployeePolicyPage key={`${employeeId ?? ""}-${moveId ?? ""}`} employeeId={employeeId} moveId={moveId} />
      </RoleGate>
    );
  }, EmployeePolicyPage, shippedTexts),
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
