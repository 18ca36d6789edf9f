/**
 * The policy area's enumerations and the service catalogue (part 2 §§2–5, §9). Pure data: the
 * seed writes the catalogue into `services`, the rules and screens read the enumerations.
 */

export const MOVE_TYPES = ["INTERNATIONAL", "DOMESTIC"] as const;
export type MoveType = (typeof MOVE_TYPES)[number];

export const ARCHETYPES = [
  "PERMANENT_TRANSFER",
  "LONG_TERM_ASSIGNMENT",
  "SHORT_TERM_ASSIGNMENT",
  "DOMESTIC_TRANSFER",
  "CORE_FLEX",
  "CITY_GUIDE",
] as const;
export type Archetype = (typeof ARCHETYPES)[number];

/** A policy has one, two or three move stages (three: pre-departure, on assignment, repatriation). */
export const MOVE_STAGE_COUNTS = [1, 2, 3] as const;
export type MoveStageCount = (typeof MOVE_STAGE_COUNTS)[number];

/** Stage names by number of stages. */
export function moveStageNames(count: number): string[] {
  if (count >= 3) return ["Pre-Departure", "On Assignment", "Repatriation"];
  if (count === 2) return ["Relocation", "Ongoing"];
  return ["Relocation"];
}

/** Estimate types of part 1 §4 plus NONE (the wizard hides stage 4). */
export const ESTIMATE_TYPES = ["NONE", "NO_PROVIDER", "LTA", "STA", "ADVANCED"] as const;
export type EstimateType = (typeof ESTIMATE_TYPES)[number];

export const ESTIMATE_PROVIDERS = ["MERIDIAN", "EXTERNAL"] as const;
export type EstimateProvider = (typeof ESTIMATE_PROVIDERS)[number];

export const ESTIMATE_PACKAGES = ["PERMANENT_TRANSFER", "LONG_TERM_ASSIGNMENT", "SHORT_TERM_ASSIGNMENT", "DOMESTIC"] as const;
export type EstimatePackage = (typeof ESTIMATE_PACKAGES)[number];

export const BALANCE_SHEET_CURRENCY_TYPES = ["HOME", "HOST"] as const;
export type BalanceSheetCurrencyType = (typeof BALANCE_SHEET_CURRENCY_TYPES)[number];

export const POLICY_STATUSES = ["ACTIVE", "INACTIVE"] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/** Programme types; ManagedBudget triggers the out-of-budget confirm in finance (part 2 §9). */
export const PROGRAMME_TYPES = ["Standard", "ManagedBudget", "CoreFlex", "LumpSum"] as const;
export type ProgrammeType = (typeof PROGRAMME_TYPES)[number];

/** Welcome-call durations offered on policy setup, in minutes. */
export const WELCOME_CALL_DURATIONS = [15, 30, 45, 60, 90] as const;

export const VERSION_STATUSES = ["DRAFT", "RELEASED"] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];
/** What a change between two versions concerns (src/domain/policy/version-diff.ts). */
export const VERSION_CHANGE_AREAS = ["service", "budget", "budgetGroup", "benefit", "setting", "popup"] as const;
export type VersionChangeArea = (typeof VERSION_CHANGE_AREAS)[number];

/**
 * Service policy type (part 2 §4): 1 cash flex, 2 budget, 3 benefits, 4 view-only third party, 5 off.
 */
export const SERVICE_POLICY_TYPES = [1, 2, 3, 4, 5] as const;
export type ServicePolicyType = (typeof SERVICE_POLICY_TYPES)[number];
export const SERVICE_POLICY_TYPE_LABELS: Record<ServicePolicyType, string> = {
  1: "Cash flex",
  2: "Budget",
  3: "Benefits",
  4: "View only (third party)",
  5: "Off",
};

export const BUDGET_TYPES = ["CCY", "BEN"] as const;
export type BudgetType = (typeof BUDGET_TYPES)[number];

/** Budget groups are numbered 1 to 20; 99 means none (part 2 §3). */
export const BUDGET_GROUP_MIN = 1;
export const BUDGET_GROUP_MAX = 20;
export const NO_BUDGET_GROUP = 99;

