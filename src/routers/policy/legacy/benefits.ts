import type { Context, Hono } from "hono";
import { AppError } from "../../../domain/errors.ts";
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
import { clientIp, errorMessageFailure, failureText, legacyRoute, legacyUser, logUnexpected, parseFields } from "../../../server/http.ts";
import { POLICY_ROLES } from "../../../services/policy/access.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";

/** Base of the policy-configuration calls (part 2 §7). */
export const POLICY_CONFIGURATION_BASE = "/api/v1/policy/configuration/";

/** The signed-in caller (terms accepted), else UNAUTHORIZED / FORBIDDEN. Roles and groups are checked by the services. */
function callerOf(c: Context<AppEnv>): Caller {
  return { user: legacyUser(c), ip: clientIp(c) };
}

/**
 * `work`'s answer; an unexpected error in it is logged and answered (500) with `text`, a text that
 * depends on the request, where the path's `failure` holds one text for all.
 */
async function unexpectedAs<T>(where: string, text: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError) throw error;
    logUnexpected(where, error);
    throw new AppError("INTERNAL", text);
  }
}

/** Who may call: policy writes (group setup, the popup) ADMIN; reads ADMIN and HR (POLICY_ROLES). */
const WRITE = POLICY_ROLES.write;
const READ = POLICY_ROLES.read;

/**
 * part 2 §7 policy configuration: policy group setup (benefits and metadata lines), the popup,
 * spend categories, override currencies and the employee's policy view. Each path parses with the
 * tRPC procedure's schema and calls the same service function; each is mounted at `path` and `path/`.
 */
