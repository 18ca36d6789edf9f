import type { Transaction } from "kysely";
import type { DB } from "./index.ts";
import {
  SERVICE_CATALOGUE,
  catalogueService,
  moveStageNames,
  type Archetype,
  type AttributeInputType,
  type BenefitOptionType,
  type BudgetAuthType,
  type BudgetComplexity,
  type BudgetType,
  type RateFrequency,
  type EstimatePackage,
  type EstimateProvider,
  type EstimateType,
  type MoveType,
  type ProgrammeType,
} from "../domain/policy/catalogue.ts";
import { toMinor } from "../domain/money/money.ts";
import type { Database } from "./schema.ts";
import { ensureCatalogueTags } from "./queries/manager/tags.ts";

/*
 * Policy seed data. `seedPolicyCatalogue` runs on every start and in every test database, so it is
 * a handful of selects plus bulk inserts of whatever is missing; `seedPolicyDemo` writes the demo
 * policies (README lists them) once, in one transaction.
 */

// ---------------------------------------------------------------- catalogue data

type SeedAttribute = {
  service: string;
  key: string;
  label: string;
  type: AttributeInputType;
  options?: string[];
  /** 0 optional; 1–3 required before release. */
  level: number;
  hr?: boolean;
};

/** Service attributes: what the policy records about each main service (data-fill levels 1–3 are required at submit). */
export const SEED_SERVICE_ATTRIBUTES: readonly SeedAttribute[] = [
  { service: "IMMIGRATION", key: "visaType", label: "Visa type", type: "SELECT", options: ["Work permit", "Intra-company transfer", "EU Blue Card", "Dependant visa"], level: 1, hr: true },
  { service: "IMMIGRATION", key: "dependantsCovered", label: "Dependants covered", type: "BOOLEAN", level: 0, hr: true },
  { service: "IMMIGRATION", key: "processingPriority", label: "Processing priority", type: "SELECT", options: ["Standard", "Expedited"], level: 0 },
  { service: "REMOVALS", key: "shipmentMode", label: "Shipment mode", type: "SELECT", options: ["Sea", "Air", "Road"], level: 1, hr: true },
  { service: "REMOVALS", key: "volumeAllowanceM3", label: "Volume allowance (m³)", type: "NUMBER", level: 2 },
  { service: "REMOVALS", key: "insurance", label: "Transit insurance", type: "BOOLEAN", level: 0, hr: true },
  { service: "STORAGE", key: "storageLocation", label: "Storage location", type: "SELECT", options: ["Origin", "Destination"], level: 0, hr: true },
  { service: "STORAGE", key: "months", label: "Storage months", type: "NUMBER", level: 0 },
  { service: "TEMPACCOMMODATION", key: "nights", label: "Nights", type: "NUMBER", level: 1, hr: true },
  { service: "TEMPACCOMMODATION", key: "accommodationClass", label: "Accommodation class", type: "SELECT", options: ["Hotel", "Serviced apartment"], level: 0 },
  { service: "SERVICEDAPARTMENT", key: "bedrooms", label: "Bedrooms", type: "SELECT", options: ["Studio", "1", "2", "3"], level: 1, hr: true },
  { service: "SERVICEDAPARTMENT", key: "parking", label: "Parking included", type: "BOOLEAN", level: 0 },
  { service: "FLATSEARCH", key: "searchDays", label: "Search days", type: "NUMBER", level: 1, hr: true },
  { service: "FLATSEARCH", key: "leaseNegotiation", label: "Lease negotiation", type: "BOOLEAN", level: 0 },
  { service: "HOMESALE", key: "closingCostCapPercent", label: "Closing cost cap (%)", type: "NUMBER", level: 2, hr: true },
  { service: "HOMESALE", key: "marketingSupport", label: "Marketing support", type: "BOOLEAN", level: 0 },
  { service: "HOMEPURCHASE", key: "closingCostCapPercent", label: "Closing cost cap (%)", type: "NUMBER", level: 2, hr: true },
  { service: "HOMEPURCHASE", key: "inspectionIncluded", label: "Home inspection included", type: "BOOLEAN", level: 0 },
  { service: "HOUSINGALLOWANCE", key: "paymentFrequency", label: "Payment frequency", type: "SELECT", options: ["Monthly", "Quarterly"], level: 1, hr: true },
  { service: "HOUSINGALLOWANCE", key: "utilitiesIncluded", label: "Utilities included", type: "BOOLEAN", level: 0 },
  { service: "SCHOOLSEARCH", key: "schoolsToVisit", label: "Schools to visit", type: "NUMBER", level: 0, hr: true },
  { service: "SCHOOLSEARCH", key: "schoolType", label: "School type", type: "SELECT", options: ["International", "Local", "Bilingual"], level: 0 },
  { service: "EDUCATION", key: "tuitionCapPerChild", label: "Tuition cap per child", type: "NUMBER", level: 2, hr: true },
  { service: "EDUCATION", key: "schoolType", label: "School type", type: "SELECT", options: ["International", "Local", "Bilingual"], level: 0 },
  { service: "LANGUAGETRAINING", key: "hours", label: "Hours", type: "NUMBER", level: 1, hr: true },
  { service: "LANGUAGETRAINING", key: "familyIncluded", label: "Family included", type: "BOOLEAN", level: 0 },
  { service: "ORIENTATION", key: "duration", label: "Duration", type: "SELECT", options: ["Half day", "Full day"], level: 0, hr: true },
  { service: "SETTLINGIN", key: "tasks", label: "Tasks covered", type: "TEXT", level: 0, hr: true },
  { service: "ACCOUNTANTS", key: "taxYears", label: "Tax years covered", type: "NUMBER", level: 1, hr: true },
  { service: "ACCOUNTANTS", key: "hostReturn", label: "Host country return", type: "BOOLEAN", level: 0 },
  { service: "TRAVEL", key: "travelClass", label: "Travel class", type: "SELECT", options: ["Economy", "Premium economy", "Business"], level: 1, hr: true },
  { service: "TRAVEL", key: "excessBaggageKg", label: "Excess baggage (kg)", type: "NUMBER", level: 0 },
  { service: "HOMELEAVE", key: "tripsPerYear", label: "Trips per year", type: "NUMBER", level: 1, hr: true },
  { service: "HOMELEAVE", key: "travelClass", label: "Travel class", type: "SELECT", options: ["Economy", "Premium economy", "Business"], level: 0 },
  { service: "HOUSEHUNTINGTRIP", key: "days", label: "Trip days", type: "NUMBER", level: 1, hr: true },
  { service: "COLA", key: "paymentFrequency", label: "Payment frequency", type: "SELECT", options: ["Monthly", "Quarterly"], level: 1, hr: true },
  { service: "LUMPSUM", key: "taxGrossUp", label: "Tax gross-up", type: "BOOLEAN", level: 0, hr: true },
  { service: "CASHFLEX", key: "carryOver", label: "Unspent balance carried over", type: "BOOLEAN", level: 0, hr: true },
];

type SeedSpendCategory = {
  id: number;
  level: 1 | 2 | 3;
  description: string;
  parent: number | null;
  serviceType?: string;
  sdc?: string;
  stages?: string;
  hidden?: boolean;
  cashOut?: boolean;
  cashService?: string;
};

