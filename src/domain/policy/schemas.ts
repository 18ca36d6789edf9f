import { z } from "zod";
import {
  ARCHETYPES,
  BUDGET_AUTH_TYPES,
  BUDGET_COMPLEXITIES,
  BUDGET_TYPES,
  MOVE_STAGE_COUNTS,
  MOVE_TYPES,
  RATE_FREQUENCIES,
  SERVICE_POLICY_TYPES,
  VERSION_CHANGE_AREAS,
  VERSION_STATUSES,
} from "./catalogue.ts";
import { zFlag } from "./benefit-schemas.ts";
import { policyMessages } from "./messages.ts";
import { intFromText, ZId } from "../numbers.ts";
import { ZMoneyText } from "../money/schemas.ts";

/**
 * Contracts of policy configuration (part 2 §7 "Policy configuration"): policies, setup settings,
 * versions, move-stage services, budget groups, budgets and rates. Shared by the tRPC procedures
 * (`policy.policies.*`, `policy.services.*`), the legacy routes and the React forms. Legacy fields
 * arrive as text, so numbers and switches accept their text forms too.
 */

// ── shared pieces ────────────────────────────────────────────────────────────────────────────
/** Whole numbers arrive as numbers or their decimal text (src/domain/numbers.ts). */
const textToNumber = intFromText;
/** A positive integer id, from a number or its text (the one id schema, src/domain/numbers.ts). */
export { ZId };
/** A move stage number 1–3. */
export const ZMoveStage = z.preprocess(textToNumber, z.number({ error: policyMessages.moveStageOutOfRange }).int(policyMessages.moveStageOutOfRange).min(1, policyMessages.moveStageOutOfRange).max(3, policyMessages.moveStageOutOfRange));
/** A budget group number: 1–20 or 99. */
export const ZBudgetGroupNumber = z.preprocess(
  textToNumber,
  z
    .number({ error: policyMessages.budgetGroupOutOfRange })
    .int(policyMessages.budgetGroupOutOfRange)
    .refine((n) => (n >= 1 && n <= 20) || n === 99, policyMessages.budgetGroupOutOfRange),
);
/** A switch: true/false, 1/0, "true"/"false", "on"/"off", "1"/"0", "yes"/"no". */
export const ZSwitch = z.preprocess((v) => {
  if (typeof v === "string") {
    const s = v.trim().toLowerCase();
    if (["true", "1", "on", "yes", "y"].includes(s)) return true;
    if (["false", "0", "off", "no", "n", ""].includes(s)) return false;
  }
  if (v === 1) return true;
  if (v === 0) return false;
  return v;
}, z.boolean());
/** A service key as in the catalogue ("TEMPACCOMMODATION"); compared upper case. */
export const ZServiceKey = z
  .string({ error: policyMessages.selectService })
  .trim()
  .min(1, policyMessages.selectService)
  .max(64, policyMessages.unknownService)
  .transform((s) => s.toUpperCase());
/** An amount as typed ("12,500.00") or a number of major units; parsed with parseBudgetAmount later. */
export const ZAmountText = ZMoneyText;
const ZCurrencyText = z.string().trim().max(3).transform((s) => s.toUpperCase());

export const ZOption = z.object({ value: z.string(), label: z.string() });
export const ZTag = z.object({ id: z.number().int(), name: z.string() });
export type TTag = z.infer<typeof ZTag>;

export const ZMoveType = z.enum(MOVE_TYPES);
export const ZArchetype = z.enum(ARCHETYPES);
export const ZServicePolicyType = z.preprocess(
  textToNumber,
  z.number().int().refine((n) => (SERVICE_POLICY_TYPES as readonly number[]).includes(n), policyMessages.errorUpdatingService),
);

// ── GET policies?groupId / policies.search ──────────────────────────────────────────────────
export const ZPolicySummary = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  name: z.string(),
  moveType: z.string(),
  archetype: z.string(),
  status: z.string(),
  tags: z.array(ZTag),
  moveStagesCount: z.number().int(),
  order: z.number().int().nullable(),
  releasedVersionNumber: z.number().int().nullable(),
  releasedVersionId: z.number().int().nullable(),
  draftVersionId: z.number().int().nullable(),
  employeeCount: z.number().int(),
});
export type TPolicySummary = z.infer<typeof ZPolicySummary>;

