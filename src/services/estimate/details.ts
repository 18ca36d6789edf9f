/**
 * Wizard stage 6, the advanced estimate's inputs (part 1 §2 "family members' dates of birth,
 * home and host details, route options", §7 GET/POST advance-ce-details): what is stored for the
 * move, or defaults drawn from the move (origin = home, destination = host, family from stage 2).
 */
import type { DB } from "../../db/index.ts";
import { findEstimateDetails, findFamilyMembers, replaceFamilyMembers, upsertEstimateDetails } from "../../db/queries/estimate/estimate.ts";
import { findStates } from "../../db/queries/admin/reference.ts";
import { findCountryNames } from "../../db/queries/moves/wizard.ts";
import { estimateMessages, estimateText } from "../../domain/estimate/messages.ts";
import { columnCount } from "../../domain/estimate/rules.ts";
import {
  ZAdvancedDetails,
  type TAdvanceCeDetailsResponse,
  type TAdvancedDetails,
  type TSaveAdvanceCeDetailsRequest,
} from "../../domain/estimate/schemas.ts";
import { AppError } from "../../domain/errors.ts";
import { businessFunctionOf, defaultTaxProvider, taxMethodOf } from "../../domain/estimate/tax-provider.ts";
import { listTaxTables } from "../../domain/tax/index.ts";
import { configuredTaxProviderGroup } from "../../config.ts";
import { parseFormValues } from "../moves/wizard/initiation-rules.ts";
import { auditMove } from "../moves/wizard/audit.ts";
import type { WizardActor } from "../moves/wizard/types.ts";
import type { EstimateMove } from "./access.ts";

/** The stored stage-6 inputs of a move, or null (a broken text reads as none). */
export async function storedDetails(db: DB, moveId: number): Promise<{ details: TAdvancedDetails; updatedAt: string } | null> {
  const row = await findEstimateDetails(db, moveId);
  if (!row) return null;
  try {
    const parsed = ZAdvancedDetails.safeParse(JSON.parse(row.details));
    return parsed.success ? { details: parsed.data, updatedAt: row.updated_at } : null;
  } catch {
    return null;
  }
}

/**
 * Defaults from the move: origin is home, destination host, the family from stage 2; the tax method
 * is the default tax provider's (part 1 §9, src/domain/estimate/tax-provider.ts, TAX_PROVIDER_GROUP).
 */
export function defaultDetails(
  move: EstimateMove,
  family: Array<{ id: number; relationship: "PARTNER" | "CHILD" | "OTHER"; first_name: string; date_of_birth: string | null }>,
  taxProviderGroup: string | null = configuredTaxProviderGroup(),
): TAdvancedDetails {
  const familySize = 1 + family.length;
  // The children, as the stage-6 page counts them (advanced-inputs-state.ts familyCounts): the partner is no dependant.
  const dependants = family.filter((f) => f.relationship === "CHILD").length;
  const partner = family.some((f) => f.relationship === "PARTNER");
  const place = (countryCode: string | null, state: string | null, cityId: number | null, cityName: string | null) => ({
    countryCode,
    region: countryCode && state && regionsOf(countryCode).some((r) => r === state) ? state : null,
    cityId,
    cityName,
    routeOption: "HOME_PAYROLL" as const,
    specialRules: [],
    taxPosition: "TAX_EQUALIZED" as const,
    residencyList: countryCode ? [countryCode] : [],
    familySize,
    numberOfDependants: dependants,
  });
  return {
    years: columnCount(move.assignment_start_date ?? move.move_date, move.assignment_end_date) || 3,
    filingStatus: partner ? "MARRIED_JOINT" : "SINGLE",
    marginalTaxRate: null,
    taxCategories: ["MARGINAL"],
    taxMethod: taxMethodOf(
      defaultTaxProvider({
        group: move.group_name,
        configuredGroup: taxProviderGroup,
        homeCountryCode: move.origin_country_code,
        hostCountryCode: move.destination_country_code,
        businessFunction: businessFunctionOf(parseFormValues(move.form_values)),
      }),
    ),
    home: place(move.origin_country_code, move.origin_state, move.origin_city_id, move.origin_city_name),
    host: place(move.destination_country_code, move.destination_state, move.destination_city_id, move.destination_city_name),
    familyMembers: family.map((f) => ({ id: f.id, relationship: f.relationship, firstName: f.first_name, dateOfBirth: f.date_of_birth })),
  };
}

