/**
 * Contracts of policy group setup (benefit sets, options, metadata lines and their overrides), the
 * policy popup, the catalogue (services, attributes, spend categories, tags, currencies) and the
 * employee's policy view (part 2 §§3, 5, 7). Shared by the tRPC procedures, the legacy routes of
 * src/routers/policy/legacy/benefits.ts and the React forms.
 */
import { z } from "zod";
import { ZId, zInt } from "../numbers.ts";
import { BENEFIT_OPTION_TYPES, BUDGET_TYPES, POPUP_TEXT_TYPES, type ServiceCategory } from "./catalogue.ts";
import { policyMessages } from "./messages.ts";

/** Texts of this part where neither the spec nor policyMessages has one. */
export const benefitMessages = {
  optionInUse: "This option is used by a policy and cannot be deleted.",
  tagExists: "A tag with this name already exists in the group.",
  tagNameRequired: "Please enter a tag name.",
  setNotFound: "The benefit set was not found.",
  optionNotFound: "The benefit option was not found.",
  attributeNotFound: "The service attribute was not found.",
  spendCategoryNotFound: "The spend category was not found.",
  policyNotInGroup: "The policy does not belong to this group.",
  metadataNameOrId: "Please choose a metadata line or enter a name for a new one.",
  popupMissing: "This policy version has no popup yet.",
  serviceNotOnStage: "The service is not on this move stage of the policy.",
  serviceAlreadyInPopup: "The service is already in the popup for this move stage.",
  moveNotFound: "The move was not found.",
} as const;

// ── field helpers (legacy fields arrive as text) ────────────────────────────────────────────
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const id = ZId;
const optionalId = z.preprocess(blankToUndefined, id.optional());
/** true/false, also "true"/"false"/"1"/"0"/"on"/"off" from forms and query strings. */
export const zFlag = z.preprocess((v) => {
  if (typeof v === "string") {
    const s = v.trim().toLowerCase();
    if (s === "true" || s === "1" || s === "on" || s === "yes") return true;
    if (s === "false" || s === "0" || s === "off" || s === "no" || s === "") return false;
  }
  if (v === 1) return true;
  if (v === 0) return false;
  return v;
}, z.boolean());
const serviceKey = z.string().trim().toUpperCase().regex(/^[A-Z0-9_]{1,64}$/, policyMessages.unknownService);
const optionalServiceKey = z.preprocess(blankToUndefined, serviceKey.optional());
/** Free text (names, formulas); HTML is stripped by the services where the spec says so. */
const text = (max: number) => z.string().max(max);
const formulaText = z.string().max(2000);
const optionalFormula = z.preprocess((v) => (v === null ? undefined : v), formulaText.optional());

export const ZSuccess = z.object({ success: z.literal(true) });

// ── GET group/getServiceBenefitsWithMetadata ────────────────────────────────────────────────
/** Without groupId: the global defaults (ADMIN only). */
export const ZGetServiceBenefitsRequest = z.object({
  groupId: optionalId,
  policyId: optionalId,
  filterInactive: z.preprocess(blankToUndefined, zFlag.default(false)),
  serviceType: optionalServiceKey,
});
export type TGetServiceBenefitsRequest = z.infer<typeof ZGetServiceBenefitsRequest>;

export const METADATA_OVERRIDES = ["GLOBAL", "GROUP", "POLICY"] as const;
export type MetadataOverride = (typeof METADATA_OVERRIDES)[number];

export const ZMetadataLine = z.object({
  id: z.number().int(),
  metadataInfoId: z.number().int(),
  name: z.string(),
  formula: z.string(),
  adjustmentFactorFormula: z.string().nullable(),
  metadataOverride: z.enum(METADATA_OVERRIDES),
});
export type TMetadataLine = z.infer<typeof ZMetadataLine>;

export const ZBenefitOption = z.object({
  id: z.number().int(),
  name: z.string(),
  inactive: z.boolean(),
  /** Keyed by metadata info id; for CASH sets keyed by the option's own id. */
  metadataMap: z.record(z.string(), ZMetadataLine),
});