export const ZSearchPoliciesRequest = z.object({
  group: z.string().trim().min(1).max(64),
  query: z.string().trim().max(200).optional(),
  tag: ZId.optional(),
  status: z.string().trim().max(20).optional(),
});
export type TSearchPoliciesRequest = z.infer<typeof ZSearchPoliciesRequest>;
export const ZSearchPoliciesResponse = z.object({ success: z.literal(true), policies: z.array(ZPolicySummary) });
export type TSearchPoliciesResponse = z.infer<typeof ZSearchPoliciesResponse>;
/** Legacy GET policies?groupId (the group's id or URL name). */
export const ZLegacyPoliciesQuery = z.object({ groupId: z.string().trim().min(1).max(64) });

// ── GET dropdowns?policyId ──────────────────────────────────────────────────────────────────
export const ZDropdownsRequest = z.object({
  policyId: ZId.optional(),
  /** For a new policy: the group (URL name or id) whose tags to offer. */
  groupId: z.string().trim().min(1).max(64).optional(),
});
export type TDropdownsRequest = z.infer<typeof ZDropdownsRequest>;
export const ZDropdownsResponse = z.object({
  success: z.literal(true),
  moveTypes: z.array(ZOption),
  archetypes: z.array(ZOption),
  moveStagesCounts: z.array(ZOption),
  estimateTypes: z.array(ZOption),
  estimateProviders: z.array(ZOption),
  estimatePackages: z.array(ZOption),
  balanceSheetCurrencyTypes: z.array(ZOption),
  statuses: z.array(ZOption),
  welcomeCallDurations: z.array(ZOption),
  programmeTypes: z.array(ZOption),
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), displayName: z.string() })),
  tags: z.array(ZTag),
  currencies: z.array(z.object({ code: z.string(), name: z.string(), minorUnits: z.number().int() })),
});
export type TDropdownsResponse = z.infer<typeof ZDropdownsResponse>;

// ── policies.get: the setup page ────────────────────────────────────────────────────────────
export const ZVersionSummary = z.object({
  id: z.number().int(),
  versionNumber: z.number().int(),
  status: z.enum(VERSION_STATUSES),
  createdAt: z.string(),
  releasedAt: z.string().nullable(),
});
export const ZPolicySetup = z.object({
  policyId: z.number().int(),
  policyVersionId: z.number().int().nullable(),
  groupId: z.number().int(),
  group: z.string(),
  name: z.string(),
  moveType: z.string(),
  archetype: z.string(),
  moveStagesCount: z.number().int(),
  order: z.number().int().nullable(),
  popupDisplayed: z.boolean(),
  estimateType: z.string(),
  estimateProvider: z.string().nullable(),
  estimatePackage: z.string().nullable(),
  excludeCompensation: z.boolean(),
  balanceSheetEnabled: z.boolean(),
  balanceSheetCurrencyType: z.string().nullable(),
  status: z.string(),
  welcomeCallDuration: z.number().int().nullable(),
  programmeType: z.string(),
  hrDashboard: z.boolean(),
  noMaOwner: z.boolean(),
  usesEwallet: z.boolean(),
  noWelcomeCall: z.boolean(),
  noWelcomeEmail: z.boolean(),
  cityGuideOnly: z.boolean(),
  includeUserPreferences: z.boolean(),
  tags: z.array(ZTag),
  versions: z.array(ZVersionSummary),
  draftVersionId: z.number().int().nullable(),
  releasedVersionId: z.number().int().nullable(),
  warnings: z.array(z.string()),
});
export type TPolicySetup = z.infer<typeof ZPolicySetup>;
export const ZGetPolicyResponse = ZPolicySetup.extend({ success: z.literal(true) });
export type TGetPolicyResponse = z.infer<typeof ZGetPolicyResponse>;