/** The move's stage-6 inputs: stored, else the defaults. */
export async function detailsOf(db: DB, move: EstimateMove): Promise<TAdvancedDetails> {
  return (await storedDetails(db, move.id))?.details ?? defaultDetails(move, await findFamilyMembers(db, move.id));
}

/** Regions with a tax table of their own in a country (US states, Canadian provinces, Swiss cantons). */
function regionsOf(countryCode: string): string[] {
  return listTaxTables()
    .filter((t) => t.countryCode === countryCode && t.region !== null)
    .map((t) => t.region!);
}

async function regionOptions(db: DB, countryCode: string | null) {
  if (!countryCode) return [];
  const codes = regionsOf(countryCode);
  if (codes.length === 0) return [];
  const states = await findStates(db, countryCode);
  return codes.map((code) => ({ code, name: states.find((s) => s.code === code)?.name ?? code }));
}

async function response(db: DB, move: EstimateMove, details: TAdvancedDetails, errors: Record<string, string>): Promise<TAdvanceCeDetailsResponse> {
  const names = new Map((await findCountryNames(db, [details.home.countryCode, details.host.countryCode].filter((c): c is string => !!c))).map((c) => [c.code, c.name]));
  return {
    success: Object.keys(errors).length === 0,
    details,
    employeeName: `${move.employee_first_name} ${move.employee_last_name}`.trim(),
    homeCountryName: details.home.countryCode ? (names.get(details.home.countryCode) ?? null) : null,
    hostCountryName: details.host.countryCode ? (names.get(details.host.countryCode) ?? null) : null,
    homeRegions: await regionOptions(db, details.home.countryCode),
    hostRegions: await regionOptions(db, details.host.countryCode),
    errors,
  };
}

/** GET /hr/json/advance-ce-details. */
export async function advanceCeDetails(db: DB, move: EstimateMove): Promise<TAdvanceCeDetailsResponse> {
  return response(db, move, await detailsOf(db, move), {});
}

/** The stage-6 rules: dates of birth given and not in the future, home and host countries known. */
export function detailsProblems(details: TAdvancedDetails, knownCountries: Set<string>, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  details.familyMembers.forEach((m, i) => {
    const name = m.firstName || (m.relationship === "PARTNER" ? "the partner" : `family member ${i + 1}`);
    if (!m.dateOfBirth) errors[`familyMembers.${i}.dateOfBirth`] = estimateText(estimateMessages.dateOfBirthRequired, { name });
    else if (m.dateOfBirth > today) errors[`familyMembers.${i}.dateOfBirth`] = estimateText(estimateMessages.dateOfBirthFuture, { name });
  });
  for (const side of ["home", "host"] as const) {
    const code = details[side].countryCode;
    if (!code || !knownCountries.has(code)) errors[`${side}.countryCode`] = estimateText(estimateMessages.countryRequired, { side });
  }
  return errors;
}

/** POST /hr/json/advance-ce-details: stores the inputs and the family's dates of birth in one transaction. */
export async function saveAdvanceCeDetails(
  db: DB,
  actor: WizardActor,
  move: EstimateMove,
  input: TSaveAdvanceCeDetailsRequest,
  now = new Date(),
): Promise<TAdvanceCeDetailsResponse> {
  const details = ZAdvancedDetails.parse({
    years: input.years,
    filingStatus: input.filingStatus,
    marginalTaxRate: input.marginalTaxRate,
    taxCategories: input.taxCategories,
    taxMethod: input.taxMethod,
    home: input.home,
    host: input.host,
    familyMembers: input.familyMembers,
  });
  const codes = [details.home.countryCode, details.host.countryCode].filter((c): c is string => !!c);
  const known = new Set((await findCountryNames(db, codes)).map((c) => c.code));
  const errors = detailsProblems(details, known, now.toISOString().slice(0, 10));
  if (Object.keys(errors).length > 0) throw new AppError("VALIDATION", estimateMessages.fillRequired, errors);
  for (const side of ["home", "host"] as const) {
    if (details[side].region && !regionsOf(details[side].countryCode!).includes(details[side].region!)) details[side].region = null;
  }
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await upsertEstimateDetails(trx, move.id, JSON.stringify(details), at, actor.user.id);
    await replaceFamilyMembers(
      trx,
      move.id,
      details.familyMembers.map((m) => ({ relationship: m.relationship, first_name: m.firstName, date_of_birth: m.dateOfBirth })),
    );
    await auditMove(trx, actor, { id: move.id, groupId: move.group_id }, { at, action: "estimate.details", newValues: details });
  });
  return response(db, move, details, {});
}
