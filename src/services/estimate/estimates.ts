/**
 * The cost estimate of a move (part 1 §3 cost estimate, §4 estimate states, §7 estimate calls):
 * the settings a version is computed with, the computation (src/domain/estimate, pure) over what
 * src/services/estimate/source.ts reads, and the versions kept per move (each save or
 * recalculation stores a new CURRENT version; earlier ones stay as history).
 */
import type { DB } from "../../db/index.ts";
import { lockRow } from "../../db/locks.ts";
import type { GroupRef } from "../../db/schema.ts";
import {
  findCurrentEstimate,
  findEstimateDetails,
  findEstimateById,
  findEstimateHistory,
  insertEstimateVersion,
  softDeleteEstimates,
  type Supersedes,
} from "../../db/queries/estimate/estimate.ts";
import { findEmployee } from "../../db/queries/moves/wizard.ts";
import { estimateMessages } from "../../domain/estimate/messages.ts";
import { estimateYears, validateEstimateEdits } from "../../domain/estimate/rules.ts";
import {
  ZBalanceSheetView,
  ZCostEstimateView,
  type TCalculateTaxRequest,
  type TCalculateTaxResponse,
  type TCostEstimateType,
  type TCostEstimateView,
  type TBalanceSheetView,
  type TCustomService,
  type TEstimationView,
  type TEstimationViewRequest,
  type TEstimationViewResponse,
  type THistoryResponse,
  type TOverrideService,
  type TRecalculateRequest,
  type TSaveEstimateRequest,
  type TTaxability,
  type TTaxMethod,
  type TTaxRateRequest,
  type TUpdateAdvancedRequest,
  taxRateRequestProblems,
} from "../../domain/estimate/schemas.ts";
import { findMoveWithPolicy } from "../../db/queries/moves/moves.ts";
import { countryNamesOf } from "../../db/queries/admin/countries.ts";
import { wizardMessages } from "../../domain/moves/wizard/messages.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { convert, isCurrencyCode, MONEY_MAX_MINOR, parseAmount, type Money } from "../../domain/money/money.ts";
import { canActInGroup } from "../../domain/roles.ts";
import { isUniqueViolation } from "../policy/common.ts";
import { taxRatePercent, taxSystemFor, type FilingStatus, type TaxCategory } from "../../domain/tax/index.ts";
import type { SessionUser } from "../identity/auth.ts";
import { auditMove } from "../moves/wizard/audit.ts";
import type { WizardActor } from "../moves/wizard/types.ts";
import { estimateMoveForCaller, ESTIMATE_READ_ROLES, type EstimateMove } from "./access.ts";
import { approvalStateOfVersion, lastSentByVersion } from "./approval-link.ts";
import { approvalStateOf } from "../../domain/estimate/approval-link.ts";
import { computeFor } from "./compute.ts";
import { detailsOf } from "./details.ts";
import { loadEstimateSource, type EstimateSource } from "./source.ts";
import { loadRates } from "./rates.ts";

/** What a version is computed with (stored with it, JSON; amounts in minor units). */
import type { Computed, EstimateSettings } from "./types.ts";
export type { Computed, EstimateSettings } from "./types.ts";

type EstimateRow = NonNullable<Awaited<ReturnType<typeof findCurrentEstimate>>>;

const ESTIMATE_TYPES_OF_POLICY = new Set<string>(["ADVANCED", "LTA", "STA", "NO_PROVIDER"]);

function typeOf(move: EstimateMove): TCostEstimateType {
  if (!ESTIMATE_TYPES_OF_POLICY.has(move.estimate_type)) throw new AppError("VALIDATION", estimateMessages.noEstimateOnPolicy);
  return move.estimate_type as TCostEstimateType;
}