export function mountLegacyPolicyBenefits(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  const base = (path: string) => `${POLICY_CONFIGURATION_BASE}${path}`;

  // ── policy group setup ───────────────────────────────────────────────────────────────────
  legacyRoute(app, {
    method: "GET",
    path: base("group/getServiceBenefitsWithMetadata"),
    roles: READ,
    input: ZGetServiceBenefitsRequest,
    run: async (c, { input }) => getServiceBenefitsWithMetadata(db, callerOf(c), input),
    failure: errorMessageFailure(policyMessages.loadingDataError),
  });
  legacyRoute(app, {
    method: "POST",
    path: base("group/addServiceBenefitOption"),
    roles: WRITE,
    input: ZAddBenefitOptionRequest,
    run: async (c, { input }) => addServiceBenefitOption(db, callerOf(c), input),
    failure: errorMessageFailure(policyMessages.optionAddFailed),
  });
  legacyRoute(app, {
    method: "POST",
    path: base("serviceBenefitMetadata"),
    roles: WRITE,
    input: ZSaveMetadataRequest,
    run: async (c, { input }) => saveServiceBenefitMetadata(db, callerOf(c), input),
    failure: errorMessageFailure(policyMessages.metadataUpdateFailed),
  });
  legacyRoute(app, {
    method: "POST",
    path: base("updateServiceBenefitMetadata"),
    roles: WRITE,
    input: ZUpdateMetadataRequest,
    run: async (c, { input }) => updateServiceBenefitMetadata(db, callerOf(c), input),
    failure: errorMessageFailure(policyMessages.metadataUpdateFailed),
  });
  legacyRoute(app, {
    method: "POST",
    path: base("deleteServiceBenefitMetadataOverride"),
    roles: WRITE,
    input: ZDeleteMetadataOverrideRequest,
    run: async (c, { input }) => deleteServiceBenefitMetadataOverride(db, callerOf(c), input),
    failure: errorMessageFailure(policyMessages.metadataUpdateFailed),
  });
  legacyRoute(app, {
    method: "POST",
    path: base("updateServiceBenefitOptionName"),
    roles: WRITE,
    input: ZRenameOptionRequest,
    run: async (c, { input }) => renameBenefitOptionName(db, callerOf(c), input),
    failure: errorMessageFailure(policyMessages.updateFailed),
  });
  legacyRoute(app, {
    method: "POST",
    path: base("updateBenefitsSetName"),
    roles: WRITE,
    input: ZRenameSetRequest,
    run: async (c, { input }) => renameBenefitSet(db, callerOf(c), input),
    failure: errorMessageFailure(policyMessages.updateFailed),
  });

  // ── popup ────────────────────────────────────────────────────────────────────────────────
  /** The version named by the path's `:id`. */
  const versionOfPath = (c: Context<AppEnv>) => parseFields(ZVersionRequest, { policyVersionId: c.req.param("id") }).policyVersionId;

  legacyRoute(app, {
    method: "POST",
    path: base("updatePopUpItem"),
    roles: WRITE,
    input: ZUpdatePopupItemRequest,
    run: async (c, { input }) => updatePopupText(db, callerOf(c), input),
    failure: errorMessageFailure(policyMessages.unableToUpdatePopup),
  });
  legacyRoute(app, {
    method: "POST",
    path: base("policies/versions/:id/popup"),
    roles: WRITE,
    run: async (c) => createPopup(db, callerOf(c), versionOfPath(c)),
    failure: errorMessageFailure(policyMessages.unableToCreatePopup),
  });
  legacyRoute(app, {
    method: "DELETE",
    path: base("policies/versions/:id/popup"),
    roles: WRITE,
    run: async (c) => deletePopup(db, callerOf(c), versionOfPath(c)),
    failure: errorMessageFailure(policyMessages.unableToDeletePopup),
  });
  legacyRoute(app, {
    method: "POST",
    path: "/policy/addServiceItem",
    roles: WRITE,
    input: ZPopupServiceRequest,
    run: async (c, { input }) => addPopupService(db, callerOf(c), input),
    failure: errorMessageFailure(policyMessages.unableToAddServiceToPopup),
  });
  legacyRoute(app, {
    method: "POST",
    path: "/policy/removePopUpService",
    roles: WRITE,
    input: ZPopupServiceRequest,
    run: async (c, { input }) => removePopupService(db, callerOf(c), input),
    failure: errorMessageFailure(policyMessages.unableToRemoveFromPopup),
  });
  legacyRoute(app, {
    method: "POST",
    path: "/policy/updatePopupOrder",
    roles: WRITE,
    input: ZPopupOrderRequest,
    run: async (c, { input }) => reorderPopup(db, callerOf(c), input),
    failure: errorMessageFailure(policyMessages.unableToReorderPopup),
  });
  // Switching the popup on creates it, off deletes it: an unexpected failure's text says which went
  // wrong (a request that cannot even be read: the unknown-error text).
  legacyRoute(app, {
    method: "POST",
    path: "/policy/updatePopupDisplay",
    roles: WRITE,
    input: ZPopupDisplayRequest,
    run: async (c, { input }) => {
      const text = input.displayed ? policyMessages.unableToCreatePopup : policyMessages.unableToDeletePopup;
      return unexpectedAs("/policy/updatePopupDisplay", text, setPopupDisplay(db, callerOf(c), input));
    },
    failure: errorMessageFailure(policyMessages.unknownError),
  });
  legacyRoute(app, {
    method: "POST",
    path: "/policy/updateDisplayRelocationAndOngoingBenefits",
    roles: WRITE,
    input: ZPopupDisplayRequest,
    run: async (c, { input }) => setDisplayRelocationAndOngoingBenefits(db, callerOf(c), input),
    failure: errorMessageFailure(policyMessages.unableToToggleCheckbox),
  });

  // ── catalogue and employee view ──────────────────────────────────────────────────────────
  // Spend categories: the signed-in caller's role is checked by the catalogue service.
  legacyRoute(app, {
    method: "GET",
    path: "/spendCategories/extended",
    run: async (c) => {
      assertSpendCategoryReader(callerOf(c).user);
      return spendCategoryTree(db);
    },
    failure: errorMessageFailure(policyMessages.loadingDataError),
  });
  legacyRoute(app, {
    method: "GET",
    path: "/hr/json/getPolicyOverrides/currencies",
    roles: READ,
    input: ZCurrenciesRequest,
    run: async (c, { input }) => ({ response: [await policyOverrideCurrencies(db, callerOf(c), input)] }),
    failure: (error) => ({ success: false, response: [], errorMessage: failureText(error, policyMessages.currenciesError) }),
  });
  legacyRoute(app, {
    method: "GET",
    path: "/admin/policy/getPolicyDetails",
    roles: EMPLOYEE_POLICY_VIEWERS,
    input: ZEmployeePolicyRequest,
    run: async (c, { input }) => employeePolicyView(db, callerOf(c).user, input),
    failure: (error) => ({
      success: false,
      moveStageSections: [],
      errorMessage: failureText(error, policyMessages.loadingDataError),
      message: null,
      policy: null,
    }),
  });
}
