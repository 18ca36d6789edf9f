/**
 * Client state of wizard stage 6, the advanced cost estimate inputs (part 1 §2 stage 6 "family
 * members' dates of birth, home and host details, route options", §3 advanced tax settings, §5
 * "Date of birth needs day, month and year; years span the last 100", §9 years 1–7). Pure, so the
 * checks are unit-tested; field keys are the request's paths (`familyMembers.0.dateOfBirth`,
 * `home.countryCode`), the same keys the server answers per field.
 */
import { estimateMessages, estimateText } from "../../../domain/estimate/messages.ts";
import {
  MAX_YEARS,
  MIN_YEARS,
  type TAdvancedDetails,
  type TSaveAdvanceCeDetailsRequest,
} from "../../../domain/estimate/schemas.ts";

export type Side = "home" | "host";
export type Relationship = TAdvancedDetails["familyMembers"][number]["relationship"];
type Location = TAdvancedDetails["home"];

export type MemberForm = {
  key: string;
  id: number | undefined;
  relationship: Relationship;
  firstName: string;
  /** YYYY-MM-DD or "". */
  dateOfBirth: string;
};

export type LocationForm = {
  countryCode: string;
  region: string;
  cityId: number | null;
  cityName: string | null;
  routeOption: Location["routeOption"];
  specialRules: Location["specialRules"];
  taxPosition: Location["taxPosition"];
  residencyList: string[];
  familySize: string;
  numberOfDependants: string;
};

export type AdvancedForm = {
  years: string;
  filingStatus: TAdvancedDetails["filingStatus"];
  marginalTaxRate: string;
  taxCategories: TAdvancedDetails["taxCategories"];
  taxMethod: TAdvancedDetails["taxMethod"];
  home: LocationForm;
  host: LocationForm;
  familyMembers: MemberForm[];
  nextMember: number;
};

function locationForm(l: Location): LocationForm {
  return {
    countryCode: l.countryCode ?? "",
    region: l.region ?? "",
    cityId: l.cityId,
    cityName: l.cityName,
    routeOption: l.routeOption,
    specialRules: [...l.specialRules],
    taxPosition: l.taxPosition,
    residencyList: [...l.residencyList],
    familySize: String(l.familySize),
    numberOfDependants: String(l.numberOfDependants),
  };
}

export function formFromDetails(details: TAdvancedDetails): AdvancedForm {
  const familyMembers = details.familyMembers.map((m, i) => ({
    key: `m${i + 1}`,
    id: m.id,
    relationship: m.relationship,
    firstName: m.firstName,
    dateOfBirth: m.dateOfBirth ?? "",
  }));
  return {
    years: String(details.years),
    filingStatus: details.filingStatus,
    marginalTaxRate: details.marginalTaxRate === null ? "" : String(details.marginalTaxRate),
    taxCategories: [...details.taxCategories],
    taxMethod: details.taxMethod,
    home: locationForm(details.home),
    host: locationForm(details.host),
    familyMembers,
    nextMember: familyMembers.length + 1,
  };
}

// ── family ──────────────────────────────────────────────────────────────────────────────────

/** The family size and dependants the members imply: the employee plus each member; children are dependants. */
export function familyCounts(members: MemberForm[]): { familySize: number; numberOfDependants: number } {
  return { familySize: 1 + members.length, numberOfDependants: members.filter((m) => m.relationship === "CHILD").length };
}

/**
 * After the members change, each side's family size and dependants follow them, unless the user
 * typed other numbers there (a side that matched the old counts is updated).
 */
function followCounts(form: AdvancedForm, before: MemberForm[], after: MemberForm[]): AdvancedForm {
  const old = familyCounts(before);
  const next = familyCounts(after);
  const follow = (l: LocationForm): LocationForm => ({
    ...l,
    familySize: l.familySize.trim() === String(old.familySize) ? String(next.familySize) : l.familySize,
    numberOfDependants: l.numberOfDependants.trim() === String(old.numberOfDependants) ? String(next.numberOfDependants) : l.numberOfDependants,
  });
  return { ...form, familyMembers: after, home: follow(form.home), host: follow(form.host) };
}

export function addMember(form: AdvancedForm, relationship: Relationship): AdvancedForm {
  const member: MemberForm = { key: `m${form.nextMember}`, id: undefined, relationship, firstName: "", dateOfBirth: "" };
  return { ...followCounts(form, form.familyMembers, [...form.familyMembers, member]), nextMember: form.nextMember + 1 };
}

export function updateMember(form: AdvancedForm, key: string, patch: Partial<Pick<MemberForm, "relationship" | "firstName" | "dateOfBirth">>): AdvancedForm {
  const after = form.familyMembers.map((m) => (m.key === key ? { ...m, ...patch } : m));
  return followCounts(form, form.familyMembers, after);
}