/** A first version's settings: the salary's currency for display, gross-up, the stage-6 years and method. */
function defaultSettings(move: EstimateMove, source: EstimateSource): EstimateSettings {
  const type = typeOf(move);
  const display = source.salary?.currency ?? source.services.find((s) => s.currency)?.currency ?? "USD";
  const advanced = type === "ADVANCED";
  return {
    type,
    years: estimateYears(type, source.details.years, move.assignment_start_date ?? move.move_date, move.assignment_end_date),
    displayCurrency: display,
    secondaryDisplayCurrency: null,
    taxMethod: advanced ? source.details.taxMethod : "GROSS_UP",
    taxCategory: (source.details.taxCategories[0] ?? "MARGINAL") as TaxCategory,
    taxRateOverride: null,
    annualSalary: source.salary,
    endDate: move.assignment_end_date,
    approval: { isApproved: false, approverName: null, approverEmail: null, approvalDate: null },
    overrides: [],
    customItems: [],
    taxYearOverrides: [],
  };
}

export function settingsOfRow(row: EstimateRow): EstimateSettings {
  const settings = JSON.parse(row.settings) as EstimateSettings;
  // The approval columns are the record: the approver's link decision writes them after the version was stored.
  return { ...settings, approval: { isApproved: row.is_approved === 1, approverName: row.approver_name, approverEmail: row.approver_email, approvalDate: row.approval_date } };
}

/** The version's view with its approval as recorded now (the approver may have decided since it was stored). */
async function withApprovalState<T extends { employeeInformation: TCostEstimateView["employeeInformation"] }>(db: DB, row: EstimateRow, view: T): Promise<T> {
  return {
    ...view,
    employeeInformation: {
      ...view.employeeInformation,
      isApproved: row.is_approved === 1,
      approverName: row.approver_name,
      approverEmail: row.approver_email,
      approvalDate: row.approval_date,
      approvalState: await approvalStateOfVersion(db, row),
    },
  };
}

/** The settings of the move's current version, or a first version's. */
export async function currentSettings(db: DB, move: EstimateMove): Promise<EstimateSettings> {
  const row = await findCurrentEstimate(db, move.id);
  return row ? settingsOfRow(row) : defaultSettings(move, await loadEstimateSource(db, move));
}

type Edits = Partial<Pick<TRecalculateRequest, "overrideServices" | "customServices" | "taxRateOverride" | "taxCategory" | "taxMethod" | "annualSalaryAmount" | "annualSalaryCurrency" | "displayCurrency" | "secondaryDisplayCurrency">> & {
  years?: number;
  endDate?: string | null;
  approval?: EstimateSettings["approval"];
  taxYearOverrides?: Array<{ yearIndex: number; amount: string }>;
};

/** An amount typed on the page, in minor units within the one money bound (checked at the request, before any job). */
function amountOf(text: string, currency: string): number {
  const { amount } = parseAmount(text, currency);
  if (Math.abs(amount) > MONEY_MAX_MINOR) throw new AppError("VALIDATION", estimateMessages.amountTooLarge);
  return amount;
}

function parseOverrides(rows: TOverrideService[]): EstimateSettings["overrides"] {
  return rows.map((r) => ({
    serviceCode: r.serviceCode,
    stageId: r.stageId,
    currency: r.currency,
    amount: r.amount.trim() === "" ? null : amountOf(r.amount, r.currency),
    taxability: r.taxability,
  }));
}

function parseCustom(rows: TCustomService[]): EstimateSettings["customItems"] {
  return rows
    .filter((r) => !(r.newlyAdded && r.serviceName.trim() === "" && /^0*$/.test(r.amount.replaceAll(",", "").trim())))
    .map((r) => ({ serviceName: r.serviceName.trim(), taxability: r.taxability ?? "MAYBE", amount: amountOf(r.amount, r.currency), currency: r.currency }));
}

/**
 * The base settings with the page's edits applied, after the §5 checks (one VALIDATION error
 * with every field's message and the "fill in all the required values" summary).
 */