// ── policies.create (legacy POST /policy/setup/create) ──────────────────────────────────────
export const ZCreatePolicyFields = z.object({
  name: z.string({ error: policyMessages.policyNameRequired }).trim().max(200).min(1, policyMessages.policyNameRequired),
  moveType: ZMoveType,
  archetype: ZArchetype,
  moveStagesCount: z.preprocess(textToNumber, z.number().int().refine((n) => (MOVE_STAGE_COUNTS as readonly number[]).includes(n))),
  order: z.union([z.string().max(9), z.number().int().nonnegative()]).optional(),
});
export const ZCreatePolicyRequest = ZCreatePolicyFields.extend({ group: z.string().trim().min(1).max(64) });
export type TCreatePolicyRequest = z.infer<typeof ZCreatePolicyRequest>;
/** Legacy create: the group by URL name (`group`) or id (`groupId`). */
export const ZLegacyCreatePolicyRequest = ZCreatePolicyFields.extend({
  group: z.string().trim().min(1).max(64).optional(),
  groupId: z.string().trim().min(1).max(64).optional(),
});
export const ZCreatePolicyResponse = z.object({
  success: z.literal(true),
  policyId: z.number().int(),
  policyVersionId: z.number().int(),
  redirectUrl: z.string(),
  warnings: z.array(z.string()),
});
export type TCreatePolicyResponse = z.infer<typeof ZCreatePolicyResponse>;

// ── policies.updateSetting (POST /policy/setup/{name}, PUT|POST setup/{policyId}/{setting}/{value}) ──
export const ZUpdateSettingFields = z.object({
  setting: z.string().trim().min(1).max(64),
  value: z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]).transform((v) => (v === null ? "" : String(v))),
});
export type TUpdateSettingFields = z.infer<typeof ZUpdateSettingFields>;
/** Legacy POST /policy/setup/{name}: {id (the policy id), value}. */
export const ZLegacySetupRequest = z.object({
  id: ZId,
  value: z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]).optional().transform((v) => (v == null ? "" : String(v))),
});
export const ZSetupResponse = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  warnings: z.array(z.string()).optional(),
  affectedUsers: z.number().int().optional(),
});
export type TSetupResponse = z.infer<typeof ZSetupResponse>;

export const ZMoveTypeImpactRequest = z.object({ moveType: ZMoveType });
export const ZMoveTypeImpactResponse = z.object({ affectedUsers: z.number().int(), message: z.string() });
export type TMoveTypeImpactResponse = z.infer<typeof ZMoveTypeImpactResponse>;

// ── versions ────────────────────────────────────────────────────────────────────────────────
export const ZCreateVersionResponse = z.object({ success: z.literal(true), redirectUrl: z.string(), versionId: z.number().int() });
export type TCreateVersionResponse = z.infer<typeof ZCreateVersionResponse>;

export const ZCloneFields = z.object({
  customerName: z.union([z.string(), z.number()]).optional().transform((v) => (v == null ? "" : String(v).trim())),
  name: z.string().optional().transform((v) => (v ?? "").trim()),
});
export type TCloneFields = z.infer<typeof ZCloneFields>;
export const ZCloneResponse = z.object({ success: z.literal(true), id: z.number().int(), policyVersionId: z.number().int() });
export type TCloneResponse = z.infer<typeof ZCloneResponse>;

export const ZDeleteDraftRequest = z.object({ policyVersionId: ZId });
export const ZSuccessResponse = z.object({ success: z.literal(true), message: z.string().optional() });
export type TSuccessResponse = z.infer<typeof ZSuccessResponse>;

export const ZValidationError = z.object({
  moveStageId: z.number().int(),
  /** The service key, or null for an error of a budget group's budget. */
  service: z.string().nullable(),
  field: z.string(),
  message: z.string(),
  errorType: z.string(),
});
export type TValidationError = z.infer<typeof ZValidationError>;
export const ZValidationResponse = z.object({ success: z.literal(true), errors: z.array(ZValidationError) });
export type TValidationResponse = z.infer<typeof ZValidationResponse>;

