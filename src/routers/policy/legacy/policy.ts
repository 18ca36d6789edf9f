import type { Context, Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../../domain/errors.ts";
import { policyMessages } from "../../../domain/policy/messages.ts";
import {
  ZBudgetFields,
  ZBudgetGroupFields,
  ZBudgetGroupNumber,
  ZCloneFields,
  ZCompleteFields,
  ZCopyStageRequest,
  ZCreatePolicyFields,
  ZDetailsRequest,
  ZDropdownsRequest,
  ZId,
  ZLegacyCreatePolicyRequest,
  ZLegacyPoliciesQuery,
  ZLegacySetupRequest,
  ZMoveStage,
  ZRemoveServiceFields,
  ZSearchPoliciesRequest,
  ZServiceKey,
  ZServicePatch,
} from "../../../domain/policy/schemas.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { clientIp, errorMessageFailure, failureText, legacyRoute, legacyUser, parseFields, readFields, readFormBody } from "../../../server/http.ts";
import { assertPolicyRole, POLICY_ROLES, policyForCaller, versionForCaller, type PolicyAccess } from "../../../services/policy/access.ts";
import { addBudget, deleteBudget, updateBudget, updateBudgetGroup } from "../../../services/policy/budgets.ts";
import { assertVersionOfPolicy, type PolicyActor } from "../../../services/policy/common.ts";
import {
  createPolicy,
  policyDropdowns,
  resolveGroup,
  searchPolicies,
  updateCostEstimatePackage,
  updatePolicySetting,
} from "../../../services/policy/policies.ts";
import { budgetGroupForCaller, rateRows, ratesWorkbook, uploadRates, XLSX_TYPE } from "../../../services/policy/rates.ts";
import { addStageService, assignBudgetGroup, copyMoveStage, removeStageService } from "../../../services/policy/services-stage.ts";
import { updateStageService } from "../../../services/policy/services-update.ts";
import { serviceProperties, versionDetails } from "../../../services/policy/services.ts";
import { clonePolicy, completeVersion, createDraftVersion, deleteDraftVersion, validateVersionById } from "../../../services/policy/versions.ts";

/** Relative policy-configuration calls live under this base (DESIGN.md "Legacy paths"). */
export const POLICY_BASE = "/api/v1/policy/configuration";

type C = Context<AppEnv>;

function actorOf(c: C): PolicyActor {
  return { user: legacyUser(c), ip: clientIp(c) };
}

/** Query fields merged with the body's (the body wins); a form's list fields may come as JSON or comma-separated text. */
async function fieldsOf(c: C): Promise<Record<string, unknown>> {
  const query = c.req.query();
  if (c.req.method === "GET" || c.req.method === "HEAD") return query;
  return { ...query, ...(await readFields(c)) };
}

/** Path parameters parsed like fields: a bad id or stage is the schema's message, 400. */
function param<S extends z.ZodType>(c: C, name: string, schema: S): z.infer<S> {
  return parseFields(z.object({ [name]: schema }), { [name]: c.req.param(name) })[name] as z.infer<S>;
}

/** Setup saves answer `{success: false, message}`; anything unexpected is "Update failed - there was an error.". */
function setupFailure(error: unknown) {
  return { success: false, message: failureText(error, policyMessages.setupSaveFailed) };
}

/** A rates upload that fails answers the upload failure text with the reason, and no rows. */
function ratesUploadFailure(error: unknown) {
  const detail = failureText(error, policyMessages.errorUploadingRates);
  return { success: false, message: `${policyMessages.fileUploadFailure} ${detail}`, errorMessage: detail, rows: [] };
}

/** Lists sent by a form: JSON text or comma-separated values. */
function listField(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const t = v.trim();
  if (t.startsWith("[")) {
    try {
      return JSON.parse(t);
    } catch {
      return v;
    }
  }
  return t === "" ? [] : t.split(",").map((s) => s.trim());
}

const policyIdPath = ":policyId{[0-9]+}";

/**
 * Documented policy-configuration paths (part 2 §7); see ./policy.openapi.ts. Each is mounted at its
 * bare path only. Paths without `roles` check the caller first (callerFor, through policyOf or
 * versionOfPath: signed in, then the role the access needs), before the path's ids are read; the
 * policy and version access helpers check the group.
 */
export function mountLegacyPolicy(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  const B = POLICY_BASE;

  /** The signed-in caller, with the role the access needs, before anything of the request is read (role first). */
  const callerFor = (c: C, access: PolicyAccess) => {
    const user = legacyUser(c);
    assertPolicyRole(user, access);
    return user;
  };

  const policyOf = (c: C, access: PolicyAccess) => {
    const user = callerFor(c, access);
    return policyForCaller(db, user, param(c, "policyId", ZId), access);
  };

  /** The version named by the path (`versionParam`) of the policy named by `:policyId`. */
  const versionOfPath = async (c: C, access: PolicyAccess, versionParam: string) => {
    const user = callerFor(c, access);
    const policyId = param(c, "policyId", ZId);
    const version = await versionForCaller(db, user, param(c, versionParam, ZId), access);
    assertVersionOfPolicy(version, policyId);
    return version;
  };

  // ── policies and dropdowns ────────────────────────────────────────────────────────────────
  legacyRoute(app, {
    method: "GET",
    path: `${B}/policies`,
    trailingSlash: false,
    roles: POLICY_ROLES.read,
    run: async (c) => {
      const fields = await fieldsOf(c);
      const { groupId } = parseFields(ZLegacyPoliciesQuery, fields);
      const filters = parseFields(ZSearchPoliciesRequest.omit({ group: true }), fields);
      const group = await resolveGroup(db, groupId);
      return searchPolicies(db, legacyUser(c), group.id, filters);
    },
    failure: errorMessageFailure(policyMessages.loadingDataError),
  });

  legacyRoute(app, {
    method: "GET",
    path: `${B}/dropdowns`,
    trailingSlash: false,
    roles: POLICY_ROLES.read,
    run: async (c) => policyDropdowns(db, legacyUser(c), parseFields(ZDropdownsRequest, await fieldsOf(c))),
    failure: errorMessageFailure(policyMessages.loadingDataError),
  });

  // ── setup ────────────────────────────────────────────────────────────────────────────────
  /** A setup save: policy writers only, failures in the setup shape. */
  const setupRoute = (method: "PUT" | "POST", path: string, run: (c: C, actor: PolicyActor) => Promise<unknown>) =>
    legacyRoute(app, {
      method,
      path,
      trailingSlash: false,
      roles: POLICY_ROLES.write,
      run: async (c) => run(c, actorOf(c)),
      failure: setupFailure,
    });

  setupRoute("POST", "/policy/setup/create", async (c, actor) => {
    const fields = parseFields(ZLegacyCreatePolicyRequest, await fieldsOf(c));
    const ref = fields.group ?? fields.groupId;
    if (!ref) throw new AppError("VALIDATION", policyMessages.cloneGroupRequired, { group: policyMessages.cloneGroupRequired });
    const group = await resolveGroup(db, ref);
    const input = parseFields(ZCreatePolicyFields, fields);
    return createPolicy(db, actor, group.id, input);
  });

  for (const path of ["/policy/setup/:name", "/policy/old/setup/:name"]) {
    setupRoute("POST", path, async (c, actor) => {
      const { id, value } = parseFields(ZLegacySetupRequest, await fieldsOf(c));
      const policy = await policyForCaller(db, actor.user, id, "write");
      return updatePolicySetting(db, actor, policy, c.req.param("name") ?? "", value);
    });
  }

  setupRoute("PUT", `${B}/setup/${policyIdPath}/costEstimatePackage/:pkg/excludeCompensation/:exclude`, async (c, actor) => {
    const policy = await policyForCaller(db, actor.user, param(c, "policyId", ZId), "write");
    return updateCostEstimatePackage(db, actor, policy, c.req.param("pkg") ?? "", c.req.param("exclude") ?? "");
  });

  // An empty value (clearing a setting) leaves the last segment off.
  for (const path of [`${B}/setup/${policyIdPath}/:setting/:value`, `${B}/setup/${policyIdPath}/:setting`]) {
    for (const method of ["PUT", "POST"] as const) {
      setupRoute(method, path, async (c, actor) => {
        const policy = await policyForCaller(db, actor.user, param(c, "policyId", ZId), "write");
        return updatePolicySetting(db, actor, policy, c.req.param("setting") ?? "", c.req.param("value") ?? "");
      });
    }
  }

  // ── versions ─────────────────────────────────────────────────────────────────────────────
  legacyRoute(app, {
    method: "POST",
    path: `${B}/${policyIdPath}/versions`,
    trailingSlash: false,
    run: async (c) => {
      const policy = await policyOf(c, "write");
      return createDraftVersion(db, actorOf(c), policy);
    },
    failure: errorMessageFailure(policyMessages.versioningFailed),
  });

  legacyRoute(app, {
    method: "POST",
    path: `${B}/${policyIdPath}/clone`,
    trailingSlash: false,
    run: async (c) => {
      const policy = await policyOf(c, "write");
      const input = parseFields(ZCloneFields, await fieldsOf(c));
      return clonePolicy(db, actorOf(c), policy, input);
    },
    failure: errorMessageFailure(policyMessages.versioningFailed),
  });

  legacyRoute(app, {
    method: "DELETE",
    path: `${B}/policies/versions/:id`,
    trailingSlash: false,
    run: async (c) => deleteDraftVersion(db, actorOf(c), param(c, "id", ZId)),
    failure: errorMessageFailure(policyMessages.errorDeletingDraft),
  });

  legacyRoute(app, {
    method: "POST",
    path: "/policy/versions/:versionId/complete",
    trailingSlash: false,
    run: async (c) => {
      const actor = actorOf(c);
      const version = await versionForCaller(db, actor.user, param(c, "versionId", ZId), "write");
      const { ignoreMandatory } = parseFields(ZCompleteFields, await fieldsOf(c));
      return completeVersion(db, actor, version, ignoreMandatory);
    },
    failure: errorMessageFailure(policyMessages.errorValidatingPolicy),
  });

  legacyRoute(app, {
    method: "GET",
    path: `${B}/versions/:version/validation`,
    trailingSlash: false,
    run: async (c) => {
      const version = await versionForCaller(db, legacyUser(c), param(c, "version", ZId), "read");
      return validateVersionById(db, version);
    },
    failure: errorMessageFailure(policyMessages.errorValidatingPolicy),
  });

  legacyRoute(app, {
    method: "GET",
    path: `${B}/versions/:version/details`,
    trailingSlash: false,
    run: async (c) => {
      const user = legacyUser(c);
      const version = await versionForCaller(db, user, param(c, "version", ZId), "read");
      const { moveStageId } = parseFields(ZDetailsRequest, await fieldsOf(c));
      return versionDetails(db, version, moveStageId, user);
    },
    failure: errorMessageFailure(policyMessages.errorLoadingPageData),
  });

  legacyRoute(app, {
    method: "GET",
    path: `${B}/service-properties`,
    trailingSlash: false,
    roles: POLICY_ROLES.read,
    run: async (c) => {
      const { policyId } = parseFields(z.object({ policyId: ZId }), await fieldsOf(c));
      const user = legacyUser(c);
      const policy = await policyForCaller(db, user, policyId, "read");
      return serviceProperties(db, user, policy);
    },
    failure: errorMessageFailure(policyMessages.errorLoadingServiceProperties),
  });

  // ── move-stage services ──────────────────────────────────────────────────────────────────
  const servicePath = `${B}/${policyIdPath}/versions/:v/movestages/:stage/services/:serviceName`;
  const serviceRef = (c: C) => ({ stage: param(c, "stage", ZMoveStage), serviceKey: param(c, "serviceName", ZServiceKey) });

  legacyRoute(app, {
    method: "PUT",
    path: servicePath,
    trailingSlash: false,
    run: async (c) => {
      const version = await versionOfPath(c, "write", "v");
      const { stage, serviceKey } = serviceRef(c);
      return addStageService(db, actorOf(c), version, stage, serviceKey);
    },
    failure: errorMessageFailure(policyMessages.errorAddingService),
  });

  legacyRoute(app, {
    method: "DELETE",
    path: servicePath,
    trailingSlash: false,
    run: async (c) => {
      const version = await versionOfPath(c, "write", "v");
      const { stage, serviceKey } = serviceRef(c);
      const { budgetGroupId } = parseFields(ZRemoveServiceFields, await fieldsOf(c));
      return removeStageService(db, actorOf(c), version, stage, serviceKey, budgetGroupId);
    },
    failure: errorMessageFailure(policyMessages.errorRemovingService),
  });

  legacyRoute(app, {
    method: "PATCH",
    path: servicePath,
    trailingSlash: false,
    run: async (c) => {
      const version = await versionOfPath(c, "write", "v");
      const { stage, serviceKey } = serviceRef(c);
      const fields = await fieldsOf(c);
      if ("propertiesToDelete" in fields) fields.propertiesToDelete = listField(fields.propertiesToDelete);
      if (typeof fields.benefitGroups === "string") fields.benefitGroups = listField(fields.benefitGroups);
      if (typeof fields.attributes === "string") {
        try {
          fields.attributes = JSON.parse(fields.attributes);
        } catch {
          throw new AppError("VALIDATION", policyMessages.errorUpdatingService, { attributes: policyMessages.errorUpdatingService });
        }
      }
      const patch = parseFields(ZServicePatch, fields);
      return updateStageService(db, actorOf(c), version, stage, serviceKey, patch);
    },
    failure: errorMessageFailure(policyMessages.errorUpdatingService),
  });

  legacyRoute(app, {
    method: "PUT",
    path: `${servicePath}/budget-groups/:id`,
    trailingSlash: false,
    run: async (c) => {
      const version = await versionOfPath(c, "write", "v");
      const { stage, serviceKey } = serviceRef(c);
      const group = param(c, "id", ZBudgetGroupNumber);
      return assignBudgetGroup(db, actorOf(c), version, stage, serviceKey, group);
    },
    failure: errorMessageFailure(policyMessages.errorUpdatingService),
  });

  legacyRoute(app, {
    method: "POST",
    path: `${B}/${policyIdPath}/versions/:versionId/movestages/copy`,
    trailingSlash: false,
    run: async (c) => {
      const version = await versionOfPath(c, "write", "versionId");
      const { moveStageIdFrom, moveStageIdTo } = parseFields(ZCopyStageRequest, await fieldsOf(c));
      return copyMoveStage(db, actorOf(c), version, moveStageIdFrom, moveStageIdTo);
    },
    failure: errorMessageFailure(policyMessages.errorUpdatingService),
  });

  // ── budgets (the policy's draft) ─────────────────────────────────────────────────────────
  const groupPath = `${B}/${policyIdPath}/movestages/:stage/budget-groups/:group`;
  const groupRef = (c: C) => ({ stage: param(c, "stage", ZMoveStage), group: param(c, "group", ZBudgetGroupNumber) });

  legacyRoute(app, {
    method: "POST",
    path: `${groupPath}/budgets`,
    trailingSlash: false,
    run: async (c) => {
      const policy = await policyOf(c, "write");
      const { stage, group } = groupRef(c);
      const fields = parseFields(ZBudgetFields, await fieldsOf(c));
      return addBudget(db, actorOf(c), policy, stage, group, fields);
    },
    failure: errorMessageFailure(policyMessages.errorAddingBudget),
  });

  legacyRoute(app, {
    method: "PATCH",
    path: `${groupPath}/budgets/:budgetId`,
    trailingSlash: false,
    run: async (c) => {
      const policy = await policyOf(c, "write");
      const { stage, group } = groupRef(c);
      const fields = parseFields(ZBudgetFields, await fieldsOf(c));
      return updateBudget(db, actorOf(c), policy, stage, group, param(c, "budgetId", ZId), fields);
    },
    failure: errorMessageFailure(policyMessages.errorUpdatingBudget),
  });

  legacyRoute(app, {
    method: "DELETE",
    path: `${groupPath}/budgets/:budgetId`,
    trailingSlash: false,
    run: async (c) => {
      const policy = await policyOf(c, "write");
      const { stage, group } = groupRef(c);
      return deleteBudget(db, actorOf(c), policy, stage, group, param(c, "budgetId", ZId));
    },
    failure: errorMessageFailure(policyMessages.errorDeletingBudget),
  });

  legacyRoute(app, {
    method: "PATCH",
    path: groupPath,
    trailingSlash: false,
    run: async (c) => {
      const policy = await policyOf(c, "write");
      const { stage, group } = groupRef(c);
      const fields = parseFields(ZBudgetGroupFields, await fieldsOf(c));
      return updateBudgetGroup(db, actorOf(c), policy, stage, group, fields);
    },
    failure: errorMessageFailure(policyMessages.errorUpdatingBudget),
  });

  // ── rates ────────────────────────────────────────────────────────────────────────────────
  legacyRoute(app, {
    method: "GET",
    path: `${B}/rates/budget-groups/popup/:id`,
    trailingSlash: false,
    run: async (c) => {
      const { group } = await budgetGroupForCaller(db, legacyUser(c), param(c, "id", ZId), "read");
      return { success: true, rows: await rateRows(db, group.id) };
    },
    failure: errorMessageFailure(policyMessages.cannotLoadBudgetData),
  });

  // The workbook is sent as a download.
  legacyRoute(app, {
    method: "GET",
    path: `${B}/rates/budget-groups/:id`,
    trailingSlash: false,
    run: async (c) => {
      const { group } = await budgetGroupForCaller(db, legacyUser(c), param(c, "id", ZId), "read");
      const bytes = await ratesWorkbook(db, group.id);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": XLSX_TYPE,
        "Content-Disposition": `attachment; filename="rates-budget-group-${group.id}.xlsx"`,
        "Cache-Control": "no-store",
      });
    },
    failure: errorMessageFailure(policyMessages.cannotLoadBudgetData),
  });

  // A multipart upload (the file and policyId); rows that fail the sheet's rules answer 400 with the upload's result.
  legacyRoute(app, {
    method: "POST",
    path: `${B}/rates/budget-groups/:id`,
    trailingSlash: false,
    run: async (c) => {
      const actor = actorOf(c);
      const { group, version } = await budgetGroupForCaller(db, actor.user, param(c, "id", ZId), "write");
      const type = c.req.header("content-type") ?? "";
      if (!type.includes("multipart/form-data")) throw new AppError("VALIDATION", policyMessages.chooseFileFirst, { file: policyMessages.chooseFileFirst });
      const body = await readFormBody(c);
      const { policyId } = parseFields(z.object({ policyId: ZId }), { policyId: body.policyId });
      assertVersionOfPolicy(version, policyId);
      const file = body.file;
      if (!(file instanceof File) || file.size === 0) throw new AppError("VALIDATION", policyMessages.chooseFileFirst, { file: policyMessages.chooseFileFirst });
      const result = await uploadRates(db, actor, version, group.id, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
      return c.json(result, result.success ? 200 : 400);
    },
    failure: ratesUploadFailure,
  });
}