export function settingsWithEdits(base: EstimateSettings, edits: Edits, options: { requireApproverEmail?: boolean; originals?: Map<string, number> } = {}): EstimateSettings {
  const approval = edits.approval ?? base.approval;
  const overrideServices = edits.overrideServices ?? [];
  const customServices = edits.customServices ?? [];
  const check = validateEstimateEdits({
    overrideServices: overrideServices.map((o) => ({
      amount: o.amount,
      currency: o.currency,
      originalAmount: options.originals?.get(`${o.stageId}:${o.serviceCode}`) ?? 0,
    })),
    customServices: customServices.map((c) => ({ ...c, taxability: c.taxability ?? null, newlyAdded: c.newlyAdded ?? null })),
    approval,
    requireApproverEmail: options.requireApproverEmail ?? false,
  });
  if (check.summary) throw new AppError("VALIDATION", check.summary, check.fields);
  for (const c of [edits.displayCurrency, edits.secondaryDisplayCurrency, edits.annualSalaryCurrency]) {
    if (c && !isCurrencyCode(c)) throw new AppError("VALIDATION", estimateMessages.unknownCurrency, { currency: estimateMessages.unknownCurrency });
  }
  let annualSalary = base.annualSalary;
  if (edits.annualSalaryAmount !== undefined) {
    const currency = edits.annualSalaryCurrency ?? base.annualSalary?.currency ?? base.displayCurrency;
    annualSalary = edits.annualSalaryAmount === null || edits.annualSalaryAmount.trim() === "" ? null : parseAmount(edits.annualSalaryAmount, currency);
    // Checked here, at the request: a recalculation job would fail on it three times later; the salary
    // is stored in a 64-bit column (minor units) and bounded like every money input (MONEY_MAX_MINOR).
    const refused = !annualSalary ? null : annualSalary.amount < 0 ? estimateMessages.salaryNegative : annualSalary.amount > MONEY_MAX_MINOR ? estimateMessages.amountTooLarge : null;
    if (refused) throw new AppError("VALIDATION", refused, { annualSalaryAmount: refused });
  }
  return {
    ...base,
    years: edits.years ?? base.years,
    displayCurrency: edits.displayCurrency ?? base.displayCurrency,
    secondaryDisplayCurrency: edits.secondaryDisplayCurrency !== undefined ? edits.secondaryDisplayCurrency : base.secondaryDisplayCurrency,
    taxMethod: edits.taxMethod ?? base.taxMethod,
    taxCategory: (edits.taxCategory ?? base.taxCategory) as TaxCategory,
    taxRateOverride: edits.taxRateOverride !== undefined ? edits.taxRateOverride : base.taxRateOverride,
    annualSalary,
    endDate: edits.endDate !== undefined ? edits.endDate : base.endDate,
    approval,
    overrides: edits.overrideServices ? parseOverrides(edits.overrideServices) : base.overrides,
    customItems: edits.customServices ? parseCustom(edits.customServices) : base.customItems,
    taxYearOverrides: edits.taxYearOverrides
      ? edits.taxYearOverrides.map((t) => ({ yearIndex: t.yearIndex, amount: amountOf(t.amount, edits.displayCurrency ?? base.displayCurrency) }))
      : base.taxYearOverrides,
  };
}

/** Another save stored a version first (the one this write was computed from is no longer current). */
export class LostVersionRace extends AppError {
  constructor() {
    super("CONFLICT", estimateMessages.saveFailure);
  }
}

/** Background recalculations retry a lost race this many times (each retry sees the newer version). */
const CURRENT_RETRIES = 5;

/**
 * Computes and stores a new CURRENT version in one transaction with its audit row, in place of
 * `supersedes` (src/db/queries/estimate/estimate.ts `Supersedes`). A lost race (another request replaced the
 * version first, or stored the move's first version) throws `LostVersionRace` (CONFLICT with the
 * save failure text), never a database error; "current" retries instead. `source` is the move's
 * inputs when the caller has already read them.
 */