export const ZCompleteFields = z.object({ ignoreMandatory: ZSwitch.optional().default(false) });
export const ZCompleteResponse = z.object({
  success: z.boolean(),
  errors: z.array(ZValidationError),
  /** True when only mandatory-attribute errors remain on a version that may skip them (the UI offers to skip). */
  canSkipMandatory: z.boolean(),
  message: z.string().optional(),
  redirectUrl: z.string().optional(),
});
export type TCompleteResponse = z.infer<typeof ZCompleteResponse>;

// ── policies.compareVersions: what differs between two versions of a policy ────────────────
export const ZCompareVersionsFields = z.object({ fromVersionId: ZId, toVersionId: ZId });
export const ZVersionChange = z.object({ area: z.enum(VERSION_CHANGE_AREAS), moveStage: z.number().int().nullable(), text: z.string() });
export const ZCompareVersionsResponse = z.object({
  success: z.literal(true),
  from: ZVersionSummary,
  to: ZVersionSummary,
  changes: z.array(ZVersionChange),
});
export type TVersionChange = z.infer<typeof ZVersionChange>;
export type TCompareVersionsResponse = z.infer<typeof ZCompareVersionsResponse>;

// ── GET versions/{version}/details ──────────────────────────────────────────────────────────
/** A benefit set chosen for a service: `value` is its numeric quantity (nights, trips, hours…) as a normalised decimal text, or null. */
export const ZBenefitGroupValue = z.object({
  id: z.number().int(),
  value: z.string().nullable(),
  options: z.array(z.number().int()),
});
export const ZBudget = z.object({
  id: z.number().int(),
  currency: z.string(),
  amount: z.number().int(),
  minAmount: z.number().int().nullable(),
  maxAmount: z.number().int().nullable(),
  amountText: z.string(),
  minAmountText: z.string().nullable(),
  maxAmountText: z.string().nullable(),
});
export type TBudget = z.infer<typeof ZBudget>;
export const ZBudgetGroup = z.object({
  /** The group number (1–20); `rowId` is the budget_groups row (for rates). */
  id: z.number().int(),
  rowId: z.number().int(),
  authType: z.string(),
  complexity: z.string(),
  /** H hard, S soft (part 1 §3 Budget edit; with allowOutsideRange, out-of-range amounts are a confirmed warning). */
  budgetType: z.enum(["H", "S"]),
  /**
   * The outside-range option (part 1 §5 Budget edit): with type S an amount outside min/max is a
   * warning the editor confirms; without it (or on type H) the amount is refused.
   */
  allowOutsideRange: z.boolean(),
  shareable: z.boolean(),
  services: z.array(z.string()),
  budgets: z.array(ZBudget),
});
export type TBudgetGroup = z.infer<typeof ZBudgetGroup>;
/** A service attribute (service_attributes) with the value set on the policy service. */
export const ZServiceProperty = z.object({
  key: z.string(),
  label: z.string(),
  inputType: z.string(),
  options: z.array(z.string()),
  dataFillLevel: z.number().int(),
  visibleToHr: z.boolean(),
  value: z.string().nullable(),
});
export type TServiceProperty = z.infer<typeof ZServiceProperty>;

