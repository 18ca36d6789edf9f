/**
 * Contracts of the new-move wizard (part 1 §2 routes, §3 form component item / City / policy
 * response, §7 wizard calls). Shared by the tRPC procedures in src/routers/moves/wizard/, the legacy
 * routes of src/routers/moves/legacy/wizard.ts and the React wizard. Legacy fields arrive as text, so
 * ids and flags coerce.
 */
import { z } from "zod";
import { ZWizardStep } from "./navigation.ts";
import { ZFormType } from "../../policy/forms/catalogue.ts";
import { ZCity } from "../../admin/reference/schemas.ts";
import { zFlag } from "../../policy/benefit-schemas.ts";
import { zInt } from "../../numbers.ts";
import { ZMovePolicyRef } from "../policy-ref.ts";
import { MOVE_SORTS, zId, zOptionalId, ZMoveStatus, zStage } from "./search.ts";

export { MOVE_SORTS, MOVE_STATUSES, WIZARD_STAGES, zId, zOptionalId, ZMoveStatus, zStage, ZWizardSearch } from "./search.ts";
export type { TWizardSearch, WizardStage } from "./search.ts";

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const zOptionalFlag = (fallback: boolean) => z.preprocess(blankToUndefined, zFlag.default(fallback));
const groupName = z.string().trim().min(1).max(64);

// ── values ──────────────────────────────────────────────────────────────────────────────────
/** part 1 §3 City; id 0 means Other (the name is free text). */
export { ZCity };
export type TCity = z.infer<typeof ZCity>;

/**
 * part 1 §3 "Form component item: modelName, formType, formValue, formValueId, rateFrequency".
 * Money: formValue is the amount as entered (major units) and `currency` its ISO code.
 * countryStateCity: formValue is the city name, formValueId the city id (0 = Other), with
 * `countryCode` and `state`. dateOfBirth and dates: formValue is YYYY-MM-DD. checkbox: "true"/"false".
 */
export const ZFormComponentItem = z.object({
  modelName: z.string().trim().min(1).max(200),
  formType: ZFormType,
  formValue: z.preprocess((v) => (v === undefined ? null : v), z.union([z.string().max(4000), z.number(), z.boolean()]).nullable())
    .transform((v) => (v === null ? null : String(v))),
  formValueId: z.preprocess(blankToUndefined, zInt({ min: 0 }).nullable().optional()).transform((v) => v ?? null),
  rateFrequency: z.string().max(20).nullable().optional().transform((v) => v ?? null),
  currency: z.string().trim().toUpperCase().max(3).nullable().optional().transform((v) => v || null),
  countryCode: z.string().trim().toUpperCase().max(2).nullable().optional().transform((v) => v || null),
  state: z.string().trim().max(100).nullable().optional().transform((v) => v || null),
});
export type TFormComponentItem = z.infer<typeof ZFormComponentItem>;
/** What a move keeps of each value (moves.form_values, keyed by model name). */
export type TStoredFormValue = Omit<TFormComponentItem, "modelName">;

// ── GET /hr/json/getPolicySelectForm?group ──────────────────────────────────────────────────
export const ZPolicySelectFormRequest = z.object({ group: groupName, employeeId: zOptionalId, moveId: zOptionalId });
export const ZPolicyChoice = z.object({
  policyId: z.number().int(),
  policyVersionId: z.number().int(),
  versionNumber: z.number().int(),
  name: z.string(),
  moveType: z.string(),
  estimateType: z.string(),
  cityGuideOnly: z.boolean(),
  moveStagesCount: z.number().int(),
  tags: z.array(z.string()),
});
export const ZPolicySelectFormResponse = z.object({
  success: z.boolean(),
  policies: z.array(ZPolicyChoice),
  /** The version of the move being resumed, if any. */
  selectedPolicyVersionId: z.number().int().nullable(),
  /** Set when the employee is already activated: the §6 "changing policy after activation" warning. */
  warning: z.string().nullable(),
});
export type TPolicySelectFormResponse = z.infer<typeof ZPolicySelectFormResponse>;