export async function storeComputedVersion(
  db: DB,
  actor: WizardActor,
  move: EstimateMove,
  settings: EstimateSettings,
  o: { stageAction: string; supersedes: Supersedes; source?: EstimateSource; keepIfUnchanged?: boolean },
) {
  const inputs = o.source ?? (await loadEstimateSource(db, move));
  for (let attempt = 1; ; attempt++) {
    try {
      return await storeVersionOnce(db, actor, move, settings, o.stageAction, o.supersedes, inputs, o.keepIfUnchanged ?? false);
    } catch (error) {
      const lost = error instanceof LostVersionRace || isUniqueViolation(error);
      if (!lost) throw error;
      if (o.supersedes !== "current" || attempt >= CURRENT_RETRIES) throw error instanceof LostVersionRace ? error : new LostVersionRace();
    }
  }
}

/** JSON with object keys sorted at every level: equal values give equal text whatever their key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** A view without what differs between two versions of the same figures (ids, dates, author, current flag), read through the contract. */
function figuresOf(view: TCostEstimateView): string {
  const { costEstimateId: _id, versionNumber: _n, createdAt: _at, createdBy: _by, current: _current, balanceSheetNeedsRecalculation: _flag, ...figures } = ZCostEstimateView.parse(view);
  return canonicalJson(figures);
}

async function storeVersionOnce(
  db: DB,
  actor: WizardActor,
  move: EstimateMove,
  settings: EstimateSettings,
  stageAction: string,
  supersedes: Supersedes,
  inputs: EstimateSource,
  keepIfUnchanged: boolean,
) {
  const at = new Date().toISOString();
  const author = `${actor.user.firstName} ${actor.user.lastName}`.trim();
  const provisional = computeFor(inputs, settings, { costEstimateId: 0, versionNumber: 0, current: true, createdAt: at, createdBy: author });
  // The total is stored in a 64-bit column and bounded like every amount (MONEY_MAX_MINOR): a sum past it is refused, not a database error.
  if (Math.abs(provisional.view.total) > MONEY_MAX_MINOR) throw new AppError("VALIDATION", estimateMessages.amountTooLarge);
  return db.transaction().execute(async (trx) => {
    if (keepIfUnchanged) {
      // A recalculation that gives the current version's figures from its settings stores nothing:
      // N identical recalculations posted at once give one version (checked under the move's lock,
      // the lock every version write of the move takes first).
      await lockRow(trx, "moves", move.id);
      const current = await findCurrentEstimate(trx, move.id);
      if (current && canonicalJson(JSON.parse(current.settings)) === canonicalJson(settings)) {
        const kept = storedView(current, null);
        const sheetOf = (sheet: TBalanceSheetView | null) => (sheet === null ? "null" : canonicalJson({ ...ZBalanceSheetView.parse(sheet), costEstimateId: 0 }));
        if (figuresOf(kept.view) === figuresOf(provisional.view) && sheetOf(kept.balanceSheet) === sheetOf(provisional.balanceSheet)) {
          return { id: current.id, view: kept.view, balanceSheet: kept.balanceSheet };
        }
      }
    }
    const stored = await insertEstimateVersion(trx, {
      group_id: move.group_id,
      move_id: move.id,
      employee_user_id: move.employee_user_id,
      type: settings.type,
      years: provisional.view.years,
      display_currency: settings.displayCurrency,
      secondary_display_currency: settings.secondaryDisplayCurrency,
      tax_method: settings.taxMethod,
      tax_category: settings.taxCategory,
      tax_rate_override: settings.taxRateOverride,
      annual_salary_amount: settings.annualSalary?.amount ?? null,
      annual_salary_currency: settings.annualSalary?.currency ?? null,
      end_date: settings.endDate,
      is_approved: settings.approval.isApproved ? 1 : 0,
      approver_name: settings.approval.approverName,
      approver_email: settings.approval.approverEmail,
      approval_date: settings.approval.approvalDate,
      overrides: JSON.stringify(settings.overrides),
      custom_items: JSON.stringify(settings.customItems),
      settings: JSON.stringify(settings),
      result: "{}",
      balance_sheet: null,
      total_minor: provisional.view.total,
      stage_action: stageAction,
      created_at: at,
      created_by: actor.user.id,
      deleted_at: null,
    }, supersedes);
    if (!stored) throw new LostVersionRace();
    const view = { ...provisional.view, costEstimateId: stored.id, versionNumber: stored.versionNumber };
    const balanceSheet = provisional.balanceSheet ? { ...provisional.balanceSheet, costEstimateId: stored.id } : null;
    await trx
      .updateTable("cost_estimates")
      .set({ result: JSON.stringify(view), balance_sheet: balanceSheet ? JSON.stringify(balanceSheet) : null })
      .where("id", "=", stored.id)
      .execute();
    await auditMove(trx, actor, { id: move.id, groupId: move.group_id }, { at, action: `estimate.${stageAction}`, newValues: { costEstimateId: stored.id, version: stored.versionNumber, total: view.total } });
    return { id: stored.id, view, balanceSheet };
  });
}