const l1 = (id: number, description: string): SeedSpendCategory => ({ id, level: 1, description, parent: null });
const l2 = (id: number, parent: number, description: string, serviceType: string, sdc: string): SeedSpendCategory => ({
  id, level: 2, description, parent, serviceType, sdc,
});
const l3 = (id: number, parent: number, description: string, stages: string, extra: Partial<SeedSpendCategory> = {}): SeedSpendCategory => ({
  id, level: 3, description, parent, stages, ...extra,
});

/** Spend categories: level 1 areas, level 2 per service type, level 3 leaves (the ones expenses book to). */
export const SEED_SPEND_CATEGORIES: readonly SeedSpendCategory[] = [
  l1(1, "Relocation"),
  l1(2, "Assignment"),
  l1(3, "Tax"),
  l1(4, "Cash"),
  l2(11, 1, "Immigration", "IMMIGRATION", "IMM"),
  l2(12, 1, "Household Goods", "REMOVALS", "HHG"),
  l2(13, 1, "Temporary Housing", "TEMPACCOMMODATION", "TMP"),
  l2(14, 1, "Home Finding", "FLATSEARCH", "HSG"),
  l2(15, 1, "Home Sale and Purchase", "HOMESALE", "HSP"),
  l2(16, 1, "Travel", "TRAVEL", "TRV"),
  l2(17, 1, "Settling In", "SETTLINGIN", "SET"),
  l2(21, 2, "Housing Allowance", "HOUSINGALLOWANCE", "ALW"),
  l2(22, 2, "Home Leave", "HOMELEAVE", "HLV"),
  l2(23, 2, "Education", "EDUCATION", "EDU"),
  l2(24, 2, "Cost of Living", "COLA", "COL"),
  l2(25, 2, "Language and Culture", "LANGUAGETRAINING", "TRN"),
  l2(31, 3, "Tax Services", "ACCOUNTANTS", "TAX"),
  l2(32, 3, "Tax Equalization", "TAXEQUALIZATION", "TXE"),
  l2(41, 4, "Lump Sum", "LUMPSUM", "CSH"),
  l2(42, 4, "Cash Flex", "CASHFLEX", "FLX"),
  l3(110, 11, "Visa application fees", "1"),
  l3(111, 11, "Dependant visa fees", "1"),
  l3(112, 11, "Residence permit renewal", "2"),
  l3(120, 12, "Sea shipment", "1,3"),
  l3(121, 12, "Air shipment", "1,3"),
  l3(122, 12, "Storage", "1,2,3"),
  l3(123, 12, "Shipment insurance", "1,3"),
  l3(130, 13, "Hotel accommodation", "1,3"),
  l3(131, 13, "Serviced apartment", "1,2"),
  l3(140, 14, "Home-finding tour", "1"),
  l3(141, 14, "Rental deposit", "1"),
  l3(142, 14, "Letting agency fees", "1"),
  l3(150, 15, "Home sale closing costs", "1"),
  l3(151, 15, "Home purchase closing costs", "1"),
  l3(160, 16, "Airfare", "1,3"),
  l3(161, 16, "Excess baggage", "1,3"),
  l3(162, 16, "Pet transport", "1,3"),
  l3(170, 17, "Registration and permits", "1"),
  l3(171, 17, "Utilities connection", "1"),
  l3(210, 21, "Host housing rent", "2"),
  l3(211, 21, "Host utilities", "2"),
  l3(220, 22, "Home leave airfare", "2"),
  l3(230, 23, "School tuition", "2"),
  l3(231, 23, "School application fees", "1,2"),
  l3(240, 24, "Cost-of-living allowance", "2"),
  l3(250, 25, "Language lessons", "1,2"),
  l3(251, 25, "Cultural training", "1"),
  l3(310, 31, "Tax return preparation", "2,3"),
  l3(311, 31, "Tax briefing", "1,3"),
  l3(320, 32, "Tax equalization settlement", "3"),
  l3(399, 32, "Legacy tax gross-up", "2", { hidden: true }),
  l3(410, 41, "Relocation lump sum", "1", { cashService: "LUMPSUM" }),
  l3(420, 42, "Cash flex spend", "1,2,3", { cashService: "CASHFLEX" }),
  l3(580, 42, "Budget Cash Out", "1,2,3", { cashOut: true, cashService: "CASHFLEX" }),
];

/** Option metadata: info name → formula, or [formula, adjustment-factor formula]. */
type SeedMeta = Record<string, string | [string, string]>;
type SeedBenefitSet = {
  service: string;
  name: string;
  sdc?: number;
  optionType?: BenefitOptionType;
  affectsEstimate?: boolean;
  infos?: string[];
  options: { name: string; meta?: SeedMeta }[];
};