export const ZBenefit = z.object({
  id: z.number().int(),
  name: z.string(),
  groupNumber: z.number().int(),
  sdcId: z.number().int().nullable(),
  custom: z.boolean(),
  affectsCostEstimate: z.boolean(),
  inactive: z.boolean(),
  optionType: z.enum(BENEFIT_OPTION_TYPES),
  /** Null: a global default set; otherwise the group's own set. */
  groupId: z.number().int().nullable(),
  metadataInfos: z.array(z.object({ id: z.number().int(), name: z.string() })),
  benefitOptions: z.array(ZBenefitOption),
});
export type TBenefit = z.infer<typeof ZBenefit>;

export const ZGetServiceBenefitsResponse = z.object({
  services: z.array(z.object({ id: z.string(), name: z.string(), benefits: z.array(ZBenefit) })),
  readOnly: z.boolean(),
  hideCash: z.boolean(),
});
export type TGetServiceBenefitsResponse = z.infer<typeof ZGetServiceBenefitsResponse>;

// ── POST group/addServiceBenefitOption ──────────────────────────────────────────────────────
export const ZAddBenefitOptionRequest = z.object({
  groupId: id,
  /** The group's set number; absent for a new set (numbered after the highest of the service). */
  groupNumber: optionalId,
  /** The set's name, used when the set is created. */
  description: z.preprocess((v) => v ?? "", text(200)),
  optionName: z.preprocess((v) => v ?? "", text(200)),
  sdcId: optionalId,
  /** The service; when absent, the service type of the spend category `sdcId`. */
  serviceType: optionalServiceKey,
});
export type TAddBenefitOptionRequest = z.infer<typeof ZAddBenefitOptionRequest>;
export const ZAddBenefitOptionResponse = z.object({
  success: z.literal(true),
  benefitId: z.number().int(),
  benefitOptionId: z.number().int(),
  groupNumber: z.number().int(),
  created: z.boolean(),
});
export type TAddBenefitOptionResponse = z.infer<typeof ZAddBenefitOptionResponse>;

// ── POST serviceBenefitMetadata / updateServiceBenefitMetadata ──────────────────────────────
const scopeFields = {
  groupId: optionalId,
  policyId: optionalId,
  serviceType: optionalServiceKey,
};
export const ZSaveMetadataRequest = z.object({
  /** The benefit option. */
  serviceBenefitId: id,
  metadataInfoId: optionalId,
  /** A new metadata line (column) on the option's set, when metadataInfoId is absent. */
  metadataName: z.preprocess(blankToUndefined, text(200).optional()),
  formula: formulaText,
  adjustmentFormula: optionalFormula,
  ...scopeFields,
});
export type TSaveMetadataRequest = z.infer<typeof ZSaveMetadataRequest>;

export const ZUpdateMetadataRequest = z.object({
  /** A benefit_metadata id (the line as shown); the change is saved at the request's scope. */
  id,
  formula: formulaText,
  adjustmentFormula: optionalFormula,
  ...scopeFields,
});
export type TUpdateMetadataRequest = z.infer<typeof ZUpdateMetadataRequest>;

export const ZSaveMetadataResponse = z.object({ success: z.literal(true), metadata: ZMetadataLine, benefitOptionId: z.number().int() });
export type TSaveMetadataResponse = z.infer<typeof ZSaveMetadataResponse>;

export const ZDeleteMetadataOverrideRequest = z.object({
  metadataInfoId: id,
  groupId: id,
  policyId: optionalId,
  /** Only this option's line; all options of the metadata line when absent. */
  serviceBenefitId: optionalId,
  serviceType: optionalServiceKey,
});
export type TDeleteMetadataOverrideRequest = z.infer<typeof ZDeleteMetadataOverrideRequest>;
export const ZDeleteMetadataOverrideResponse = z.object({ success: z.literal(true), deleted: z.number().int() });

// ── renames, flags, delete ──────────────────────────────────────────────────────────────────
export const ZRenameOptionRequest = z.object({ id, optionName: z.preprocess((v) => v ?? "", text(200)) });
export type TRenameOptionRequest = z.infer<typeof ZRenameOptionRequest>;
export const ZRenameSetRequest = z.object({ benefitId: id, name: z.preprocess((v) => v ?? "", text(200)) });
export type TRenameSetRequest = z.infer<typeof ZRenameSetRequest>;
export const ZRenameResponse = z.object({ success: z.literal(true), id: z.number().int(), name: z.string() });