/** The stored view of a version (parsed back through the contract), current flag and recalculation flag refreshed. */
export function storedView(row: EstimateRow, detailsUpdatedAt: string | null): Computed {
  const view = ZCostEstimateView.parse(JSON.parse(row.result));
  const balanceSheet = row.balance_sheet ? ZBalanceSheetView.parse(JSON.parse(row.balance_sheet)) : null;
  return {
    view: { ...view, current: row.status === "CURRENT", balanceSheetNeedsRecalculation: view.balanceSheetEnabled && detailsUpdatedAt !== null && detailsUpdatedAt > row.created_at },
    balanceSheet,
  };
}

export async function viewResponseOf(
  db: DB,
  move: EstimateMove,
  row: EstimateRow,
  options: { estimationView: TEstimationView; existingEstimate: boolean },
): Promise<TEstimationViewResponse> {
  const details = await findEstimateDetails(db, move.id);
  const { view, balanceSheet } = storedView(row, details?.updated_at ?? null);
  if (options.estimationView === "BalanceSheet") {
    if (!balanceSheet) throw new AppError("VALIDATION", estimateMessages.balanceSheetFailure);
    return { success: true, exists: true, existingEstimate: options.existingEstimate, costEstimate: null, balanceSheet };
  }
  return { success: true, exists: true, existingEstimate: options.existingEstimate, costEstimate: await withApprovalState(db, row, view), balanceSheet: null };
}

/** GET getEstimationView: the current version; with createIfNecessary a first one is computed and stored. */
export async function estimationView(db: DB, actor: WizardActor, move: EstimateMove, input: TEstimationViewRequest): Promise<TEstimationViewResponse> {
  let row = await findCurrentEstimate(db, move.id);
  const existed = row !== undefined;
  if (!row || input.recalculateEstimationView) {
    if (!row && !input.createIfNecessary) return { success: true, exists: false, existingEstimate: false, costEstimate: null, balanceSheet: null };
    const source = await loadEstimateSource(db, move);
    const settings = row ? settingsOfRow(row) : defaultSettings(move, source);
    try {
      const stored = await storeComputedVersion(db, actor, move, settings, { stageAction: "ON_PAGE", supersedes: row?.id ?? null, source });
      row = (await findEstimateById(db, stored.id))!;
    } catch (error) {
      // A parallel load stored the first version (or recalculated) first: answer that one.
      if (!(error instanceof LostVersionRace)) throw error;
      row = await findCurrentEstimate(db, move.id);
      if (!row) throw error;
    }
  }
  return viewResponseOf(db, move, row, { estimationView: input.estimationView, existingEstimate: existed });
}

/** The computed amounts of the current version's services, by `stage:service`, for the "value required" rule. */
function originalsOf(row: EstimateRow | undefined): Map<string, number> {
  const originals = new Map<string, number>();
  if (!row) return originals;
  const view = JSON.parse(row.result) as TCostEstimateView;
  for (const s of view.servicesEstimation?.servicesEstimations ?? []) originals.set(`${s.stageId}:${s.serviceCode}`, s.originalAmount);
  return originals;
}