export function removeMember(form: AdvancedForm, key: string): AdvancedForm {
  return followCounts(
    form,
    form.familyMembers,
    form.familyMembers.filter((m) => m.key !== key),
  );
}

export function setLocation(form: AdvancedForm, side: Side, patch: Partial<LocationForm>): AdvancedForm {
  const current = form[side];
  const next = { ...current, ...patch };
  // A new country drops a region of the old one.
  if (patch.countryCode !== undefined && patch.countryCode !== current.countryCode && patch.region === undefined) next.region = "";
  return { ...form, [side]: next };
}

export function toggleListValue<T extends string>(list: readonly T[], value: T, on: boolean): T[] {
  if (on) return list.includes(value) ? [...list] : [...list, value];
  return list.filter((v) => v !== value);
}

// ── checks ──────────────────────────────────────────────────────────────────────────────────

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The earliest date of birth accepted on `today` (§9 "Date of birth 100-year range"). */
export function earliestBirthDate(today: string): string {
  const year = Number(today.slice(0, 4)) - 100;
  return `${String(year).padStart(4, "0")}${today.slice(4)}`;
}

export type CheckTexts = {
  /** The name used in a member's messages when it has no first name ("family member 2"). */
  memberName: (index: number) => string;
  familySize: string;
  dependants: string;
  sideName: (side: Side) => string;
};

/** The stage's checks before Save & continue; the server runs its own and answers per field too. */
export function checkAdvancedForm(form: AdvancedForm, today: string, texts: CheckTexts): Record<string, string> {
  const errors: Record<string, string> = {};
  const earliest = earliestBirthDate(today);
  form.familyMembers.forEach((m, i) => {
    const name = m.firstName.trim() || texts.memberName(i);
    const key = `familyMembers.${i}.dateOfBirth`;
    if (!isRealDate(m.dateOfBirth) || m.dateOfBirth < earliest) errors[key] = estimateText(estimateMessages.dateOfBirthRequired, { name });
    else if (m.dateOfBirth > today) errors[key] = estimateText(estimateMessages.dateOfBirthFuture, { name });
  });
  for (const side of ["home", "host"] as const) {
    const l = form[side];
    if (!/^[A-Z]{2}$/.test(l.countryCode)) errors[`${side}.countryCode`] = estimateText(estimateMessages.countryRequired, { side: texts.sideName(side) });
    const size = wholeNumber(l.familySize);
    if (size === null || size < 1 || size > 20) errors[`${side}.familySize`] = texts.familySize;
    const dependants = wholeNumber(l.numberOfDependants);
    if (dependants === null || dependants < 0 || dependants > 19 || (size !== null && dependants >= size)) errors[`${side}.numberOfDependants`] = texts.dependants;
  }
  const years = wholeNumber(form.years);
  if (years === null || years < MIN_YEARS || years > MAX_YEARS) errors.years = estimateMessages.yearsRange;
  if (form.marginalTaxRate.trim() !== "") {
    const rate = wholeNumber(form.marginalTaxRate);
    if (rate === null || rate > 99) errors.marginalTaxRate = estimateMessages.taxRateRange;
  }
  return errors;
}

function wholeNumber(text: string): number | null {
  const t = text.trim();
  return /^\d{1,3}$/.test(t) ? Number(t) : null;
}

// ── request ─────────────────────────────────────────────────────────────────────────────────

function location(l: LocationForm): Location {
  return {
    countryCode: l.countryCode || null,
    region: l.region || null,
    cityId: l.cityId,
    cityName: l.cityName,
    routeOption: l.routeOption,
    specialRules: l.specialRules.filter((r) => r !== "NONE").length > 0 ? l.specialRules.filter((r) => r !== "NONE") : [],
    taxPosition: l.taxPosition,
    residencyList: l.residencyList,
    familySize: Number(l.familySize.trim()),
    numberOfDependants: Number(l.numberOfDependants.trim()),
  };
}

/** POST advance-ce-details. */
export function toSaveDetailsRequest(form: AdvancedForm, ref: { group: string; employeeId: number; moveId: number }): TSaveAdvanceCeDetailsRequest {
  return {
    ...ref,
    years: Number(form.years.trim()),
    filingStatus: form.filingStatus,
    marginalTaxRate: form.marginalTaxRate.trim() === "" ? null : Number(form.marginalTaxRate.trim()),
    taxCategories: form.taxCategories,
    taxMethod: form.taxMethod,
    home: location(form.home),
    host: location(form.host),
    familyMembers: form.familyMembers.map((m) => ({
      id: m.id,
      relationship: m.relationship,
      firstName: m.firstName.trim(),
      dateOfBirth: m.dateOfBirth || null,
    })),
  };
}