export const ZSetBenefitFlagsRequest = z.object({
  benefitId: id,
  inactive: zFlag.optional(),
  affectsCostEstimate: zFlag.optional(),
  custom: zFlag.optional(),
  sdcId: id.nullable().optional(),
});
export type TSetBenefitFlagsRequest = z.infer<typeof ZSetBenefitFlagsRequest>;
export const ZSetBenefitFlagsResponse = z.object({ success: z.literal(true), benefit: ZBenefit.pick({ id: true, inactive: true, affectsCostEstimate: true, custom: true, sdcId: true }) });

export const ZDeleteOptionRequest = z.object({ benefitOptionId: id });
export const ZDeleteOptionResponse = z.object({ success: z.literal(true) });

// ── formula preview ─────────────────────────────────────────────────────────────────────────
export const ZEvaluateFormulaRequest = z.object({
  formula: formulaText,
  adjustmentFormula: optionalFormula,
  inputs: z.record(z.string().max(64), z.number().finite()).default({}),
});
export type TEvaluateFormulaRequest = z.infer<typeof ZEvaluateFormulaRequest>;
export const ZEvaluateFormulaResponse = z.object({ value: z.number(), factor: z.number(), result: z.number(), variables: z.array(z.string()) });

// ── popup ───────────────────────────────────────────────────────────────────────────────────
export const ZVersionRequest = z.object({ policyVersionId: id });
const moveStageId = zInt({ min: 1, max: 3 });

export const ZPopupItem = z.object({ service: z.string(), name: z.string(), title: z.string(), description: z.string(), order: z.number().int() });
export type TPopupItem = z.infer<typeof ZPopupItem>;

export const ZPopupMoveStage = z.object({
  moveStage: z.object({ id: z.number().int(), name: z.string() }),
  header: z.string(),
  moveStageHeader: z.string(),
  blurb: z.string(),
  popupItems: z.array(ZPopupItem),
  availableServices: z.array(z.object({ service: z.string(), name: z.string() })),
});

export const ZPopupPreview = z.object({
  header: z.string(),
  paragraphTop: z.string(),
  paragraphBottom: z.string(),
  moveStages: z.array(
    z.object({
      moveStageId: z.number().int(),
      name: z.string(),
      moveStageHeader: z.string(),
      blurb: z.string(),
      items: z.array(z.object({ service: z.string(), title: z.string(), description: z.string() })),
    }),
  ),
});

export const ZPopupResponse = z.object({
  policyVersionId: z.number().int(),
  /** policies.popup_displayed */
  displayed: z.boolean(),
  /** Whether the version has a popup row at all (created when displayed is switched on). */
  exists: z.boolean(),
  editable: z.boolean(),
  header: z.string(),
  paragraphTop: z.string(),
  paragraphBottom: z.string(),
  displayRelocationAndOngoingBenefits: z.boolean(),
  popupMoveStages: z.array(ZPopupMoveStage),
  preview: ZPopupPreview.nullable(),
});
export type TPopupResponse = z.infer<typeof ZPopupResponse>;

export const ZPopupDisplayRequest = z.object({ policyVersionId: id, displayed: zFlag });
export type TPopupDisplayRequest = z.infer<typeof ZPopupDisplayRequest>;
export const ZPopupDisplayResponse = z.object({ success: z.literal(true), displayed: z.boolean() });

export const ZUpdatePopupItemRequest = z.object({
  type: z.enum(POPUP_TEXT_TYPES),
  text: z.preprocess((v) => v ?? "", text(5000)),
  service: optionalServiceKey,
  policyVersionId: id,
  moveStageId: z.preprocess(blankToUndefined, moveStageId.optional()),
});
export type TUpdatePopupItemRequest = z.infer<typeof ZUpdatePopupItemRequest>;
export const ZUpdatePopupItemResponse = z.object({ success: z.literal(true), type: z.enum(POPUP_TEXT_TYPES), text: z.string() });

export const ZPopupServiceRequest = z.object({
  service: z.preprocess((v) => v ?? "", z.string().trim().toUpperCase().max(64)),
  policyVersionId: id,
  moveStageId,
});
export type TPopupServiceRequest = z.infer<typeof ZPopupServiceRequest>;
export const ZPopupServicesResponse = z.object({ success: z.literal(true), services: z.array(ZPopupItem) });
export type TPopupServicesResponse = z.infer<typeof ZPopupServicesResponse>;