/** Global (group_id NULL) benefit sets with their options and default metadata-line formulas. */
export const SEED_BENEFIT_SETS: readonly SeedBenefitSet[] = [
  {
    service: "TEMPACCOMMODATION", name: "Temporary housing duration", sdc: 130, affectsEstimate: true,
    infos: ["Nights", "Nightly cost", "Total cost"],
    options: [
      { name: "30 nights", meta: { Nights: "30", "Nightly cost": ["hostDailyRate", "familySize > 2 ? 1.25 : 1"], "Total cost": "hostDailyRate * 30" } },
      { name: "60 nights", meta: { Nights: "60", "Nightly cost": ["hostDailyRate", "familySize > 2 ? 1.25 : 1"], "Total cost": "hostDailyRate * 60" } },
      { name: "90 nights", meta: { Nights: "90", "Nightly cost": ["hostDailyRate", "familySize > 2 ? 1.25 : 1"], "Total cost": "hostDailyRate * 90" } },
    ],
  },
  { service: "TEMPACCOMMODATION", name: "Accommodation type", sdc: 130, options: [{ name: "Hotel" }, { name: "Serviced apartment" }] },
  {
    service: "REMOVALS", name: "Shipment", sdc: 120, affectsEstimate: true, infos: ["Volume (m³)", "Cost"],
    options: [
      { name: "20ft container", meta: { "Volume (m³)": "33", Cost: ["1800 + min(volumeM3, 33) * 45 + distanceKm * 0.35", "familySize > 4 ? 1.1 : 1"] } },
      { name: "40ft container", meta: { "Volume (m³)": "67", Cost: ["2600 + min(volumeM3, 67) * 40 + distanceKm * 0.5", "familySize > 4 ? 1.1 : 1"] } },
      { name: "Air 500kg", meta: { "Volume (m³)": "3", Cost: "min(weightKg, 500) * 6.5 + distanceKm * 0.2" } },
      { name: "Road move (truck)", meta: { "Volume (m³)": "40", Cost: "900 + volumeM3 * 30 + distanceKm * 1.2" } },
    ],
  },
  { service: "REMOVALS", name: "Insurance cover", sdc: 123, options: [{ name: "Basic" }, { name: "Full replacement value" }] },
  {
    service: "STORAGE", name: "Storage period", sdc: 122, affectsEstimate: true, infos: ["Cost"],
    options: [
      { name: "3 months", meta: { Cost: "volumeM3 * 18 * 3" } },
      { name: "6 months", meta: { Cost: "volumeM3 * 18 * 6" } },
      { name: "12 months", meta: { Cost: "volumeM3 * 16 * 12" } },
    ],
  },
  {
    service: "HOMELEAVE", name: "Trips per year", sdc: 220, affectsEstimate: true, infos: ["Trips", "Cost"],
    options: [
      { name: "1 trip", meta: { Trips: "1", Cost: "familySize * 1200 * years" } },
      { name: "2 trips", meta: { Trips: "2", Cost: "2 * familySize * 1200 * years" } },
    ],
  },
  { service: "HOMELEAVE", name: "Travel class", sdc: 220, options: [{ name: "Economy" }, { name: "Premium economy" }] },
  {
    service: "LANGUAGETRAINING", name: "Hours", sdc: 250, affectsEstimate: true, infos: ["Hours", "Cost"],
    options: [
      { name: "20 hours", meta: { Hours: "20", Cost: "20 * 55 * min(familySize, 2)" } },
      { name: "40 hours", meta: { Hours: "40", Cost: "40 * 55 * min(familySize, 2)" } },
      { name: "60 hours", meta: { Hours: "60", Cost: "60 * 50 * min(familySize, 2)" } },
    ],
  },
  {
    service: "TRAVEL", name: "Class", sdc: 160, affectsEstimate: true, infos: ["Cost"],
    options: [
      { name: "Economy", meta: { Cost: "familySize * (250 + distanceKm * 0.08)" } },
      { name: "Premium economy", meta: { Cost: "familySize * (400 + distanceKm * 0.12)" } },
      { name: "Business", meta: { Cost: ["familySize * (900 + distanceKm * 0.3)", "children > 0 ? 0.9 : 1"] } },
    ],
  },
  {
    service: "IMMIGRATION", name: "Visa support", sdc: 110, affectsEstimate: true, infos: ["Fees"],
    options: [
      { name: "Employee only", meta: { Fees: "1500" } },
      { name: "Employee and family", meta: { Fees: "1500 + dependants * 600" } },
    ],
  },
  {
    service: "FLATSEARCH", name: "Home-finding days", sdc: 140, affectsEstimate: true, infos: ["Cost"],
    options: [
      { name: "1 day", meta: { Cost: "650" } },
      { name: "2 days", meta: { Cost: "1200" } },
      { name: "3 days", meta: { Cost: "1700" } },
    ],
  },
  {
    service: "HOUSEHUNTINGTRIP", name: "Trip length", sdc: 160, affectsEstimate: true, infos: ["Cost"],
    options: [
      { name: "3 days", meta: { Cost: "3 * hostDailyRate * min(familySize, 2) + 800" } },
      { name: "5 days", meta: { Cost: "5 * hostDailyRate * min(familySize, 2) + 800" } },
    ],
  },
  {
    service: "HOMESALE", name: "Sale support", sdc: 150, affectsEstimate: true, infos: ["Cost"],
    options: [{ name: "Closing costs only", meta: { Cost: "3500" } }, { name: "Full sale management", meta: { Cost: "9500" } }],
  },
  {
    service: "HOMEPURCHASE", name: "Purchase support", sdc: 151, affectsEstimate: true, infos: ["Cost"],
    options: [{ name: "Closing costs only", meta: { Cost: "3000" } }, { name: "Closing costs and inspection", meta: { Cost: "3600" } }],
  },
  { service: "SCHOOLSEARCH", name: "Schools searched", sdc: 231, options: [{ name: "Up to 3 schools" }, { name: "Up to 6 schools" }] },
  {
    service: "EDUCATION", name: "Tuition", sdc: 230, affectsEstimate: true, infos: ["Annual cost"],
    options: [
      { name: "Up to 2 children", meta: { "Annual cost": "min(children, 2) * 24000" } },
      { name: "All children", meta: { "Annual cost": "children * 24000" } },
    ],
  },
  { service: "SPOUSALSUPPORT", name: "Support package", options: [{ name: "Career counselling" }, { name: "Job search support" }] },
  { service: "ORIENTATION", name: "Orientation", options: [{ name: "Half day" }, { name: "Full day" }] },
  { service: "SETTLINGIN", name: "Settling-in package", sdc: 170, options: [{ name: "Essentials" }, { name: "Full settling-in" }] },
  { service: "CITYGUIDE", name: "City guide access", options: [{ name: "Online guide" }, { name: "Online guide and app" }] },
  { service: "CULTURALTRAINING", name: "Training format", sdc: 251, options: [{ name: "One-day workshop" }, { name: "Online course" }] },
  { service: "TAXBRIEFING", name: "Consultations", sdc: 311, options: [{ name: "Departure briefing" }, { name: "Departure and arrival briefings" }] },
  { service: "ACCOUNTANTS", name: "Tax returns", sdc: 310, options: [{ name: "Home return" }, { name: "Home and host returns" }] },
  {
    service: "COLA", name: "Allowance basis", sdc: 240, affectsEstimate: true, infos: ["Monthly amount"],
    options: [{ name: "Index-based", meta: { "Monthly amount": "round(salary / 12 * max(colIndex - 1, 0))" } }],
  },
  {
    service: "HOUSINGALLOWANCE", name: "Allowance basis", sdc: 210, affectsEstimate: true, infos: ["Monthly amount"],
    options: [{ name: "Host rent less home norm", meta: { "Monthly amount": "max(hostMonthlyRent - homeMonthlyRent, 0)" } }],
  },
  {
    service: "SERVICEDAPARTMENT", name: "Apartment size", sdc: 131, affectsEstimate: true, infos: ["Monthly cost"],
    options: [
      { name: "Studio", meta: { "Monthly cost": "hostDailyRate * 30 * 0.8" } },
      { name: "1 bedroom", meta: { "Monthly cost": "hostDailyRate * 30" } },
      { name: "2 bedrooms", meta: { "Monthly cost": ["hostDailyRate * 30 * 1.35", "familySize > 3 ? 1.1 : 1"] } },
    ],
  },
  { service: "REPATRIATION", name: "Repatriation support", options: [{ name: "Standard" }, { name: "Extended" }] },
  {
    service: "LUMPSUM", name: "Lump sum", sdc: 410, optionType: "CASH", affectsEstimate: true, infos: ["Amount"],
    options: [
      { name: "One month's salary", meta: { Amount: "round(salary / 12)" } },
      { name: "Fixed amount", meta: { Amount: "5000" } },
    ],
  },
];

/** Every formula the catalogue seeds (and the demo overrides), for tests. */
export function seededFormulas(): string[] {
  const out: string[] = [];
  for (const set of SEED_BENEFIT_SETS) {
    for (const o of set.options) {
      for (const f of Object.values(o.meta ?? {})) {
        if (typeof f === "string") out.push(f);
        else out.push(f[0], f[1]);
      }
    }
  }
  for (const o of DEMO_METADATA_OVERRIDES) out.push(o.formula, ...(o.adjustment ? [o.adjustment] : []));
  return out;
}

// ---------------------------------------------------------------- catalogue seed

type Writer = DB | Transaction<Database>;