/** A kept (not deleted) version of this move's estimate, else NOT_FOUND. */
async function versionOfMove(db: DB, move: EstimateMove, costEstimateId: number): Promise<EstimateRow> {
  const row = await findEstimateById(db, costEstimateId);
  if (!row || row.move_id !== move.id || row.status === "DELETED") throw new AppError("NOT_FOUND", estimateMessages.estimateNotFound);
  return row;
}

/** The version a save edits: it must still be the current one (another save since answers CONFLICT). */
async function currentRowOrThrow(db: DB, move: EstimateMove, costEstimateId: number) {
  const row = await versionOfMove(db, move, costEstimateId);
  if (row.status !== "CURRENT") throw new AppError("CONFLICT", estimateMessages.saveFailure);
  return row;
}

/**
 * Issue 13 item 6: approval is the approver's. HR records the approver and sends for approval but
 * cannot mark the estimate approved (or change the name or date of a recorded approval); only an
 * ADMIN records an approval received outside Meridian. Keeping a recorded approval as it is, or
 * clearing it, stays open to HR.
 */
export function checkApprovalAuthority(actor: WizardActor, current: EstimateSettings["approval"], next: EstimateSettings["approval"]): void {
  if (actor.user.role === "ADMIN" || !next.isApproved) return;
  const unchanged = current.isApproved && (current.approverName ?? null) === (next.approverName ?? null) && (current.approvalDate ?? null) === (next.approvalDate ?? null);
  if (!unchanged) throw new AppError("FORBIDDEN", estimateMessages.approvalNotYours);
}

/** POST saveEstimate (basic): a new version with the page's edits and approval. */
export async function saveEstimate(db: DB, actor: WizardActor, move: EstimateMove, input: TSaveEstimateRequest) {
  const row = await currentRowOrThrow(db, move, input.costEstimateID);
  const approval = { isApproved: input.isApproved, approverName: input.approverName, approverEmail: input.approverEmail, approvalDate: input.approvalDate };
  checkApprovalAuthority(actor, settingsOfRow(row).approval, approval);
  const settings = settingsWithEdits(
    { ...settingsOfRow(row), type: input.type },
    {
      ...input,
      approval,
      endDate: input.endDate,
    },
    { originals: originalsOf(row), requireApproverEmail: input.stageAction === "ON_SEND" },
  );
  const stored = await storeComputedVersion(db, actor, move, settings, { stageAction: input.stageAction, supersedes: row.id });
  return { success: true, costEstimateId: stored.id, costEstimate: stored.view, message: estimateMessages.saved };
}

/** POST updateAdvancedCostEstimate: the same for an advanced estimate, with its tax settings. */
export async function updateAdvancedEstimate(db: DB, actor: WizardActor, move: EstimateMove, input: TUpdateAdvancedRequest) {
  const row = await currentRowOrThrow(db, move, input.costEstimateId);
  const approval = { isApproved: input.isApproved, approverName: input.approverName, approverEmail: input.approverEmail, approvalDate: input.approvalDate };
  checkApprovalAuthority(actor, settingsOfRow(row).approval, approval);
  const settings = settingsWithEdits(
    settingsOfRow(row),
    {
      ...input,
      taxRateOverride: input.manualTaxSection.taxRateOverride,
      taxYearOverrides: input.manualTaxSection.taxYearOverrides,
      taxCategory: input.taxCategories?.[0],
      approval,
    },
    { originals: originalsOf(row), requireApproverEmail: input.stageAction === "ON_SEND" },
  );
  const stored = await storeComputedVersion(db, actor, move, settings, { stageAction: input.stageAction, supersedes: row.id });
  return { success: true, costEstimateId: stored.id, costEstimate: stored.view, message: estimateMessages.saved };
}