export const ZStageService = z.object({
  id: z.number().int(),
  name: z.string(),
  serviceName: z.string(),
  title: z.string().nullable(),
  servicePolicyType: z.number().int(),
  note: z.string(),
  amountCanBeNegative: z.boolean(),
  addable: z.boolean(),
  moveHub: z.boolean(),
  currency: z.string().nullable(),
  rateFrequency: z.string().nullable(),
  amount: z.number().int().nullable(),
  amountText: z.string().nullable(),
  budgetGroup: z.number().int(),
  budgetType: z.string().nullable(),
  authorizationType: z.string().nullable(),
  minAmount: z.number().int().nullable(),
  maxAmount: z.number().int().nullable(),
  showAsMoveHubBudget: z.boolean(),
  cashService: z.boolean(),
  provided: z.boolean(),
  /** Attribute values by key (HR callers: only attributes visible to HR). */
  attributes: z.record(z.string(), z.string()),
  /** The service's attributes with their definitions and values (same visibility). */
  attributeGroups: z.array(ZServiceProperty),
  benefitGroups: z.array(ZBenefitGroupValue),
  formVisible: z.boolean(),
  budgetGroupVisible: z.boolean(),
  benefitsVisible: z.boolean(),
});
export type TStageService = z.infer<typeof ZStageService>;
export const ZStageDetails = z.object({
  id: z.number().int(),
  name: z.string(),
  services: z.array(ZStageService),
  budgetGroups: z.array(ZBudgetGroup),
  availableServices: z.array(z.object({ key: z.string(), name: z.string() })),
});
export const ZDetailsRequest = z.object({ moveStageId: ZMoveStage.optional() });
export const ZDetailsResponse = z.object({
  success: z.literal(true),
  policyId: z.number().int(),
  policyVersionId: z.number().int(),
  versionNumber: z.number().int(),
  status: z.enum(VERSION_STATUSES),
  readOnly: z.boolean(),
  moveStages: z.array(ZStageDetails),
});
export type TDetailsResponse = z.infer<typeof ZDetailsResponse>;

// ── GET service-properties?policyId ─────────────────────────────────────────────────────────
export const ZServicePropertiesResponse = z.object({
  success: z.literal(true),
  policyVersionId: z.number().int().nullable(),
  services: z.array(
    z.object({ moveStageId: z.number().int(), serviceKey: z.string(), serviceName: z.string(), attributes: z.array(ZServiceProperty) }),
  ),
});
export type TServicePropertiesResponse = z.infer<typeof ZServicePropertiesResponse>;

// ── move-stage services ─────────────────────────────────────────────────────────────────────
export const ZServiceRef = z.object({ moveStage: ZMoveStage, serviceKey: ZServiceKey });
export const ZRemoveServiceFields = z.object({ budgetGroupId: ZBudgetGroupNumber.optional() });
export const ZServiceResponse = z.object({ success: z.literal(true), service: ZStageService, unset: z.array(z.string()).optional() });
export type TServiceResponse = z.infer<typeof ZServiceResponse>;

const nullableText = (max: number) => z.union([z.string().max(max), z.null()]);
/** PATCH …/services/{serviceName}: any subset of the move-stage service's fields. */
export const ZServicePatch = z.object({
  servicePolicyType: ZServicePolicyType.optional(),
  note: z.string().max(4000).optional(),
  amountCanBeNegative: ZSwitch.optional(),
  addable: ZSwitch.optional(),
  moveHub: ZSwitch.optional(),
  force: ZSwitch.optional(),
  currency: z.union([ZCurrencyText, z.null()]).optional(),
  rateFrequency: z.union([z.enum(RATE_FREQUENCIES), z.literal(""), z.null()]).optional(),
  amount: z.union([ZAmountText, z.null()]).optional(),
  minAmount: z.union([ZAmountText, z.null()]).optional(),
  maxAmount: z.union([ZAmountText, z.null()]).optional(),
  propertiesToDelete: z.array(z.string().max(64)).max(200).optional(),
  /**
   * Each named benefit set's choice replaces the previous one: `value` is a numeric quantity as
   * typed ("1,500"; empty or null clears it) that the service checks with `parseBenefitValue`.
   */
  benefitGroups: z
    .array(
      z.object({
        id: ZId,
        value: z.union([z.string().max(200), z.number(), z.null()]).optional().transform((v) => (v == null ? null : String(v))),
        options: z.array(ZId).max(200).optional().default([]),
      }),
    )
    .max(100)
    .optional(),
  /** Attribute values as a list (the spec's attributeGroups): set like `attributes`. */
  attributeGroups: z
    .array(z.object({ key: z.string().max(64), value: z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]).transform((v) => (v === null ? null : String(v))) }))
    .max(200)
    .optional(),
  title: nullableText(200).optional(),
  budgetType: z.union([z.enum(BUDGET_TYPES), z.literal(""), z.null()]).optional(),
  authorizationType: z.union([z.enum(BUDGET_AUTH_TYPES), z.literal(""), z.null()]).optional(),
  provided: ZSwitch.optional(),
  cashService: ZSwitch.optional(),
  showAsMoveHubBudget: ZSwitch.optional(),
  attributes: z.record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean()]).transform(String)).optional(),
});
export type TServicePatch = z.infer<typeof ZServicePatch>;

