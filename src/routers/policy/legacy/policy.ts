import type { Context, Hono } from "hono";
import { z } from "zod";
import { AppError, publicError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
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
import { clientIp, httpStatusOf, logUnexpected, parseFields, readFields, legacyUser, legacyUserWithRole, readFormBody } from "../../../server/http.ts";
import { POLICY_ROLES, policyForCaller, versionForCaller, type PolicyAccess } from "../../../services/policy/access.ts";
import type { Role } from "../../../domain/roles.ts";
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
import {
  addStageService,
  assignBudgetGroup,
  copyMoveStage,
  removeStageService,
  serviceProperties,
  updateStageService,
  versionDetails,
} from "../../../services/policy/services.ts";
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

/** A failure in the documented shape: `{success: false, errorMessage}` (+ field messages), or `fallback` for unexpected errors. */
function failure(c: C, where: string, error: unknown, fallback: string) {
  logUnexpected(where, error);
  const pub = error instanceof AppError ? publicError(error) : { message: fallback, fields: undefined };
  return c.json(
    { success: false, errorMessage: pub.message, ...(pub.fields ? { fields: pub.fields } : {}) },
    httpStatusOf(error),
  );
}

/** Setup saves answer `{success: false, message}`; anything unexpected is "Update failed - there was an error.". */
function setupFailure(c: C, error: unknown) {
  logUnexpected("policy/setup", error);
  const message = error instanceof AppError ? error.message : policyMessages.setupSaveFailed;
  return c.json({ success: false, message }, httpStatusOf(error));
}

/** `roles`: who may call, checked before the request is read (issue 23 item 13). */
function handle(where: string, fallback: string, run: (c: C) => Promise<Response>, roles?: readonly Role[]) {
  return async (c: C) => {
    try {
      if (roles) legacyUserWithRole(c, roles);
      return await run(c);
    } catch (error) {
      return failure(c, where, error, fallback);
    }
  };
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

/** Documented policy-configuration paths (part 2 §7); see ./policy.openapi.ts. */
export function mountLegacyPolicy(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  const B = POLICY_BASE;

  const policyOf = (c: C, access: PolicyAccess) => policyForCaller(db, legacyUser(c), param(c, "policyId", ZId), access);

  /** The version named by the path (`versionParam`) of the policy named by `:policyId`. */
  const versionOfPath = async (c: C, access: PolicyAccess, versionParam: string) => {
    const policyId = param(c, "policyId", ZId);
    const version = await versionForCaller(db, legacyUser(c), param(c, versionParam, ZId), access);
    assertVersionOfPolicy(version, policyId);
    return version;
  };

  // ── policies and dropdowns ────────────────────────────────────────────────────────────────
  app.get(`${B}/policies`, handle("policy/policies", policyMessages.loadingDataError, async (c) => {
    const fields = await fieldsOf(c);
    const { groupId } = parseFields(ZLegacyPoliciesQuery, fields);
    const filters = parseFields(ZSearchPoliciesRequest.omit({ group: true }), fields);
    const group = await resolveGroup(db, groupId);
    return c.json(await searchPolicies(db, legacyUser(c), group.id, filters));
  }, POLICY_ROLES.read));

  app.get(`${B}/dropdowns`, handle("policy/dropdowns", policyMessages.loadingDataError, async (c) => {
    const input = parseFields(ZDropdownsRequest, await fieldsOf(c));
    return c.json(await policyDropdowns(db, legacyUser(c), input));
  }, POLICY_ROLES.read));

  // ── setup ────────────────────────────────────────────────────────────────────────────────
  app.post("/policy/setup/create", async (c) => {
    try {
      legacyUserWithRole(c, POLICY_ROLES.write);
      const actor = actorOf(c);
      const fields = parseFields(ZLegacyCreatePolicyRequest, await fieldsOf(c));
      const ref = fields.group ?? fields.groupId;
      if (!ref) throw new AppError("VALIDATION", policyMessages.cloneGroupRequired, { group: policyMessages.cloneGroupRequired });
      const group = await resolveGroup(db, ref);
      const input = parseFields(ZCreatePolicyFields, fields);
      return c.json(await createPolicy(db, actor, group.id, input));
    } catch (error) {
      return setupFailure(c, error);
    }
  });

  const setupByName = async (c: C) => {
    try {
      legacyUserWithRole(c, POLICY_ROLES.write);
      const actor = actorOf(c);
      const { id, value } = parseFields(ZLegacySetupRequest, await fieldsOf(c));
      const policy = await policyForCaller(db, actor.user, id, "write");
      return c.json(await updatePolicySetting(db, actor, policy, c.req.param("name") ?? "", value));
    } catch (error) {
      return setupFailure(c, error);
    }
  };
  app.post("/policy/setup/:name", setupByName);
  app.post("/policy/old/setup/:name", setupByName);

  const costEstimatePackage = async (c: C) => {
    try {
      legacyUserWithRole(c, POLICY_ROLES.write);
      const actor = actorOf(c);
      const policy = await policyForCaller(db, actor.user, param(c, "policyId", ZId), "write");
      return c.json(await updateCostEstimatePackage(db, actor, policy, c.req.param("pkg") ?? "", c.req.param("exclude") ?? ""));
    } catch (error) {
      return setupFailure(c, error);
    }
  };
  app.put(`${B}/setup/${policyIdPath}/costEstimatePackage/:pkg/excludeCompensation/:exclude`, costEstimatePackage);

  const setupByPath = async (c: C) => {
    try {
      legacyUserWithRole(c, POLICY_ROLES.write);
      const actor = actorOf(c);
      const policy = await policyForCaller(db, actor.user, param(c, "policyId", ZId), "write");
      return c.json(await updatePolicySetting(db, actor, policy, c.req.param("setting") ?? "", c.req.param("value") ?? ""));
    } catch (error) {
      return setupFailure(c, error);
    }
  };
  app.put(`${B}/setup/${policyIdPath}/:setting/:value`, setupByPath);
  app.post(`${B}/setup/${policyIdPath}/:setting/:value`, setupByPath);
  // An empty value (clearing a setting) leaves the last segment off.
  app.put(`${B}/setup/${policyIdPath}/:setting`, setupByPath);
  app.post(`${B}/setup/${policyIdPath}/:setting`, setupByPath);

  // ── versions ─────────────────────────────────────────────────────────────────────────────
  app.post(`${B}/${policyIdPath}/versions`, handle("policy/versions", policyMessages.versioningFailed, async (c) => {
    const policy = await policyOf(c, "write");
    return c.json(await createDraftVersion(db, actorOf(c), policy));
  }));

  app.post(`${B}/${policyIdPath}/clone`, handle("policy/clone", policyMessages.versioningFailed, async (c) => {
    const policy = await policyOf(c, "write");
    const input = parseFields(ZCloneFields, await fieldsOf(c));
    return c.json(await clonePolicy(db, actorOf(c), policy, input));
  }));

  app.delete(`${B}/policies/versions/:id`, handle("policy/deleteDraft", policyMessages.errorDeletingDraft, async (c) => {
    return c.json(await deleteDraftVersion(db, actorOf(c), param(c, "id", ZId)));
  }));

  app.post("/policy/versions/:versionId/complete", handle("policy/complete", policyMessages.errorValidatingPolicy, async (c) => {
    const actor = actorOf(c);
    const version = await versionForCaller(db, actor.user, param(c, "versionId", ZId), "write");
    const { ignoreMandatory } = parseFields(ZCompleteFields, await fieldsOf(c));
    return c.json(await completeVersion(db, actor, version, ignoreMandatory));
  }));

  app.get(`${B}/versions/:version/validation`, handle("policy/validation", policyMessages.errorValidatingPolicy, async (c) => {
    const version = await versionForCaller(db, legacyUser(c), param(c, "version", ZId), "read");
    return c.json(await validateVersionById(db, version));
  }));

  app.get(`${B}/versions/:version/details`, handle("policy/details", policyMessages.errorLoadingPageData, async (c) => {
    const user = legacyUser(c);
    const version = await versionForCaller(db, user, param(c, "version", ZId), "read");
    const { moveStageId } = parseFields(ZDetailsRequest, await fieldsOf(c));
    return c.json(await versionDetails(db, version, moveStageId, user));
  }));

  app.get(`${B}/service-properties`, handle("policy/service-properties", policyMessages.errorLoadingServiceProperties, async (c) => {
    const { policyId } = parseFields(z.object({ policyId: ZId }), await fieldsOf(c));
    const user = legacyUser(c);
    const policy = await policyForCaller(db, user, policyId, "read");
    return c.json(await serviceProperties(db, user, policy));
  }, POLICY_ROLES.read));

  // ── move-stage services ──────────────────────────────────────────────────────────────────
  const servicePath = `${B}/${policyIdPath}/versions/:v/movestages/:stage/services/:serviceName`;
  const serviceRef = (c: C) => ({ stage: param(c, "stage", ZMoveStage), serviceKey: param(c, "serviceName", ZServiceKey) });

  app.put(servicePath, handle("policy/addService", policyMessages.errorAddingService, async (c) => {
    const version = await versionOfPath(c, "write", "v");
    const { stage, serviceKey } = serviceRef(c);
    return c.json(await addStageService(db, actorOf(c), version, stage, serviceKey));
  }));

  app.delete(servicePath, handle("policy/removeService", policyMessages.errorRemovingService, async (c) => {
    const version = await versionOfPath(c, "write", "v");
    const { stage, serviceKey } = serviceRef(c);
    const { budgetGroupId } = parseFields(ZRemoveServiceFields, await fieldsOf(c));
    return c.json(await removeStageService(db, actorOf(c), version, stage, serviceKey, budgetGroupId));
  }));

  app.patch(servicePath, handle("policy/updateService", policyMessages.errorUpdatingService, async (c) => {
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
    return c.json(await updateStageService(db, actorOf(c), version, stage, serviceKey, patch));
  }));

  app.put(`${servicePath}/budget-groups/:id`, handle("policy/budgetGroup", policyMessages.errorUpdatingService, async (c) => {
    const version = await versionOfPath(c, "write", "v");
    const { stage, serviceKey } = serviceRef(c);
    const group = param(c, "id", ZBudgetGroupNumber);
    return c.json(await assignBudgetGroup(db, actorOf(c), version, stage, serviceKey, group));
  }));

  app.post(`${B}/${policyIdPath}/versions/:versionId/movestages/copy`, handle("policy/copyStage", policyMessages.errorUpdatingService, async (c) => {
    const version = await versionOfPath(c, "write", "versionId");
    const { moveStageIdFrom, moveStageIdTo } = parseFields(ZCopyStageRequest, await fieldsOf(c));
    return c.json(await copyMoveStage(db, actorOf(c), version, moveStageIdFrom, moveStageIdTo));
  }));

  // ── budgets (the policy's draft) ─────────────────────────────────────────────────────────
  const groupPath = `${B}/${policyIdPath}/movestages/:stage/budget-groups/:group`;
  const groupRef = (c: C) => ({ stage: param(c, "stage", ZMoveStage), group: param(c, "group", ZBudgetGroupNumber) });

  app.post(`${groupPath}/budgets`, handle("policy/addBudget", policyMessages.errorAddingBudget, async (c) => {
    const policy = await policyOf(c, "write");
    const { stage, group } = groupRef(c);
    const fields = parseFields(ZBudgetFields, await fieldsOf(c));
    return c.json(await addBudget(db, actorOf(c), policy, stage, group, fields));
  }));

  app.patch(`${groupPath}/budgets/:budgetId`, handle("policy/updateBudget", policyMessages.errorUpdatingBudget, async (c) => {
    const policy = await policyOf(c, "write");
    const { stage, group } = groupRef(c);
    const fields = parseFields(ZBudgetFields, await fieldsOf(c));
    return c.json(await updateBudget(db, actorOf(c), policy, stage, group, param(c, "budgetId", ZId), fields));
  }));

  app.delete(`${groupPath}/budgets/:budgetId`, handle("policy/deleteBudget", policyMessages.errorDeletingBudget, async (c) => {
    const policy = await policyOf(c, "write");
    const { stage, group } = groupRef(c);
    return c.json(await deleteBudget(db, actorOf(c), policy, stage, group, param(c, "budgetId", ZId)));
  }));

  app.patch(groupPath, handle("policy/budgetGroup", policyMessages.errorUpdatingBudget, async (c) => {
    const policy = await policyOf(c, "write");
    const { stage, group } = groupRef(c);
    const fields = parseFields(ZBudgetGroupFields, await fieldsOf(c));
    return c.json(await updateBudgetGroup(db, actorOf(c), policy, stage, group, fields));
  }));

  // ── rates ────────────────────────────────────────────────────────────────────────────────
  app.get(`${B}/rates/budget-groups/popup/:id`, handle("policy/ratesPopup", policyMessages.cannotLoadBudgetData, async (c) => {
    const { group } = await budgetGroupForCaller(db, legacyUser(c), param(c, "id", ZId), "read");
    return c.json({ success: true, rows: await rateRows(db, group.id) });
  }));

  app.get(`${B}/rates/budget-groups/:id`, handle("policy/ratesDownload", policyMessages.cannotLoadBudgetData, async (c) => {
    const { group } = await budgetGroupForCaller(db, legacyUser(c), param(c, "id", ZId), "read");
    const bytes = await ratesWorkbook(db, group.id);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": XLSX_TYPE,
      "Content-Disposition": `attachment; filename="rates-budget-group-${group.id}.xlsx"`,
      "Cache-Control": "no-store",
    });
  }));

  app.post(`${B}/rates/budget-groups/:id`, async (c) => {
    try {
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
    } catch (error) {
      logUnexpected("policy/ratesUpload", error);
      const detail = error instanceof AppError ? error.message : policyMessages.errorUploadingRates;
      return c.json({ success: false, message: `${policyMessages.fileUploadFailure} ${detail}`, errorMessage: detail, rows: [] }, httpStatusOf(error));
    }
  });
}