/** The service catalogue, service attributes, spend categories and global benefit sets; tops up missing rows on every start. */
export async function seedPolicyCatalogue(db: DB): Promise<void> {
  const [services, attributes, categories, sets] = await Promise.all([
    db.selectFrom("services").select("key").execute(),
    db.selectFrom("service_attributes").select(["service_key", "attr_key"]).execute(),
    db.selectFrom("spend_categories").select("id").execute(),
    db.selectFrom("benefit_sets").select(["service_key", "name"]).where("group_id", "is", null).execute(),
  ]);
  const haveServices = new Set(services.map((s) => s.key));
  const haveAttributes = new Set(attributes.map((a) => `${a.service_key}:${a.attr_key}`));
  const haveCategories = new Set(categories.map((c) => c.id));
  const haveSets = new Set(sets.map((s) => `${s.service_key}:${s.name}`));

  const newServices = SERVICE_CATALOGUE.map((s, i) => ({
    key: s.key, name: s.name, category: s.category, description: s.description, default_budget_type: s.defaultBudgetType,
    is_cash_flex: s.isCashFlex ? 1 : 0, cash_service: s.cashService ? 1 : 0, sort_order: (i + 1) * 10,
  })).filter((s) => !haveServices.has(s.key));
  const attrOrder = new Map<string, number>();
  const newAttributes = SEED_SERVICE_ATTRIBUTES.map((a) => {
    const order = (attrOrder.get(a.service) ?? 0) + 1;
    attrOrder.set(a.service, order);
    return {
      service_key: a.service, attr_key: a.key, label: a.label, input_type: a.type, options: JSON.stringify(a.options ?? []),
      data_fill_level: a.level, visible_to_hr: a.hr ? 1 : 0, sort_order: order * 10,
    };
  }).filter((a) => !haveAttributes.has(`${a.service_key}:${a.attr_key}`));
  const newCategories = SEED_SPEND_CATEGORIES.filter((c) => !haveCategories.has(c.id));
  const newSets = SEED_BENEFIT_SETS.filter((s) => !haveSets.has(`${s.service}:${s.name}`));
  if (!newServices.length && !newAttributes.length && !newCategories.length && !newSets.length) return;

  await db.transaction().execute(async (trx) => {
    if (newServices.length) await trx.insertInto("services").values(newServices).execute();
    if (newAttributes.length) await trx.insertInto("service_attributes").values(newAttributes).execute();
    // Parents first: one insert per level.
    for (const level of [1, 2, 3] as const) {
      const rows = newCategories.filter((c) => c.level === level).map((c) => ({
        id: c.id, level: c.level, description: c.description, parent_id: c.parent, hidden: c.hidden ? 1 : 0,
        is_budget_cash_out: c.cashOut ? 1 : 0, cash_service_id: c.cashService ?? null, service_type: c.serviceType ?? null,
        sdc_category: c.sdc ?? null, move_stages: c.stages ?? null,
      }));
      if (rows.length) await trx.insertInto("spend_categories").values(rows).execute();
    }
    if (newSets.length) await insertGlobalBenefitSets(trx, newSets);
  });
}

async function insertGlobalBenefitSets(trx: Writer, newSets: readonly SeedBenefitSet[]) {
  // group_number counts each service's sets from 1, in catalogue order.
  const perService = new Map<string, number>();
  const numbers = new Map<string, number>();
  for (const s of SEED_BENEFIT_SETS) {
    const n = (perService.get(s.service) ?? 0) + 1;
    perService.set(s.service, n);
    numbers.set(`${s.service}:${s.name}`, n);
  }
  const categoryIds = new Set((await trx.selectFrom("spend_categories").select("id").execute()).map((c) => c.id));
  const setRows = await trx
    .insertInto("benefit_sets")
    .values(
      newSets.map((s) => ({
        service_key: s.service, group_id: null, name: s.name, group_number: numbers.get(`${s.service}:${s.name}`)!,
        sdc_id: s.sdc != null && categoryIds.has(s.sdc) ? s.sdc : null, option_type: s.optionType ?? "REGULAR",
        custom: 0, affects_cost_estimate: s.affectsEstimate ? 1 : 0, inactive: 0, sort_order: numbers.get(`${s.service}:${s.name}`)! * 10,
      })),
    )
    .returning(["id", "service_key", "name"])
    .execute();
  const setId = new Map(setRows.map((r) => [`${r.service_key}:${r.name}`, r.id]));

  const optionValues = newSets.flatMap((s) =>
    s.options.map((o, i) => ({ benefit_set_id: setId.get(`${s.service}:${s.name}`)!, name: o.name, sort_order: (i + 1) * 10, inactive: 0 })),
  );
  const infoValues = newSets.flatMap((s) =>
    (s.infos ?? []).map((name, i) => ({ benefit_set_id: setId.get(`${s.service}:${s.name}`)!, name, sort_order: (i + 1) * 10 })),
  );
  const options = await trx.insertInto("benefit_options").values(optionValues).returning(["id", "benefit_set_id", "name"]).execute();
  const infos = infoValues.length
    ? await trx.insertInto("metadata_infos").values(infoValues).returning(["id", "benefit_set_id", "name"]).execute()
    : [];
  const optionId = new Map(options.map((o) => [`${o.benefit_set_id}:${o.name}`, o.id]));
  const infoId = new Map(infos.map((m) => [`${m.benefit_set_id}:${m.name}`, m.id]));

  const now = new Date().toISOString();
  const metadata = newSets.flatMap((s) => {
    const sid = setId.get(`${s.service}:${s.name}`)!;
    return s.options.flatMap((o) =>
      Object.entries(o.meta ?? {}).map(([info, f]) => ({
        benefit_option_id: optionId.get(`${sid}:${o.name}`)!,
        metadata_info_id: infoId.get(`${sid}:${info}`)!,
        group_id: null,
        policy_id: null,
        formula: typeof f === "string" ? f : f[0],
        adjustment_formula: typeof f === "string" ? null : f[1],
        updated_at: now,
      })),
    );
  });
  if (metadata.length) await trx.insertInto("benefit_metadata").values(metadata).execute();
}

// ---------------------------------------------------------------- demo policies

type DemoService = {
  key: string;
  stage?: number;
  type: 1 | 2 | 3 | 4 | 5;
  title?: string;
  note?: string;
  group?: number;
  budgetType?: BudgetType;
  /** Own budget (group 99): currency and major amount. */
  own?: [string, number];
  rate?: RateFrequency;
  auth?: BudgetAuthType;
  addable?: boolean;
  provided?: boolean;
  moveHub?: boolean;
  showAsMoveHubBudget?: boolean;
  /** [benefit set name, option name] of the service's global sets. */
  benefits?: [string, string][];
  attributes?: Record<string, string>;
};

type DemoBudgetGroup = {
  stage?: number;
  group: number;
  auth?: BudgetAuthType;
  complexity?: BudgetComplexity;
  /** [currency, amount, min, max] in major units. */
  budgets: [string, number, number | null, number | null][];
  rates?: { country: string; city: string; description: string; currency: string; amount: number; frequency: RateFrequency }[];
};

type DemoPolicy = {
  group: "acme" | "globex";
  name: string;
  moveType: MoveType;
  archetype: Archetype;
  stages: 1 | 2 | 3;
  order?: number;
  estimateType: EstimateType;
  provider?: EstimateProvider;
  estimatePackage?: EstimatePackage;
  programme: ProgrammeType;
  popup?: boolean;
  balanceSheet?: "HOME" | "HOST";
  welcomeCallMinutes?: number;
  flags?: Partial<Record<"hr_dashboard" | "no_ma_owner" | "uses_ewallet" | "no_welcome_call" | "no_welcome_email" | "city_guide_only" | "include_user_preferences", 1>>;
  tags: string[];
  draftCopy?: boolean;
  services: DemoService[];
  budgetGroups?: DemoBudgetGroup[];
  employee?: string;
};

export const DEMO_TAGS = ["EMEA", "Americas", "Executive", "Graduate"] as const;