export const BUDGET_AUTH_TYPES = ["NONE", "HR_APPROVAL", "FINANCE_APPROVAL", "PRE_APPROVED"] as const;
export type BudgetAuthType = (typeof BUDGET_AUTH_TYPES)[number];

/** Budget complexity choices (part 2 §9). */
export const BUDGET_COMPLEXITIES = ["simple", "complex"] as const;
export type BudgetComplexity = (typeof BUDGET_COMPLEXITIES)[number];

export const RATE_FREQUENCIES = ["ONE_OFF", "DAILY", "WEEKLY", "MONTHLY", "ANNUAL"] as const;
export type RateFrequency = (typeof RATE_FREQUENCIES)[number];

/** Add-option type REGULAR (part 2 §9); CASH sets key their option metadata by option id. */
export const BENEFIT_OPTION_TYPES = ["REGULAR", "CASH"] as const;
export type BenefitOptionType = (typeof BENEFIT_OPTION_TYPES)[number];

export const ATTRIBUTE_INPUT_TYPES = ["TEXT", "SELECT", "NUMBER", "BOOLEAN"] as const;
export type AttributeInputType = (typeof ATTRIBUTE_INPUT_TYPES)[number];

/** Budget cash-out spend category (part 2 §9). */
export const BUDGET_CASH_OUT_CATEGORY_ID = 580;
/** Spend categories: level 3 is the leaf; search needs 3 characters or the select-all key. */
export const SPEND_CATEGORY_LEAF_LEVEL = 3;
export const SPEND_CATEGORY_MIN_SEARCH = 3;
export const SPEND_CATEGORY_SELECT_ALL = "***";

/**
 * Versions at or below this number may skip mandatory-attribute errors at submit (part 2 §4):
 * they were released before service attributes became mandatory.
 */
export const IGNORE_MANDATORY_ATTRIBUTE_VERSION = 2;

/** Popup placeholders (part 2 §5); `{benefit}` must come last. */
export const POPUP_VARIABLES = ["{cityName}", "{companyName}", "{budget}", "{benefit}", "{blurb}"] as const;

/** Popup text kinds accepted by updatePopUpItem. */
export const POPUP_TEXT_TYPES = ["HEADER", "PARAGRAPH_TOP", "PARAGRAPH_BOTTOM", "MOVE_STAGE_HEADER", "BLURB", "TITLE", "DESCRIPTION"] as const;
export type PopupTextType = (typeof POPUP_TEXT_TYPES)[number];

export type ServiceCategory = "IMMIGRATION" | "HOUSEHOLD_GOODS" | "HOUSING" | "SETTLING_IN" | "FAMILY" | "TAX" | "CASH" | "TRAVEL" | "SUPPORT";

export type CatalogueService = {
  key: string;
  name: string;
  category: ServiceCategory;
  description: string;
  /** Third-party services default to a currency budget (part 2 §9). */
  defaultBudgetType: BudgetType | null;
  isCashFlex?: boolean;
  cashService?: boolean;
};

/** Third-party service keys that default to the CCY budget type (part 2 §9). */
export const CCY_DEFAULT_SERVICE_KEYS = ["ACCOUNTANTS", "FLATSEARCH", "IMMIGRATION", "REMOVALS", "SERVICEDAPARTMENT"] as const;