// ── GET /hr/json/getInitiationForm?policyVersionId&employeeId&group ─────────────────────────
export const ZInitiationFormRequest = z.object({
  group: groupName,
  policyVersionId: zId,
  employeeId: zOptionalId,
  moveId: zOptionalId,
  /** The form-builder preview (/{group}/admin/new-move): ADMIN only, nothing can be saved. */
  preview: zOptionalFlag(false),
});
export const ZInitiationComponent = z.object({
  /** The form-builder field id (frmGrpId). */
  formGroupId: z.number().int(),
  key: z.string(),
  modelName: z.string(),
  formType: ZFormType,
  label: z.string(),
  placeholder: z.string(),
  tooltip: z.string(),
  mandatory: z.boolean(),
  draftMandatory: z.boolean(),
  readOnly: z.boolean(),
  validator: z.string().nullable(),
  availableValues: z.array(z.string()),
  master: z.boolean(),
  slave: z.boolean(),
  /** Shown only when origin and destination are both in the United States. */
  usToUsOnly: z.boolean(),
  allowNegative: z.boolean(),
  allowCurrencyWithoutValue: z.boolean(),
  value: ZFormComponentItem.omit({ modelName: true, formType: true }),
});
export type TInitiationComponent = z.infer<typeof ZInitiationComponent>;
export const ZInitiationSection = z.object({ id: z.number().int(), name: z.string(), components: z.array(ZInitiationComponent) });
export const ZInitiationFormResponse = z.object({
  success: z.boolean(),
  policyVersionId: z.number().int(),
  policyName: z.string(),
  estimateType: z.string(),
  cityGuideOnly: z.boolean(),
  /** The breadcrumb's hidden stages for this policy (part 1 §2): [3, 4] city guide only, [4] no estimate. */
  hiddenStages: z.array(z.number().int()),
  sections: z.array(ZInitiationSection),
  currencyCodes: z.array(z.string()),
  employeeId: z.number().int().nullable(),
  moveId: z.number().int().nullable(),
  /** The employee has activated their account: policy and destination changes warn. */
  employeeActivated: z.boolean(),
  /** The move is no longer a draft (initiated): stage 2 saves its changes instead of a draft. */
  initiated: z.boolean(),
  preview: z.boolean(),
});
export type TInitiationFormResponse = z.infer<typeof ZInitiationFormResponse>;

// ── GET /hr/json/getCountriesStates ─────────────────────────────────────────────────────────
export const ZCountriesStatesResponse = z.object({
  countries: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      /** Where the state is a dropdown (United States), its states; elsewhere the state is free text. */
      states: z.array(z.object({ code: z.string(), name: z.string() })).nullable(),
    }),
  ),
});
export type TCountriesStatesResponse = z.infer<typeof ZCountriesStatesResponse>;

// ── POST /hr/json/createNewEmployee ─────────────────────────────────────────────────────────
export const ZCreateNewEmployeeRequest = z.object({
  group: groupName,
  policyVersionId: zId,
  items: z.array(ZFormComponentItem).max(500),
  empTempFileUUID: z.string().max(100).nullable().optional(),
  skipCE: zOptionalFlag(false),
  saveAsDraft: zOptionalFlag(false),
  /** Set when saving a draft again (resume). */
  employeeId: zOptionalId,
  moveId: zOptionalId,
  preview: zOptionalFlag(false),
});
export type TCreateNewEmployeeRequest = z.infer<typeof ZCreateNewEmployeeRequest>;
/** A geo answer: the city could not be resolved to one city, so the client opens the city picker. */
export const ZGeoAnswer = z.object({
  modelName: z.string(),
  label: z.string(),
  query: z.string(),
  countryCode: z.string().nullable(),
  cities: z.array(ZCity),
});
export const ZCreateNewEmployeeResponse = z.object({
  success: z.boolean(),
  employeeId: z.number().int().nullable(),
  moveId: z.number().int().nullable(),
  /** The policy's estimate provider (null: none). */
  provider: z.string().nullable(),
  /** Errors per field, keyed by model name. */
  errors: z.record(z.string(), z.string()),
  geo: z.array(ZGeoAnswer).nullable(),
  /** A failure text, or "preview_saving_prohibited" in the form-builder preview. */
  message: z.string().nullable(),
  /** The stage the wizard goes to next (3, or 5 for a city-guide-only policy; the root page for a draft). */
  nextStage: z.number().int().nullable(),
});
export type TCreateNewEmployeeResponse = z.infer<typeof ZCreateNewEmployeeResponse>;
export const PREVIEW_SAVING_PROHIBITED = "preview_saving_prohibited";

// ── POST /hr/json/cancelNewEmployee/{employeeId}/moveId/{moveId} ────────────────────────────
export const ZMoveRef = z.object({ employeeId: zId, moveId: zId });
export const ZCancelNewEmployeeResponse = z.object({ success: z.boolean(), message: z.string().nullable() });