export const ZPopupOrderRequest = z
  .object({
    policyVersionId: id,
    moveStageId,
    services: z.preprocess(
      (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter((s) => s !== "") : v),
      z.array(serviceKey).max(100).optional(),
    ),
    /** Legacy form: the keys comma-separated. */
    order: z.string().max(5000).optional(),
  })
  .transform((v, ctx) => {
    const services = v.services ?? (v.order ?? "").split(",").map((s) => s.trim().toUpperCase()).filter((s) => s !== "");
    if (services.length === 0) {
      ctx.addIssue({ code: "custom", path: ["services"], message: policyMessages.unableToReorderPopup });
      return z.NEVER;
    }
    return { policyVersionId: v.policyVersionId, moveStageId: v.moveStageId, services };
  });
export type TPopupOrderRequest = z.output<typeof ZPopupOrderRequest>;

// ── catalogue ───────────────────────────────────────────────────────────────────────────────
export const ZCatalogueService = z.object({
  key: z.string(),
  name: z.string(),
  category: z.string() as z.ZodType<ServiceCategory>,
  description: z.string(),
  defaultBudgetType: z.enum(BUDGET_TYPES).nullable(),
  isCashFlex: z.boolean(),
  cashService: z.boolean(),
  sortOrder: z.number().int(),
});
export const ZCatalogueServicesResponse = z.array(ZCatalogueService);

export const ZServiceAttributesRequest = z.object({ serviceKey: optionalServiceKey });
export const ZServiceAttribute = z.object({
  id: z.number().int(),
  serviceKey: z.string(),
  key: z.string(),
  label: z.string(),
  inputType: z.string(),
  options: z.array(z.string()),
  dataFillLevel: z.number().int(),
  visibleToHr: z.boolean(),
  sortOrder: z.number().int(),
});
export const ZServiceAttributesResponse = z.array(ZServiceAttribute);
export const ZSetAttributeVisibilityRequest = z.object({ attributeId: id, visibleToHr: zFlag });
export const ZSetAttributeVisibilityResponse = z.object({ success: z.literal(true), attribute: ZServiceAttribute });

/**
 * `{serviceType}` of /api/v1/services/{serviceType}/attributes (§3 "service type (regular or
 * cash)"): `regular` or `cash` (any case), or one catalogue service key.
 */
export const SERVICE_ATTRIBUTE_TYPES = ["regular", "cash"] as const;
export const ZAttributeServiceType = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{1,64}$/, policyMessages.attributesLoadFailure)
  .transform((v) => (SERVICE_ATTRIBUTE_TYPES as readonly string[]).includes(v.toLowerCase()) ? v.toLowerCase() : v.toUpperCase());
const groupName = z.string().trim().min(1).max(64);
const optionalGroupName = z.preprocess(blankToUndefined, groupName.optional());
/** Where an attribute's visibility comes from: the catalogue, the group's or the policy's configuration. */
export const ATTRIBUTE_CONFIGURED_FOR = ["GLOBAL", "GROUP", "POLICY"] as const;
export const ZConfiguredAttribute = ZServiceAttribute.omit({ visibleToHr: true }).extend({
  viewableByHR: z.boolean(),
  configuredFor: z.enum(ATTRIBUTE_CONFIGURED_FOR),
});
/** GET /api/v1/services/{serviceType}/attributes?groupName (optional policyId: that policy's visibility). */
export const ZGroupAttributesRequest = z.object({ serviceType: ZAttributeServiceType, groupName, policyId: optionalId });
export type TGroupAttributesRequest = z.infer<typeof ZGroupAttributesRequest>;
export const ZGroupAttributesResponse = z.object({
  success: z.literal(true),
  serviceType: z.string(),
  groupName: z.string(),
  policyId: z.number().int().nullable(),
  attributes: z.array(ZConfiguredAttribute),
});
/**
 * PUT /api/v1/services/{serviceType}/attributes/{id}/configurations with {groupName, viewableByHR}
 * or {policyId, viewableByHR}; a policyId wins (a groupName beside it must be the policy's group).
 */