export const SERVICE_CATALOGUE: readonly CatalogueService[] = [
  { key: "IMMIGRATION", name: "Immigration & Visas", category: "IMMIGRATION", description: "Work permit, residence permit and dependant visa applications handled by an immigration provider.", defaultBudgetType: "CCY" },
  { key: "REMOVALS", name: "Household Goods Removal", category: "HOUSEHOLD_GOODS", description: "Packing, shipment and delivery of household goods by sea, air or road.", defaultBudgetType: "CCY" },
  { key: "STORAGE", name: "Storage", category: "HOUSEHOLD_GOODS", description: "Storage of household goods at origin or destination.", defaultBudgetType: null },
  { key: "TEMPACCOMMODATION", name: "Temporary Accommodation", category: "HOUSING", description: "Hotel or short-stay accommodation on arrival while a home is found.", defaultBudgetType: null },
  { key: "SERVICEDAPARTMENT", name: "Serviced Apartment", category: "HOUSING", description: "Furnished serviced apartment booked through a housing provider.", defaultBudgetType: "CCY" },
  { key: "FLATSEARCH", name: "Home Finding", category: "HOUSING", description: "Destination home-finding tour and lease negotiation by a local consultant.", defaultBudgetType: "CCY" },
  { key: "HOMESALE", name: "Home Sale Assistance", category: "HOUSING", description: "Marketing and sale of the employee's home at origin, including closing costs.", defaultBudgetType: null },
  { key: "HOMEPURCHASE", name: "Home Purchase Assistance", category: "HOUSING", description: "Closing costs and fees for buying a home at destination.", defaultBudgetType: null },
  { key: "HOUSINGALLOWANCE", name: "Host Housing Allowance", category: "HOUSING", description: "Monthly housing allowance at the host location during the assignment.", defaultBudgetType: null },
  { key: "SCHOOLSEARCH", name: "School Search", category: "FAMILY", description: "Guidance on schools and admission support for children.", defaultBudgetType: null },
  { key: "EDUCATION", name: "Education Allowance", category: "FAMILY", description: "Tuition fees for dependent children at the host location.", defaultBudgetType: null },
  { key: "SPOUSALSUPPORT", name: "Spouse/Partner Support", category: "FAMILY", description: "Career counselling and job-search support for the accompanying partner.", defaultBudgetType: null },
  { key: "ORIENTATION", name: "Destination Orientation", category: "SETTLING_IN", description: "A guided day at the destination: neighbourhoods, transport, healthcare and registration.", defaultBudgetType: null },
  { key: "SETTLINGIN", name: "Settling-in Services", category: "SETTLING_IN", description: "Local registration, bank account, utilities and driving licence support.", defaultBudgetType: null },
  { key: "LANGUAGETRAINING", name: "Language Training", category: "SETTLING_IN", description: "Language lessons for the employee and family.", defaultBudgetType: null },
  { key: "CULTURALTRAINING", name: "Cultural Training", category: "SETTLING_IN", description: "Intercultural training before departure.", defaultBudgetType: null },
  { key: "CITYGUIDE", name: "City Guide", category: "SUPPORT", description: "Online destination city guide.", defaultBudgetType: null },
  { key: "TAXBRIEFING", name: "Tax Briefing", category: "TAX", description: "Pre-departure and post-arrival tax consultations.", defaultBudgetType: null },
  { key: "ACCOUNTANTS", name: "Tax Return Preparation", category: "TAX", description: "Home and host tax return preparation by an accountancy provider.", defaultBudgetType: "CCY" },
  { key: "TAXEQUALIZATION", name: "Tax Equalization", category: "TAX", description: "Hypothetical tax withholding and equalization settlement.", defaultBudgetType: null },
  { key: "TRAVEL", name: "Relocation Travel", category: "TRAVEL", description: "One-way travel to the destination for the employee and family.", defaultBudgetType: null },
  { key: "HOMELEAVE", name: "Home Leave", category: "TRAVEL", description: "Annual return trips to the home country during the assignment.", defaultBudgetType: null },
  { key: "HOUSEHUNTINGTRIP", name: "House-Hunting Trip", category: "TRAVEL", description: "A trip to the destination to look for housing before the move.", defaultBudgetType: null },
  { key: "COLA", name: "Cost-of-Living Allowance", category: "CASH", description: "Monthly allowance bridging the cost-of-living difference between home and host.", defaultBudgetType: null },
  { key: "LUMPSUM", name: "Relocation Lump Sum", category: "CASH", description: "One-off cash payment for miscellaneous relocation expenses.", defaultBudgetType: null, cashService: true },
  { key: "CASHFLEX", name: "Cash Flex", category: "CASH", description: "A flexible budget the employee spends on the services of their choice.", defaultBudgetType: null, isCashFlex: true, cashService: true },
  { key: "MOVEHUB", name: "Move Hub", category: "SUPPORT", description: "The employee's move hub: tasks, documents and budget at a glance.", defaultBudgetType: null },
  { key: "REPATRIATION", name: "Repatriation Support", category: "SUPPORT", description: "Return move planning at the end of the assignment.", defaultBudgetType: null },
];

export function catalogueService(key: string): CatalogueService | undefined {
  return SERVICE_CATALOGUE.find((s) => s.key === key);
}