// ── GET /hr/json/getInitiationSummary?employeeId&benefits&moveId ────────────────────────────
export const ZInitiationSummaryRequest = z.object({ employeeId: zId, moveId: zId, benefits: zOptionalFlag(true) });
export const ZInitiationSummaryResponse = z.object({
  success: z.boolean(),
  employee: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  policy: ZMovePolicyRef.extend({ cityGuideOnly: z.boolean() }),
  move: z.object({
    id: z.number().int(),
    status: ZMoveStatus,
    origin: z.string().nullable(),
    destination: z.string().nullable(),
    moveDate: z.string().nullable(),
    assignmentStartDate: z.string().nullable(),
    assignmentEndDate: z.string().nullable(),
  }),
  /**
   * The form's own fields marked inInitiationSummaryFields, in form order (the core fields, name,
   * e-mail, places and dates, are in `employee` and `move`). Dates stay ISO (formType dateOfBirth);
   * money reads "USD 1,000.00".
   */
  fields: z.array(z.object({ label: z.string(), value: z.string(), modelName: z.string(), formType: z.string() })),
  /**
   * The move's cost estimate: null when the policy has none; "skipped" when the move skipped it;
   * "none" before one is made; otherwise its total (display currency, whole units) and approval:
   * "approved" (approver, approval date), "rejected" by the approver (who, when, their comment),
   * "sent" for approval (to whom, when) or "notSent".
   */
  estimate: z
    .object({
      state: z.enum(["skipped", "none", "approved", "rejected", "sent", "notSent"]),
      versionNumber: z.number().int().nullable(),
      total: z.string().nullable(),
      approverName: z.string().nullable(),
      approverEmail: z.string().nullable(),
      /** ISO date: approved on, rejected on, or sent on. */
      date: z.string().nullable(),
      /** The approver's comment when rejected. */
      comment: z.string().nullable().optional(),
    })
    .nullable(),
  /** With benefits=true: the chosen services and budgets per move stage. */
  moveStageSections: z
    .array(
      z.object({
        moveStageId: z.number().int(),
        moveStageName: z.string(),
        services: z.array(z.object({ service: z.string(), title: z.string(), detail: z.string() })),
        budgets: z.array(z.object({ budgetGroupId: z.number().int(), services: z.array(z.string()), amount: z.string() })),
      }),
    )
    .nullable(),
  /** Whether completing sends the employee the welcome e-mail (false when the policy says no welcome e-mail). */
  welcomeEmail: z.boolean(),
});
export type TInitiationSummaryResponse = z.infer<typeof ZInitiationSummaryResponse>;

// ── POST /{group}/complete-initiation ───────────────────────────────────────────────────────
export const ZCompleteInitiationRequest = z.object({ group: groupName, employeeId: zId, moveId: zId });
export const ZCompleteInitiationResponse = z.object({ success: z.boolean(), redirectUrl: z.string().nullable(), message: z.string().nullable() });

// ── GET /form/prefill?formGroupId&value&valueId&policyVersionId ─────────────────────────────
export const ZPrefillRequest = z.object({
  formGroupId: zId,
  value: z.string().max(500),
  valueId: zOptionalId,
  policyVersionId: zOptionalId,
});
export const ZPrefillResponse = z.object({
  success: z.boolean(),
  fields: z.array(z.object({ formGroupId: z.number().int(), modelName: z.string(), values: z.array(z.string()) })),
});
export type TPrefillResponse = z.infer<typeof ZPrefillResponse>;

// ── GET /splash/NEW_MOVE/CE_POLICY/specificSplash ───────────────────────────────────────────
export const ZSplashRequest = z.object({ area: z.string().max(40), key: z.string().max(40), group: groupName.optional() });
/** `id`: the splash shown, for PUT /splash/{id}/viewed (widgets.splashViewed); null on a failure. */
export const ZSplashResponse = z.object({ success: z.boolean(), id: z.number().int().nullable(), title: z.string(), content: z.string() });

// ── HR home: the group's moves ──────────────────────────────────────────────────────────────
export const MOVES_PAGE_SIZE = 20;
export const ZMovesRequest = z.object({
  group: groupName,
  page: z.number().int().min(0).max(100_000).default(0),
  q: z.string().trim().max(100).optional(),
  status: ZMoveStatus.optional(),
  sort: z.enum(MOVE_SORTS).default("updated"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type TMovesRequest = z.infer<typeof ZMovesRequest>;
export const ZMoveRow = z.object({
  moveId: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  email: z.string(),
  policyName: z.string(),
  policyVersionId: z.number().int(),
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  moveDate: z.string().nullable(),
  status: ZMoveStatus,
  currentMoveStage: z.number().int(),
  moveStagesCount: z.number().int(),
  /** Where a draft resumes in the wizard. */
  wizardStage: z.number().int(),
  /** The step where a draft resumes, as the wizard's stepper numbers and names it. */
  wizardStep: ZWizardStep,
  updatedAt: z.string(),
  /** The move's current cost estimate version (opens /{group}/cost-estimate-view), if it has one. */
  costEstimateId: z.number().int().nullable(),
  /** The move came from a bulk (external) import: its resume link opens the wizard with `externalImport=true`. */
  externalImport: z.boolean(),
});
export type TMoveRow = z.infer<typeof ZMoveRow>;
export const ZMovesResponse = z.object({ rows: z.array(ZMoveRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TMovesResponse = z.infer<typeof ZMovesResponse>;