/** The demo policies (README lists them); every released version passes validateVersion. */
export const DEMO_POLICIES: readonly DemoPolicy[] = [
  {
    group: "acme", name: "Global Long-Term Assignment", moveType: "INTERNATIONAL", archetype: "LONG_TERM_ASSIGNMENT", stages: 3, order: 1,
    estimateType: "ADVANCED", provider: "MERIDIAN", estimatePackage: "LONG_TERM_ASSIGNMENT", programme: "Standard", popup: true,
    balanceSheet: "HOME", welcomeCallMinutes: 45, flags: { hr_dashboard: 1, include_user_preferences: 1 }, tags: ["EMEA", "Executive"],
    draftCopy: true, employee: "employee@acme.test",
    services: [
      { key: "IMMIGRATION", stage: 1, type: 2, budgetType: "CCY", own: ["USD", 6000], title: "Work and residence permits", note: "Includes dependant visas for the accompanying family.", attributes: { visaType: "Intra-company transfer", dependantsCovered: "true" } },
      { key: "REMOVALS", stage: 1, type: 3, budgetType: "BEN", title: "Household goods shipment", benefits: [["Shipment", "40ft container"], ["Insurance cover", "Full replacement value"]], attributes: { shipmentMode: "Sea", volumeAllowanceM3: "67", insurance: "true" } },
      { key: "TEMPACCOMMODATION", stage: 1, type: 3, budgetType: "BEN", benefits: [["Temporary housing duration", "60 nights"], ["Accommodation type", "Serviced apartment"]], attributes: { nights: "60" } },
      { key: "FLATSEARCH", stage: 1, type: 1, group: 1, budgetType: "CCY", note: "Shares the settling-in budget.", attributes: { searchDays: "2" } },
      { key: "SETTLINGIN", stage: 1, type: 1, group: 1, budgetType: "CCY", attributes: { tasks: "Registration, bank account, utilities" } },
      { key: "CULTURALTRAINING", stage: 1, type: 3, budgetType: "BEN", addable: true, benefits: [["Training format", "One-day workshop"]] },
      { key: "TRAVEL", stage: 1, type: 3, budgetType: "BEN", benefits: [["Class", "Business"]], attributes: { travelClass: "Business" } },
      { key: "MOVEHUB", stage: 1, type: 4, moveHub: true },
      { key: "TAXBRIEFING", stage: 1, type: 5, provided: false },
      { key: "HOUSINGALLOWANCE", stage: 2, type: 1, group: 2, budgetType: "CCY", rate: "MONTHLY", auth: "HR_APPROVAL", attributes: { paymentFrequency: "Monthly" } },
      { key: "COLA", stage: 2, type: 2, budgetType: "CCY", own: ["USD", 12000], rate: "ANNUAL", attributes: { paymentFrequency: "Monthly" } },
      { key: "HOMELEAVE", stage: 2, type: 3, budgetType: "BEN", benefits: [["Trips per year", "1 trip"], ["Travel class", "Economy"]], attributes: { tripsPerYear: "1" } },
      { key: "EDUCATION", stage: 2, type: 2, budgetType: "CCY", own: ["USD", 30000], rate: "ANNUAL", attributes: { tuitionCapPerChild: "25000", schoolType: "International" } },
      { key: "LANGUAGETRAINING", stage: 2, type: 3, budgetType: "BEN", addable: true, benefits: [["Hours", "40 hours"]], attributes: { hours: "40" } },
      { key: "ACCOUNTANTS", stage: 2, type: 2, budgetType: "CCY", own: ["USD", 2500], attributes: { taxYears: "1", hostReturn: "true" } },
      { key: "MOVEHUB", stage: 2, type: 4, moveHub: true },
      { key: "REMOVALS", stage: 3, type: 3, budgetType: "BEN", title: "Return shipment", benefits: [["Shipment", "20ft container"]], attributes: { shipmentMode: "Sea", volumeAllowanceM3: "33" } },
      { key: "TRAVEL", stage: 3, type: 3, budgetType: "BEN", benefits: [["Class", "Premium economy"]], attributes: { travelClass: "Premium economy" } },
      { key: "ACCOUNTANTS", stage: 3, type: 2, budgetType: "CCY", own: ["USD", 1500], title: "Final-year tax returns", attributes: { taxYears: "1" } },
      { key: "REPATRIATION", stage: 3, type: 3, budgetType: "BEN", moveHub: true, benefits: [["Repatriation support", "Standard"]] },
      { key: "TEMPACCOMMODATION", stage: 3, type: 5, provided: false },
    ],
    budgetGroups: [
      { stage: 1, group: 1, auth: "NONE", budgets: [["USD", 4000, 2000, 5000], ["EUR", 3700, 1800, 4600]] },
      {
        stage: 2, group: 2, auth: "HR_APPROVAL", complexity: "complex", budgets: [["USD", 48000, 36000, 60000]],
        rates: [
          { country: "GB", city: "London", description: "Host housing, 2 bedrooms", currency: "GBP", amount: 3500, frequency: "MONTHLY" },
          { country: "LU", city: "Luxembourg", description: "Host housing, 2 bedrooms", currency: "EUR", amount: 3200, frequency: "MONTHLY" },
          { country: "US", city: "New York", description: "Host housing, 2 bedrooms", currency: "USD", amount: 5200, frequency: "MONTHLY" },
        ],
      },
    ],
  },
  {
    group: "acme", name: "Short-Term Assignment", moveType: "INTERNATIONAL", archetype: "SHORT_TERM_ASSIGNMENT", stages: 1, order: 2,
    estimateType: "STA", provider: "MERIDIAN", estimatePackage: "SHORT_TERM_ASSIGNMENT", programme: "Standard", welcomeCallMinutes: 30, tags: ["EMEA"],
    services: [
      { key: "IMMIGRATION", type: 2, budgetType: "CCY", own: ["USD", 3500], attributes: { visaType: "Work permit" } },
      { key: "SERVICEDAPARTMENT", type: 1, group: 1, budgetType: "CCY", rate: "MONTHLY", attributes: { bedrooms: "1" } },
      { key: "TRAVEL", type: 3, budgetType: "BEN", benefits: [["Class", "Economy"]], attributes: { travelClass: "Economy" } },
      { key: "HOMELEAVE", type: 3, budgetType: "BEN", benefits: [["Trips per year", "1 trip"]], attributes: { tripsPerYear: "1" } },
      { key: "TAXBRIEFING", type: 3, budgetType: "BEN", addable: true, benefits: [["Consultations", "Departure briefing"]] },
      { key: "MOVEHUB", type: 4, moveHub: true },
    ],
    budgetGroups: [{ group: 1, auth: "PRE_APPROVED", budgets: [["EUR", 18000, 12000, 24000], ["GBP", 15500, 10000, 20000]] }],
  },
  {
    group: "acme", name: "Domestic Homeowner Transfer", moveType: "DOMESTIC", archetype: "DOMESTIC_TRANSFER", stages: 1, order: 3,
    estimateType: "NO_PROVIDER", estimatePackage: "DOMESTIC", programme: "Standard", tags: ["Americas"],
    services: [
      { key: "HOMESALE", type: 1, group: 1, budgetType: "CCY", note: "Home sale and purchase share one budget.", attributes: { closingCostCapPercent: "6", marketingSupport: "true" } },
      { key: "HOMEPURCHASE", type: 1, group: 1, budgetType: "CCY", attributes: { closingCostCapPercent: "3" } },
      { key: "REMOVALS", type: 3, budgetType: "BEN", benefits: [["Shipment", "Road move (truck)"], ["Insurance cover", "Basic"]], attributes: { shipmentMode: "Road", volumeAllowanceM3: "40" } },
      { key: "TEMPACCOMMODATION", type: 3, budgetType: "BEN", moveHub: true, benefits: [["Temporary housing duration", "30 nights"]], attributes: { nights: "30" } },
      { key: "HOUSEHUNTINGTRIP", type: 1, budgetType: "CCY", own: ["USD", 2000], attributes: { days: "3" } },
    ],
    budgetGroups: [{ group: 1, auth: "FINANCE_APPROVAL", budgets: [["USD", 25000, 10000, 30000]] }],
  },
  {
    group: "acme", name: "Core/Flex Lump Sum", moveType: "INTERNATIONAL", archetype: "CORE_FLEX", stages: 1, order: 4,
    estimateType: "NO_PROVIDER", estimatePackage: "PERMANENT_TRANSFER", programme: "CoreFlex", popup: true, flags: { uses_ewallet: 1 },
    tags: ["EMEA", "Americas"],
    services: [
      { key: "CASHFLEX", type: 1, budgetType: "CCY", own: ["USD", 15000], showAsMoveHubBudget: true, note: "Spend on any flex service." },
      { key: "LUMPSUM", type: 1, budgetType: "CCY", own: ["USD", 5000], rate: "ONE_OFF", attributes: { taxGrossUp: "true" } },
      { key: "FLATSEARCH", type: 1, group: 1, budgetType: "CCY", attributes: { searchDays: "1" } },
      { key: "SETTLINGIN", type: 1, group: 1, budgetType: "CCY" },
      { key: "SCHOOLSEARCH", type: 1, group: 1, budgetType: "CCY", addable: true },
      { key: "STORAGE", type: 1, group: 2, budgetType: "CCY" },
      { key: "SPOUSALSUPPORT", type: 1, group: 2, budgetType: "CCY", addable: true },
      { key: "IMMIGRATION", type: 3, budgetType: "BEN", title: "Core: immigration", benefits: [["Visa support", "Employee and family"]], attributes: { visaType: "Work permit" } },
      { key: "REMOVALS", type: 3, budgetType: "BEN", title: "Core: shipment", benefits: [["Shipment", "20ft container"]], attributes: { shipmentMode: "Sea", volumeAllowanceM3: "33" } },
      { key: "LANGUAGETRAINING", type: 3, budgetType: "BEN", addable: true, benefits: [["Hours", "20 hours"]], attributes: { hours: "20" } },
      { key: "MOVEHUB", type: 4, moveHub: true },
    ],
    budgetGroups: [
      { group: 1, auth: "HR_APPROVAL", complexity: "complex", budgets: [["USD", 8000, 4000, 10000], ["EUR", 7500, 3500, 9000]] },
      {
        group: 2, auth: "FINANCE_APPROVAL", budgets: [["USD", 5000, 1000, 6000]],
        rates: [{ country: "GB", city: "", description: "Storage per m³", currency: "GBP", amount: 25, frequency: "MONTHLY" }],
      },
    ],
  },
  {
    group: "acme", name: "City Guide Only", moveType: "INTERNATIONAL", archetype: "CITY_GUIDE", stages: 1, order: 5,
    estimateType: "NONE", programme: "Standard", flags: { city_guide_only: 1, no_welcome_call: 1 }, tags: ["Graduate"],
    services: [
      { key: "CITYGUIDE", type: 3, budgetType: "BEN", moveHub: true, benefits: [["City guide access", "Online guide and app"]] },
      { key: "ORIENTATION", type: 3, budgetType: "BEN", benefits: [["Orientation", "Half day"]], attributes: { duration: "Half day" } },
    ],
  },
  {
    group: "globex", name: "Globex Permanent Transfer", moveType: "INTERNATIONAL", archetype: "PERMANENT_TRANSFER", stages: 1, order: 1,
    estimateType: "NO_PROVIDER", estimatePackage: "PERMANENT_TRANSFER", programme: "Standard", popup: true, welcomeCallMinutes: 60,
    tags: ["EMEA"], employee: "employee@globex.test",
    services: [
      { key: "IMMIGRATION", type: 2, budgetType: "CCY", own: ["EUR", 5000], attributes: { visaType: "EU Blue Card", dependantsCovered: "true" } },
      { key: "REMOVALS", type: 3, budgetType: "BEN", benefits: [["Shipment", "40ft container"]], attributes: { shipmentMode: "Sea", volumeAllowanceM3: "67" } },
      { key: "TEMPACCOMMODATION", type: 3, budgetType: "BEN", benefits: [["Temporary housing duration", "30 nights"]], attributes: { nights: "30" } },
      { key: "FLATSEARCH", type: 1, group: 1, budgetType: "CCY", attributes: { searchDays: "2" } },
      { key: "SETTLINGIN", type: 1, group: 1, budgetType: "CCY" },
      { key: "TRAVEL", type: 3, budgetType: "BEN", benefits: [["Class", "Economy"]], attributes: { travelClass: "Economy" } },
      { key: "ACCOUNTANTS", type: 2, budgetType: "CCY", own: ["EUR", 1200], addable: true, attributes: { taxYears: "1" } },
      { key: "MOVEHUB", type: 4, moveHub: true },
    ],
    budgetGroups: [{ group: 1, budgets: [["EUR", 3500, 2000, 4000]] }],
  },
  {
    group: "globex", name: "Globex Graduate Move", moveType: "INTERNATIONAL", archetype: "PERMANENT_TRANSFER", stages: 1, order: 2,
    estimateType: "NONE", programme: "ManagedBudget", flags: { no_welcome_email: 1 }, tags: ["Graduate"],
    services: [
      { key: "LUMPSUM", type: 1, budgetType: "CCY", own: ["GBP", 3000], rate: "ONE_OFF", moveHub: true, showAsMoveHubBudget: true },
      { key: "TRAVEL", type: 3, budgetType: "BEN", benefits: [["Class", "Economy"]], attributes: { travelClass: "Economy" } },
      { key: "TEMPACCOMMODATION", type: 1, group: 1, budgetType: "CCY", attributes: { nights: "30" } },
      { key: "CITYGUIDE", type: 3, budgetType: "BEN", benefits: [["City guide access", "Online guide"]] },
    ],
    budgetGroups: [{ group: 1, auth: "PRE_APPROVED", budgets: [["GBP", 1800, 1000, 2500]] }],
  },
];