/** POST basic-ce/calculate-tax: tax of the edited rows, nothing stored. */
export async function calculateTax(db: DB, move: EstimateMove, input: TCalculateTaxRequest): Promise<TCalculateTaxResponse> {
  // Any kept version of this move (a live call may still be on its way when a save makes a new one).
  const row = await versionOfMove(db, move, input.costEstimateId);
  // The stored view is parsed for the original amounts only when a service amount is overridden.
  const originals = input.services.length > 0 ? originalsOf(row) : undefined;
  const settings = settingsWithEdits(settingsOfRow(row), { overrideServices: input.services, customServices: input.customServices, taxRateOverride: input.taxRateOverride }, { originals });
  const { view } = computeFor(await loadEstimateSource(db, move), settings, { costEstimateId: row.id, versionNumber: row.version_number, current: true, createdAt: row.created_at, createdBy: null });
  const tax = (s: { identifier: string; taxAmount: number; total: number; currency: string }) => ({ identifier: s.identifier, taxAmount: s.taxAmount, total: s.total, currency: s.currency });
  return {
    status: "SUCCESS",
    data: [
      {
        servicesEstimations: view.servicesEstimation.servicesEstimations.map(tax),
        customServicesEstimations: view.servicesEstimation.customServicesEstimations.map(tax),
        taxRate: view.taxRate,
        totalEstimateAfterOverrides: view.servicesEstimation.totalEstimateAfterOverrides,
      },
    ],
  };
}

/**
 * The family get-tax-rate computes with (issue 13): the request's filingStatus / married /
 * dependants; the missing ones from the move named by employeeId + moveId (a move of the group:
 * its stage-6 filing status and the dependants of the side in that country, host first — the
 * figures the estimate uses — else the stage-2 family's defaults), else SINGLE without dependants.
 */
export async function taxRateProfile(db: DB, input: TTaxRateRequest, groupId: number): Promise<{ filingStatus: FilingStatus; dependants: number }> {
  const problems = taxRateRequestProblems(input);
  const first = Object.values(problems)[0];
  if (first !== undefined) throw new AppError("VALIDATION", first, problems);
  if (!(await countryNamesOf(db)).has(input.countryCode)) {
    throw new AppError("VALIDATION", estimateMessages.unknownCountry, { countryCode: estimateMessages.unknownCountry });
  }
  let fromMove: { filingStatus: FilingStatus; dependants: number } | null = null;
  if (input.employeeId !== undefined && input.moveId !== undefined) {
    const move = await findMoveWithPolicy(db, input.moveId);
    if (!move || move.employee_user_id !== input.employeeId || move.group_id !== groupId) throw new AppError("NOT_FOUND", wizardMessages.moveNotFound);
    const details = await detailsOf(db, move);
    const side = details.host.countryCode !== input.countryCode && details.home.countryCode === input.countryCode ? details.home : details.host;
    fromMove = { filingStatus: details.filingStatus, dependants: side.numberOfDependants };
  }
  const movedStatus = fromMove?.filingStatus ?? "SINGLE";
  const filingStatus: FilingStatus =
    input.filingStatus ??
    (input.married === true ? "MARRIED_JOINT" : input.married === false ? (movedStatus === "HEAD_OF_HOUSEHOLD" ? movedStatus : "SINGLE") : movedStatus);
  return { filingStatus, dependants: input.dependants ?? fromMove?.dependants ?? 0 };
}

/** GET /{group}/get-tax-rate: the whole-percent rate of the jurisdiction at the salary, for the family. */
export async function taxRate(db: DB, input: TTaxRateRequest, groupId: number) {
  const profile = await taxRateProfile(db, input, groupId);
  const system = taxSystemFor({ countryCode: input.countryCode, region: input.region, on: input.moveDate ?? null });
  if (!system) return { rate: 0, taxYear: "", source: "No tax table for this country: 0 % assumed.", note: null, ...profile };
  const salary = parseAmount(input.salaryAmount, input.salaryCurrency);
  const rates = await loadRates(db);
  const salaryMinor = convert(salary, rates.rateOf(salary.currency, system.currency), system.currency).amount;
  const rate = taxRatePercent({ countryCode: input.countryCode, region: input.region, taxCategory: input.taxCategory, salaryMinor, moveDate: input.moveDate, profile }) ?? 0;
  const notes = system.info.flatMap((i) => (i.note === undefined ? [] : [i.note]));
  return {
    rate,
    taxYear: system.info.map((i) => i.taxYear).join(", "),
    source: system.info.map((i) => `${i.name}: ${i.source}`).join("; "),
    note: notes.length === 0 ? null : notes.join(" "),
    ...profile,
  };
}