export const ZAssignBudgetGroupResponse = z.object({
  success: z.literal(true),
  budgetGroup: z.number().int(),
  /** The other services of the move stage in the same budget group. */
  shared: z.array(z.string()),
  service: ZStageService,
});
export type TAssignBudgetGroupResponse = z.infer<typeof ZAssignBudgetGroupResponse>;

export const ZCopyStageRequest = z.object({ moveStageIdFrom: ZMoveStage, moveStageIdTo: ZMoveStage });
export const ZCopyStageResponse = z.object({ success: z.literal(true), services: z.number().int(), budgetGroups: z.number().int() });
export type TCopyStageResponse = z.infer<typeof ZCopyStageResponse>;

// ── budgets (act on the policy's draft version) ─────────────────────────────────────────────
export const ZBudgetGroupRef = z.object({ moveStage: ZMoveStage, budgetGroup: ZBudgetGroupNumber });
export const ZBudgetFields = z.object({
  currency: z.union([ZCurrencyText, z.null()]).optional(),
  amount: z.union([ZAmountText, z.null()]).optional(),
  minAmount: z.union([ZAmountText, z.null()]).optional(),
  maxAmount: z.union([ZAmountText, z.null()]).optional(),
});
export type TBudgetFields = z.infer<typeof ZBudgetFields>;
export const ZBudgetResponse = z.object({ success: z.literal(true), budget: ZBudget });
export type TBudgetResponse = z.infer<typeof ZBudgetResponse>;
export const ZBudgetGroupFields = z.object({
  authType: z.enum(BUDGET_AUTH_TYPES).optional(),
  complexity: z.enum(BUDGET_COMPLEXITIES).optional(),
  /** H hard (default) or S soft. */
  budgetType: z.enum(["H", "S"], { error: "Budget type must be H (hard) or S (soft)." }).optional(),
  /** The outside-range option (true/false; "on"/"off" from a form): only a soft budget uses it. */
  allowOutsideRange: zFlag.optional(),
});
export const ZBudgetGroupResponse = z.object({ success: z.literal(true), budgetGroup: ZBudgetGroup });
export type TBudgetGroupResponse = z.infer<typeof ZBudgetGroupResponse>;

// ── rates ───────────────────────────────────────────────────────────────────────────────────
export const ZRateRow = z.object({
  id: z.number().int(),
  countryCode: z.string(),
  city: z.string(),
  description: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  amountText: z.string(),
  frequency: z.string(),
});
export type TRateRow = z.infer<typeof ZRateRow>;
export const ZRatesRequest = z.object({ budgetGroupId: ZId });
export const ZRatesResponse = z.object({ success: z.literal(true), rows: z.array(ZRateRow) });
export type TRatesResponse = z.infer<typeof ZRatesResponse>;
export const ZUploadRatesRequest = z.object({
  budgetGroupId: ZId,
  policyId: ZId,
  fileName: z.string().trim().min(1, policyMessages.chooseFileFirst).max(255),
  /** The file's bytes, base64. */
  content: z.string().min(1, policyMessages.chooseFileFirst).max(28_000_000),
});
export const ZRateRowError = z.object({ row: z.number().int(), message: z.string() });
export const ZUploadRatesResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  rows: z.array(ZRateRow),
  errors: z.array(ZRateRowError),
});
export type TUploadRatesResponse = z.infer<typeof ZUploadRatesResponse>;

/** Legacy failure body. */
export const ZPolicyErrorResponse = z.object({ success: z.literal(false), errorMessage: z.string(), fields: z.record(z.string(), z.string()).optional() });