/** Group- and policy-level overrides of global metadata lines. */
export const DEMO_METADATA_OVERRIDES: readonly {
  group: "acme" | "globex";
  /** A policy name for a policy override; absent for a group override. */
  policy?: string;
  service: string;
  set: string;
  option: string;
  info: string;
  formula: string;
  adjustment?: string;
}[] = [
  { group: "acme", service: "TEMPACCOMMODATION", set: "Temporary housing duration", option: "30 nights", info: "Total cost", formula: "hostDailyRate * 30 * 1.1" },
  { group: "acme", service: "TRAVEL", set: "Class", option: "Business", info: "Cost", formula: "familySize * (1100 + distanceKm * 0.32)" },
  { group: "acme", policy: "Global Long-Term Assignment", service: "REMOVALS", set: "Shipment", option: "40ft container", info: "Cost", formula: "3000 + min(volumeM3, 67) * 42 + distanceKm * 0.55", adjustment: "familySize > 3 ? 1.15 : 1" },
  { group: "acme", policy: "Global Long-Term Assignment", service: "HOMELEAVE", set: "Trips per year", option: "1 trip", info: "Cost", formula: "familySize * 1500 * years" },
  { group: "globex", service: "TRAVEL", set: "Class", option: "Economy", info: "Cost", formula: "familySize * (220 + distanceKm * 0.07)" },
  { group: "globex", policy: "Globex Permanent Transfer", service: "TEMPACCOMMODATION", set: "Temporary housing duration", option: "30 nights", info: "Total cost", formula: "hostDailyRate * 30", adjustment: "familySize > 2 ? 1.2 : 1" },
];