export const ZConfigureAttributeRequest = z.object({
  serviceType: ZAttributeServiceType,
  attributeId: id,
  groupName: optionalGroupName,
  policyId: optionalId,
  viewableByHR: zFlag,
});
export type TConfigureAttributeRequest = z.infer<typeof ZConfigureAttributeRequest>;
export const ZConfigureAttributeResponse = z.object({
  success: z.literal(true),
  groupName: z.string(),
  policyId: z.number().int().nullable(),
  attribute: ZConfiguredAttribute,
});

export type TSpendCategoryNode = {
  id: number;
  level: number;
  description: string;
  parent: number | null;
  hidden: boolean;
  isBudgetCashOut: boolean;
  cashServiceId: string | null;
  serviceType: string | null;
  sdcCategory: string | null;
  moveStages: number[] | null;
  parentCategoryId: number | null;
  serviceDescriptionCategory: string | null;
  childSpendCategoryList: TSpendCategoryNode[];
};
export const ZSpendCategoryNode: z.ZodType<TSpendCategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    level: z.number().int(),
    description: z.string(),
    parent: z.number().int().nullable(),
    hidden: z.boolean(),
    isBudgetCashOut: z.boolean(),
    cashServiceId: z.string().nullable(),
    serviceType: z.string().nullable(),
    sdcCategory: z.string().nullable(),
    moveStages: z.array(z.number().int()).nullable(),
    parentCategoryId: z.number().int().nullable(),
    serviceDescriptionCategory: z.string().nullable(),
    childSpendCategoryList: z.array(ZSpendCategoryNode),
  }),
);
export const ZSpendCategoryTree = z.array(ZSpendCategoryNode);

export const ZSearchSpendCategoriesRequest = z.object({ query: z.string().max(200) });
export const ZSpendCategoryHit = z.object({
  id: z.number().int(),
  level: z.number().int(),
  description: z.string(),
  parent: z.number().int().nullable(),
  isBudgetCashOut: z.boolean(),
  serviceType: z.string().nullable(),
  /** Descriptions from level 1 down to this category. */
  path: z.array(z.string()),
});
export const ZSearchSpendCategoriesResponse = z.array(ZSpendCategoryHit);

export const ZTag = z.object({ id: z.number().int(), name: z.string() });
export const ZTagsResponse = z.array(ZTag);
export const ZCreateTagRequest = z.object({ name: z.string().trim().min(1, benefitMessages.tagNameRequired).max(64) });

export const ZCurrenciesRequest = z.object({
  group: z.string().trim().min(1).max(64),
  employeeId: optionalId,
  policyVersionId: optionalId,
});
export type TCurrenciesRequest = z.infer<typeof ZCurrenciesRequest>;
export const ZCurrenciesResponse = z.object({ currencyCodes: z.array(z.string()) });
export const ZLegacyCurrenciesResponse = z.object({ response: z.array(ZCurrenciesResponse) });

// ── employee policy view ────────────────────────────────────────────────────────────────────
export const REMOVED_FROM_POLICY = "REMOVED FROM POLICY";
export const ZEmployeePolicyRequest = z.object({ employeeId: id, moveId: optionalId });
export type TEmployeePolicyRequest = z.infer<typeof ZEmployeePolicyRequest>;
export const ZPolicyComponent = z.object({
  name: z.string(),
  title: z.string(),
  type: z.string(),
  value: z.string(),
  serviceRemoved: z.boolean().optional(),
});
export const ZPolicySection = z.object({
  type: z.string(),
  title: z.string(),
  sectionMultiTitle: z.string().optional(),
  components: z.array(ZPolicyComponent),
});
export type TPolicySection = z.infer<typeof ZPolicySection>;
export const ZEmployeePolicyResponse = z.object({
  success: z.boolean(),
  moveStageSections: z.array(
    z.object({ moveStageId: z.number().int(), moveStageName: z.string(), sections: z.array(ZPolicySection) }),
  ),
  errorMessage: z.string().nullable(),
  message: z.string().nullable(),
  policy: z.object({ id: z.number().int(), name: z.string(), policyVersionId: z.number().int(), versionNumber: z.number().int() }).nullable(),
  /** Whose policy this is (Meridian's addition to the documented fields). */
  employee: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
});
export type TEmployeePolicyResponse = z.infer<typeof ZEmployeePolicyResponse>;

/** Every failure of a legacy call of this part: `{success: false, errorMessage}`. */
export const ZLegacyFailure = z.object({ success: z.literal(false), errorMessage: z.string() });
