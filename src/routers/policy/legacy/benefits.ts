import type { Context, Hono } from "hono";
import { AppError, publicError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import {
  ZAddBenefitOptionRequest,
  ZCurrenciesRequest,
  ZDeleteMetadataOverrideRequest,
  ZEmployeePolicyRequest,
  ZGetServiceBenefitsRequest,
  ZPopupDisplayRequest,
  ZPopupOrderRequest,
  ZPopupServiceRequest,
  ZRenameOptionRequest,
  ZRenameSetRequest,
  ZSaveMetadataRequest,
  ZUpdateMetadataRequest,
  ZUpdatePopupItemRequest,
  ZVersionRequest,
} from "../../../domain/policy/benefit-schemas.ts";
import { policyMessages } from "../../../domain/policy/messages.ts";
import {
  addServiceBenefitOption,
  deleteServiceBenefitMetadataOverride,
  getServiceBenefitsWithMetadata,
  renameBenefitOptionName,
  renameBenefitSet,
  saveServiceBenefitMetadata,
  updateServiceBenefitMetadata,
  type Caller,
} from "../../../services/policy/benefits.ts";
import { assertSpendCategoryReader, policyOverrideCurrencies, spendCategoryTree } from "../../../services/policy/catalogue.ts";
import { EMPLOYEE_POLICY_VIEWERS, employeePolicyView } from "../../../services/policy/employee-view.ts";
import {
  addPopupService,
  createPopup,
  deletePopup,
  removePopupService,
  reorderPopup,
  setDisplayRelocationAndOngoingBenefits,
  setPopupDisplay,
  updatePopupText,
} from "../../../services/policy/popup.ts";
import { clientIp, httpStatusOf, logUnexpected, parseFields, readFields, legacyUser, legacyUserWithRole } from "../../../server/http.ts";
import type { Role } from "../../../domain/roles.ts";
import { POLICY_ROLES } from "../../../services/policy/access.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";

/** Base of the policy-configuration calls (part 2 §7). */
export const POLICY_CONFIGURATION_BASE = "/api/v1/policy/configuration/";

/** The signed-in caller (terms accepted), else UNAUTHORIZED / FORBIDDEN. Roles and groups are checked by the services. */
function callerOf(c: Context<AppEnv>): Caller {
  return { user: legacyUser(c), ip: clientIp(c) };
}

/**
 * The failure text of a call: an AppError's own text (the spec's validation texts, access and
 * not-found texts); anything unexpected is logged and answered with the call's §8 text.
 */
function failureOf(where: string, error: unknown, fallback: string) {
  logUnexpected(where, error);
  const pub = publicError(error);
  const errorMessage = error instanceof AppError ? pub.message : fallback;
  return { status: httpStatusOf(error), errorMessage, fields: pub.fields };
}

type Method = "get" | "post" | "delete";
type Failure = (f: { errorMessage: string; fields?: Record<string, string> }) => object;
const defaultFailure: Failure = (f) => ({ success: false, errorMessage: f.errorMessage, ...(f.fields ? { fields: f.fields } : {}) });
/** Who may call: policy writes (group setup, the popup) ADMIN; reads ADMIN and HR (POLICY_ROLES). */
const WRITE = POLICY_ROLES.write;
const READ = POLICY_ROLES.read;
type Run = (c: Context<AppEnv>, caller: Caller) => Promise<unknown>;

/**
 * part 2 §7 policy configuration: policy group setup (benefits and metadata lines), the popup,
 * spend categories, override currencies and the employee's policy view. Each handler parses with
 * the tRPC procedure's schema and calls the same service function.
 */
export function mountLegacyPolicyBenefits(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;

  /** Mounts `path` (and `path/`); failures answer `{success: false, errorMessage}` unless `failure` shapes them. */
  const serve = (
    method: Method,
    path: string,
    fallback: string | ((c: Context<AppEnv>) => Promise<string>),
    run: Run,
    failureOrRoles?: Failure | readonly Role[],
    rolesAfterFailure?: readonly Role[],
  ) => {
    const failure: Failure = typeof failureOrRoles === "function" ? failureOrRoles : defaultFailure;
    // Role first (issue 23 item 13): checked before the request is read.
    const roles = Array.isArray(failureOrRoles) ? (failureOrRoles as readonly Role[]) : rolesAfterFailure;
    const handler = async (c: Context<AppEnv>) => {
      try {
        if (roles) legacyUserWithRole(c, roles);
        return c.json(await run(c, callerOf(c)) as object);
      } catch (error) {
        const text = typeof fallback === "string" ? fallback : await fallback(c).catch(() => policyMessages.unknownError);
        const f = failureOf(path, error, text);
        return c.json(failure(f), f.status);
      }
    };
    for (const p of [path, `${path}/`]) app.on(method.toUpperCase(), p, handler);
  };
  const base = (path: string) => `${POLICY_CONFIGURATION_BASE}${path}`;
  const fields = readFields;

  // ── policy group setup ───────────────────────────────────────────────────────────────────
  serve("get", base("group/getServiceBenefitsWithMetadata"), policyMessages.loadingDataError, async (c, caller) =>
    getServiceBenefitsWithMetadata(db, caller, parseFields(ZGetServiceBenefitsRequest, await fields(c))), READ);
  serve("post", base("group/addServiceBenefitOption"), policyMessages.optionAddFailed, async (c, caller) =>
    addServiceBenefitOption(db, caller, parseFields(ZAddBenefitOptionRequest, await fields(c))), WRITE);
  serve("post", base("serviceBenefitMetadata"), policyMessages.metadataUpdateFailed, async (c, caller) =>
    saveServiceBenefitMetadata(db, caller, parseFields(ZSaveMetadataRequest, await fields(c))), WRITE);
  serve("post", base("updateServiceBenefitMetadata"), policyMessages.metadataUpdateFailed, async (c, caller) =>
    updateServiceBenefitMetadata(db, caller, parseFields(ZUpdateMetadataRequest, await fields(c))), WRITE);
  serve("post", base("deleteServiceBenefitMetadataOverride"), policyMessages.metadataUpdateFailed, async (c, caller) =>
    deleteServiceBenefitMetadataOverride(db, caller, parseFields(ZDeleteMetadataOverrideRequest, await fields(c))), WRITE);
  serve("post", base("updateServiceBenefitOptionName"), policyMessages.updateFailed, async (c, caller) =>
    renameBenefitOptionName(db, caller, parseFields(ZRenameOptionRequest, await fields(c))), WRITE);
  serve("post", base("updateBenefitsSetName"), policyMessages.updateFailed, async (c, caller) =>
    renameBenefitSet(db, caller, parseFields(ZRenameSetRequest, await fields(c))), WRITE);

  // ── popup ────────────────────────────────────────────────────────────────────────────────
  serve("post", base("updatePopUpItem"), policyMessages.unableToUpdatePopup, async (c, caller) =>
    updatePopupText(db, caller, parseFields(ZUpdatePopupItemRequest, await fields(c))), WRITE);
  serve("post", base("policies/versions/:id/popup"), policyMessages.unableToCreatePopup, async (c, caller) =>
    createPopup(db, caller, parseFields(ZVersionRequest, { policyVersionId: c.req.param("id") }).policyVersionId), WRITE);
  serve("delete", base("policies/versions/:id/popup"), policyMessages.unableToDeletePopup, async (c, caller) =>
    deletePopup(db, caller, parseFields(ZVersionRequest, { policyVersionId: c.req.param("id") }).policyVersionId), WRITE);
  serve("post", "/policy/addServiceItem", policyMessages.unableToAddServiceToPopup, async (c, caller) =>
    addPopupService(db, caller, parseFields(ZPopupServiceRequest, await fields(c))), WRITE);
  serve("post", "/policy/removePopUpService", policyMessages.unableToRemoveFromPopup, async (c, caller) =>
    removePopupService(db, caller, parseFields(ZPopupServiceRequest, await fields(c))), WRITE);
  serve("post", "/policy/updatePopupOrder", policyMessages.unableToReorderPopup, async (c, caller) =>
    reorderPopup(db, caller, parseFields(ZPopupOrderRequest, await fields(c))), WRITE);
  // Switching the popup on creates it, off deletes it: the failure text says which went wrong.
  serve(
    "post",
    "/policy/updatePopupDisplay",
    async (c) => {
      const f = await fields(c);
      const on = ZPopupDisplayRequest.shape.displayed.safeParse(f.displayed);
      return on.success && !on.data ? policyMessages.unableToDeletePopup : policyMessages.unableToCreatePopup;
    },
    async (c, caller) => setPopupDisplay(db, caller, parseFields(ZPopupDisplayRequest, await fields(c))), WRITE);
  serve("post", "/policy/updateDisplayRelocationAndOngoingBenefits", policyMessages.unableToToggleCheckbox, async (c, caller) =>
    setDisplayRelocationAndOngoingBenefits(db, caller, parseFields(ZPopupDisplayRequest, await fields(c))), WRITE);

  // ── catalogue and employee view ──────────────────────────────────────────────────────────
  serve(
    "get",
    "/spendCategories/extended",
    policyMessages.loadingDataError,
    async (_c, caller) => {
      assertSpendCategoryReader(caller.user);
      return spendCategoryTree(db);
    },
  );
  serve(
    "get",
    "/hr/json/getPolicyOverrides/currencies",
    policyMessages.currenciesError,
    async (c, caller) => ({ response: [await policyOverrideCurrencies(db, caller, parseFields(ZCurrenciesRequest, await fields(c)))] }),
    (f) => ({ success: false, response: [], errorMessage: f.errorMessage }), READ);
  serve(
    "get",
    "/admin/policy/getPolicyDetails",
    policyMessages.loadingDataError,
    async (c, caller) => employeePolicyView(db, caller.user, parseFields(ZEmployeePolicyRequest, await fields(c))),
    (f) => ({ success: false, moveStageSections: [], errorMessage: f.errorMessage, message: null, policy: null }), EMPLOYEE_POLICY_VIEWERS);
}