const major = (currency: string, amount: number) => toMinor(String(amount), currency).amount;

/** Fills the required attributes a demo service does not set, from the attribute's definition. */
function demoAttributes(key: string, given: Record<string, string> = {}): string {
  const values: Record<string, string> = { ...given };
  for (const a of SEED_SERVICE_ATTRIBUTES) {
    if (a.service !== key || a.level < 1 || a.level > 3 || values[a.key]) continue;
    values[a.key] = a.type === "SELECT" ? a.options![0]! : a.type === "NUMBER" ? "1" : a.type === "BOOLEAN" ? "true" : "Yes";
  }
  return JSON.stringify(values);
}

/** Demo policies for acme and globex (README lists them). Seeds only when there are no policies yet. */
export async function seedPolicyDemo(db: DB): Promise<boolean> {
  const existing = await db.selectFrom("policies").select("id").limit(1).executeTakeFirst();
  if (existing) return false;
  const groups = await db.selectFrom("groups").select(["id", "name"]).where("name", "in", ["acme", "globex"]).execute();
  const groupId = new Map(groups.map((g) => [g.name, g.id]));
  if (!groupId.has("acme") || !groupId.has("globex")) return false;
  const users = await db
    .selectFrom("users")
    .select(["id", "email"])
    .where("email", "in", ["admin@meridian.test", ...DEMO_POLICIES.flatMap((p) => (p.employee ? [p.employee] : []))])
    .execute();
  const userId = new Map(users.map((u) => [u.email, u.id]));
  const adminId = userId.get("admin@meridian.test") ?? null;

  const sets = await db
    .selectFrom("benefit_sets")
    .innerJoin("benefit_options", "benefit_options.benefit_set_id", "benefit_sets.id")
    .select(["benefit_sets.id as setId", "benefit_sets.service_key", "benefit_sets.name as setName", "benefit_options.id as optionId", "benefit_options.name as optionName"])
    .where("benefit_sets.group_id", "is", null)
    .execute();
  const optionOf = new Map(sets.map((s) => [`${s.service_key}:${s.setName}:${s.optionName}`, { setId: s.setId, optionId: s.optionId }]));
  const infos = await db
    .selectFrom("metadata_infos")
    .innerJoin("benefit_sets", "benefit_sets.id", "metadata_infos.benefit_set_id")
    .select(["metadata_infos.id", "metadata_infos.name", "benefit_sets.service_key", "benefit_sets.name as setName"])
    .where("benefit_sets.group_id", "is", null)
    .execute();
  const infoOf = new Map(infos.map((i) => [`${i.service_key}:${i.setName}:${i.name}`, i.id]));

  const now = new Date().toISOString();
  const released = new Date(Date.now() - 30 * 86_400_000).toISOString();

  await db.transaction().execute(async (trx) => {
    // Tags of both groups.
    const tagRows = await trx
      .insertInto("group_tags")
      .values(["acme", "globex"].flatMap((g) => DEMO_TAGS.map((name) => ({ group_id: groupId.get(g)!, name }))))
      .returning(["id", "group_id", "name"])
      .execute();
    const tagId = new Map(tagRows.map((t) => [`${t.group_id}:${t.name}`, t.id]));
    await ensureCatalogueTags(trx, DEMO_TAGS, now);

    // Policies.
    const policyRows = await trx
      .insertInto("policies")
      .values(
        DEMO_POLICIES.map((p) => ({
          group_id: groupId.get(p.group)!, name: p.name, move_type: p.moveType, archetype: p.archetype, move_stages_count: p.stages,
          sort_order: p.order ?? null, popup_displayed: p.popup ? 1 : 0, estimate_type: p.estimateType,
          estimate_provider: p.provider ?? null, estimate_package: p.estimatePackage ?? null, exclude_compensation: 0,
          balance_sheet_enabled: p.balanceSheet ? 1 : 0, balance_sheet_currency_type: p.balanceSheet ?? null, status: "ACTIVE" as const,
          welcome_call_duration: p.welcomeCallMinutes ?? null, programme_type: p.programme,
          hr_dashboard: p.flags?.hr_dashboard ?? 0, no_ma_owner: p.flags?.no_ma_owner ?? 0, uses_ewallet: p.flags?.uses_ewallet ?? 0,
          no_welcome_call: p.flags?.no_welcome_call ?? 0, no_welcome_email: p.flags?.no_welcome_email ?? 0,
          city_guide_only: p.flags?.city_guide_only ?? 0, include_user_preferences: p.flags?.include_user_preferences ?? 0,
          created_at: now, updated_at: now,
        })),
      )
      .returning(["id", "name"])
      .execute();
    const policyId = new Map(policyRows.map((r) => [r.name, r.id]));

    await trx
      .insertInto("policy_tags")
      .values(DEMO_POLICIES.flatMap((p) => p.tags.map((t) => ({ policy_id: policyId.get(p.name)!, tag_id: tagId.get(`${groupId.get(p.group)}:${t}`)! }))))
      .execute();

    // Versions: v1 released; the flagship also has a draft v2 copy.
    const versionRows = await trx
      .insertInto("policy_versions")
      .values(
        DEMO_POLICIES.flatMap((p) => [
          { policy_id: policyId.get(p.name)!, version_number: 1, status: "RELEASED" as const, created_at: released, created_by: adminId, released_at: released, released_by: adminId },
          ...(p.draftCopy ? [{ policy_id: policyId.get(p.name)!, version_number: 2, status: "DRAFT" as const, created_at: now, created_by: adminId, released_at: null, released_by: null }] : []),
        ]),
      )
      .returning(["id", "policy_id", "version_number"])
      .execute();
    const versions = DEMO_POLICIES.flatMap((p) =>
      versionRows.filter((v) => v.policy_id === policyId.get(p.name)).map((v) => ({ policy: p, versionId: v.id, number: v.version_number })),
    );

    // Services of every version.
    const serviceRows = await trx
      .insertInto("policy_services")
      .values(
        versions.flatMap(({ policy, versionId }) =>
          policy.services.map((s, i) => {
            const cat = catalogueService(s.key)!;
            const noForm = s.type === 4 || s.type === 5;
            return {
              policy_version_id: versionId, move_stage: s.stage ?? 1, service_key: s.key, title: s.title ?? null,
              service_policy_type: s.type, budget_group: noForm ? 99 : (s.group ?? 99), budget_type: noForm ? null : (s.budgetType ?? null),
              authorization_type: s.auth ?? null, min_amount: null, max_amount: null, note: s.note ?? "", amount_can_be_negative: 0,
              addable: s.addable ? 1 : 0, move_hub: s.moveHub ? 1 : 0, provided: s.provided === false ? 0 : 1,
              cash_service: cat.cashService ? 1 : 0, show_as_move_hub_budget: s.showAsMoveHubBudget ? 1 : 0,
              currency: s.own ? s.own[0] : null, rate_frequency: s.rate ?? null, amount: s.own ? major(s.own[0], s.own[1]) : null,
              attributes: noForm ? "{}" : demoAttributes(s.key, s.attributes), sort_order: (i + 1) * 10,
            };
          }),
        ),
      )
      .returning(["id", "policy_version_id", "move_stage", "service_key"])
      .execute();
    const serviceId = new Map(serviceRows.map((r) => [`${r.policy_version_id}:${r.move_stage}:${r.service_key}`, r.id]));

    const benefitRows = versions.flatMap(({ policy, versionId }) =>
      policy.services.flatMap((s) =>
        (s.benefits ?? []).map(([set, option]) => {
          const hit = optionOf.get(`${s.key}:${set}:${option}`);
          if (!hit) throw new Error(`Demo seed: no global benefit option ${s.key} / ${set} / ${option}`);
          return { policy_service_id: serviceId.get(`${versionId}:${s.stage ?? 1}:${s.key}`)!, benefit_set_id: hit.setId, benefit_option_id: hit.optionId, value: null };
        }),
      ),
    );
    if (benefitRows.length) await trx.insertInto("policy_service_benefits").values(benefitRows).execute();

    // Budget groups, budgets and rates.
    const groupDefs = versions.flatMap(({ policy, versionId }) => (policy.budgetGroups ?? []).map((g) => ({ versionId, g })));
    const budgetGroupRows = groupDefs.length
      ? await trx
          .insertInto("budget_groups")
          .values(groupDefs.map(({ versionId, g }) => ({ policy_version_id: versionId, move_stage: g.stage ?? 1, group_number: g.group, auth_type: g.auth ?? "NONE", complexity: g.complexity ?? "simple" })))
          .returning(["id", "policy_version_id", "move_stage", "group_number"])
          .execute()
      : [];
    const budgetGroupId = new Map(budgetGroupRows.map((r) => [`${r.policy_version_id}:${r.move_stage}:${r.group_number}`, r.id]));
    const budgetRows = groupDefs.flatMap(({ versionId, g }) =>
      g.budgets.map(([currency, amount, min, max]) => ({
        budget_group_id: budgetGroupId.get(`${versionId}:${g.stage ?? 1}:${g.group}`)!, currency, amount: major(currency, amount),
        min_amount: min == null ? null : major(currency, min), max_amount: max == null ? null : major(currency, max),
      })),
    );
    if (budgetRows.length) await trx.insertInto("budgets").values(budgetRows).execute();
    const rateRows = groupDefs.flatMap(({ versionId, g }) =>
      (g.rates ?? []).map((r) => ({
        budget_group_id: budgetGroupId.get(`${versionId}:${g.stage ?? 1}:${g.group}`)!, country_code: r.country, city: r.city,
        description: r.description, currency: r.currency, amount: major(r.currency, r.amount), frequency: r.frequency,
      })),
    );
    if (rateRows.length) await trx.insertInto("budget_group_rates").values(rateRows).execute();

    // Metadata overrides.
    const overrideRows = DEMO_METADATA_OVERRIDES.map((o) => {
      const option = optionOf.get(`${o.service}:${o.set}:${o.option}`);
      const info = infoOf.get(`${o.service}:${o.set}:${o.info}`);
      if (!option || !info) throw new Error(`Demo seed: no metadata line ${o.service} / ${o.set} / ${o.option} / ${o.info}`);
      return {
        benefit_option_id: option.optionId, metadata_info_id: info, group_id: groupId.get(o.group)!,
        policy_id: o.policy ? policyId.get(o.policy)! : null, formula: o.formula, adjustment_formula: o.adjustment ?? null, updated_at: now,
      };
    });
    await trx.insertInto("benefit_metadata").values(overrideRows).execute();

    await insertDemoPopups(trx, versions.filter((v) => v.policy.popup));

    // Moves of the demo employees, on version 1.
    const moveRows = DEMO_POLICIES.filter((p) => p.employee && userId.has(p.employee)).map((p) => ({
      group_id: groupId.get(p.group)!, employee_user_id: userId.get(p.employee!)!, policy_id: policyId.get(p.name)!,
      policy_version_id: versions.find((v) => v.policy === p && v.number === 1)!.versionId, status: "open" as const,
      current_move_stage: 1, created_at: now, updated_at: now,
    }));
    if (moveRows.length) await trx.insertInto("moves").values(moveRows).execute();
  });
  return true;
}