/** GET cost-estimate-history/{employeeId}: every kept version of the employee's estimates. */
export async function estimateHistory(db: DB, user: SessionUser, input: { employeeId: number; moveId?: number }): Promise<THistoryResponse> {
  if (!ESTIMATE_READ_ROLES.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  const employee = await findEmployee(db, input.employeeId);
  if (!employee) throw new AppError("NOT_FOUND", estimateMessages.estimateNotFound);
  if (user.role !== "CRM" && (employee.group_id === null || !canActInGroup(user, employee.group_id))) throw new AppError("FORBIDDEN", messages.otherGroup);
  const rows = await findEstimateHistory(db, input.employeeId, input.moveId);
  const sent = await lastSentByVersion(db, rows.map((r) => r.id));
  return {
    success: true,
    employeeName: `${employee.first_name} ${employee.last_name}`.trim(),
    history: rows.map((r) => ({
      costEstimateId: r.id,
      moveId: r.move_id,
      versionNumber: r.version_number,
      type: r.type as TCostEstimateType,
      current: r.status === "CURRENT",
      createdAt: r.created_at,
      createdBy: r.first_name === null ? null : `${r.first_name} ${r.last_name ?? ""}`.trim(),
      displayCurrency: r.display_currency,
      total: r.total_minor,
      isApproved: r.is_approved === 1,
      approvalState: approvalStateOf(r, sent.get(r.id) ?? null),
      viewUrl: `/${r.group_name}/cost-estimate-view?employeeId=${input.employeeId}&costEstimateId=${r.id}`,
    })),
  };
}

/** /{group}/cost-estimate-view: one version, read-only. */
export async function estimateVersion(db: DB, user: SessionUser, group: GroupRef, input: { employeeId: number; costEstimateId: number }) {
  const row = await findEstimateById(db, input.costEstimateId);
  if (!row || row.employee_user_id !== input.employeeId || row.group_id !== group.id || row.status === "DELETED") {
    throw new AppError("NOT_FOUND", estimateMessages.estimateNotFound);
  }
  await estimateMoveForCaller(db, user, { employeeId: row.employee_user_id, moveId: row.move_id }, "read");
  const { view, balanceSheet } = storedView(row, null);
  return { success: true, costEstimate: await withApprovalState(db, row, view), balanceSheet };
}

/** The move's current version for export or approval (a history version when asked and of this move). */
export async function versionForMove(db: DB, move: EstimateMove, costEstimateId?: number): Promise<Computed & { row: EstimateRow }> {
  const row = costEstimateId ? await versionOfMove(db, move, costEstimateId) : await findCurrentEstimate(db, move.id);
  if (!row) throw new AppError("NOT_FOUND", estimateMessages.estimateNotFound);
  return { ...storedView(row, null), row };
}

/**
 * POST soft-delete-estimates: every version of the move's estimate is hidden (kept for the audit).
 * Repeating it (or a parallel twin) deletes nothing more and writes no second audit row.
 */
export async function softDeleteMoveEstimates(db: DB, actor: WizardActor, move: EstimateMove) {
  const at = new Date().toISOString();
  const deleted = await db.transaction().execute(async (trx) => {
    const n = await softDeleteEstimates(trx, move.id, at);
    if (n === 0) return 0;
    await auditMove(trx, actor, { id: move.id, groupId: move.group_id }, { at, action: "estimate.softDelete", newValues: { deleted: n } });
    return n;
  });
  return { success: true, deleted };
}