const POPUP_DESCRIPTIONS: Record<string, string> = {
  IMMIGRATION: "Your work and residence permits for {cityName} are handled by our immigration partner. Your allowance: {benefit}",
  REMOVALS: "Your household goods are packed, shipped and delivered to your new home. Your allowance: {benefit}",
  TEMPACCOMMODATION: "A place to stay while you find your new home in {cityName}. Your allowance: {benefit}",
  FLATSEARCH: "A local consultant helps you find and secure a home in {cityName}, within a budget of {budget}.",
  SETTLINGIN: "Help with registration, a bank account and utilities, within a budget of {budget}.",
  TRAVEL: "Your flights to {cityName} for you and your family. Your allowance: {benefit}",
  HOUSINGALLOWANCE: "A monthly housing allowance while you are on assignment, up to {budget}.",
  HOMELEAVE: "Return trips home during your assignment. Your allowance: {benefit}",
  EDUCATION: "Tuition for your children at the host location, up to {budget}.",
  CASHFLEX: "A flexible budget of {budget} to spend on the services that suit you.",
  LUMPSUM: "A one-off payment of {budget} for your other moving expenses.",
  REPATRIATION: "Support with planning your return move. Your allowance: {benefit}",
};

/** Popups of the versions of popup-displayed policies: texts, one stage row per move stage, items for the services offered. */
async function insertDemoPopups(trx: Writer, versions: { policy: DemoPolicy; versionId: number }[]) {
  if (!versions.length) return;
  await trx
    .insertInto("policy_popups")
    .values(
      versions.map(({ versionId }) => ({
        policy_version_id: versionId,
        header: "Your move with {companyName}",
        paragraph_top: "Welcome! Here is the support {companyName} provides for your move to {cityName}.",
        paragraph_bottom: "Your relocation consultant will call you within two working days to talk you through these benefits.",
        display_relocation_and_ongoing_benefits: 1,
      })),
    )
    .execute();
  await trx
    .insertInto("policy_popup_stages")
    .values(
      versions.flatMap(({ policy, versionId }) =>
        moveStageNames(policy.stages).map((name, i) => ({
          policy_version_id: versionId, move_stage: i + 1, header: name, move_stage_header: `${name} benefits`,
          blurb: i === 0 ? "Everything you need to get to {cityName} and settle in." : "What {companyName} provides during this stage.",
        })),
      ),
    )
    .execute();
  const items = versions.flatMap(({ policy, versionId }) =>
    policy.services
      .filter((s) => s.type >= 1 && s.type <= 3)
      .map((s, i) => ({
        policy_version_id: versionId, move_stage: s.stage ?? 1, service_key: s.key, title: s.title ?? catalogueService(s.key)!.name,
        description: POPUP_DESCRIPTIONS[s.key] ?? catalogueService(s.key)!.description, sort_order: (i + 1) * 10,
      })),
  );
  if (items.length) await trx.insertInto("policy_popup_items").values(items).execute();
}
