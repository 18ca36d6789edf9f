/**
 * Finance accounts, bank accounts and lock periods (issue 16; spec part 2 §3 "Finance" Account,
 * Employee bank account, Lock period; §5 account balance / search / manual adjustment / lock period;
 * §7 "Finance (under /accountmanagement/)"). The request and response schemas the tRPC procedures
 * (src/routers/finance/accounts.ts) and the documented paths (src/routers/finance/legacy/accounts.ts)
 * share. Field names are the spec's.
 *
 * Money crosses the wire as text in major units (`balance: "1234.50"`, JPY "1235") beside the integer
 * minor units (`balanceMinor`); amounts a person types arrive as text and become minor units only
 * through the money module (src/domain/finance/amounts.ts `readAmount`).
 */
import { z } from "zod";
import { INTERNAL_NOTES_MAX } from "./amounts.ts";
import { ZMoneyText } from "../money/schemas.ts";

export const ACCOUNT_TYPES = ["Client", "Vendor", "Employee"] as const;
export const BILLING_TYPES = ["Drawdown", "Other"] as const;
/** §3 "dueDatePeriod (default NEXT_45_DAYS)"; the other periods are Meridian's choice. */
export const DUE_DATE_PERIODS = ["NEXT_15_DAYS", "NEXT_30_DAYS", "NEXT_45_DAYS", "NEXT_60_DAYS", "NEXT_90_DAYS"] as const;
export const DEFAULT_DUE_DATE_PERIOD = "NEXT_45_DAYS";
/** Company categories of the ad-hoc company lookup (finance_companies.category); others may exist. */
export const COMPANY_CATEGORIES = ["REMOVALS", "IMMIGRATION", "FLATSEARCH", "TEMPORARY_ACCOMMODATION", "SCHOOL_SEARCH", "TAX"] as const;
/** Entries per page of an account's entries table (and the most a page may ask for). */
export const ENTRIES_PAGE_SIZE = 25;
export const ENTRIES_PAGE_MAX = 100;
export const NAME_MAX = 100;
export const PERIOD_NAME_MAX = 50;

/** Meridian's texts for the account rules the spec states without words (the spec's own are in messages.ts). */
export const accountMessages = {
  nameRequired: "Please enter an account name",
  groupRequired: "Please select a group",
  companyRequired: "Please select a company",
  unknownUser: "This user does not exist",
  unknownGroup: "This group does not exist",
  unknownCompany: "This company does not exist",
  unknownSubgroup: "This subgroup does not belong to the account's group",
  accountExists: "This owner already has an account of this type in this currency",
  accountChanged: "This account was changed by someone else. Reload it and try again.",
  floatInvalid: "Please enter a valid float amount",
  lockPeriodExists: "A lock period with this name already exists",
  bankAccountChanged: "This bank account was changed by someone else. Reload it and try again.",
  unlockPaidNotAllowed: "This bank account has been paid. Unlocking a paid account is not enabled (allow-unlock-paid-account).",
  manualAdjustmentDisabled: "Manual adjustments are not enabled for you",
  employeeBankDetailsElsewhere: "An employee's bank details are kept on their bank accounts; change them on the Bank accounts page",
  lockPeriodError: "There was an error saving the lock period. Please contact the Product Team if this happens again.",
  searchError: "There was an error searching the accounts. Please contact the Product Team if this happens again.",
  updateError: "There was an error saving the changes. Please contact the Product Team if this happens again.",
  companiesError: "Error loading the companies. Please contact the Product Team if this happens again.",
} as const;

// ---------------------------------------------------------------- field helpers

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
/** A positive integer id; from a query string or form too ("12"). */
export const ZId = z.coerce.number().int().positive().max(2_147_483_647);
/** An optional id: absent, empty or null mean "not given". */
export const ZOptionalId = z.preprocess(blankToUndefined, ZId.optional());
/** The `Idempotency-Key` of a tRPC write (the documented paths read the header). */
export const ZIdempotencyKey = z.string().trim().min(1).max(200).optional();
/** A currency code as typed (checked against ISO 4217 by the services, with the finance text). */
export const ZCurrencyText = z.string().trim().max(3).transform((s) => s.toUpperCase());
/** An amount as typed (major units); checked by the services with the spec's texts. */
export const ZAmountText = ZMoneyText;
/** "true"/"false" of a form or query, or a boolean. */
const ZBoolText = z.preprocess((v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v), z.boolean());

// ---------------------------------------------------------------- views

/** Bank details as shown (issue 24 §5): the stored fields, whether a payment file can use them, and their one-line summary. */
export const ZBankDetails = z.object({
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  accountNumber: z.string().nullable(),
  bankCode: z.string().nullable(),
  usable: z.boolean(),
  summary: z.string().nullable(),
});
export type TBankDetails = z.infer<typeof ZBankDetails>;

export const ZAccount = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  groupId: z.number().nullable(),
  groupName: z.string().nullable(),
  subgroupId: z.number().nullable(),
  subgroupName: z.string().nullable(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  userId: z.number().nullable(),
  currencyCode: z.string(),
  currencySymbol: z.string(),
  /** The last entry's running balance, major units. */
  balance: z.string(),
  balanceMinor: z.number(),
  billingType: z.enum(BILLING_TYPES),
  floatAmount: z.string(),
  floatAmountMinor: z.number(),
  dueDatePeriod: z.string(),
  version: z.number(),
  /** How many entries the account has (its last entry's seq). */
  entryCount: z.number(),
  /** A Client account's are the debtor's in payment files, a Vendor's the creditor's (issue 24 §5). */
  bankDetails: ZBankDetails,
});
export type TAccount = z.infer<typeof ZAccount>;

export const ZEntry = z.object({
  id: z.number(),
  seq: z.number(),
  date: z.string(),
  kind: z.enum(["charge", "payment", "adjustment", "reversal"]),
  amount: z.string(),
  amountMinor: z.number(),
  currency: z.string(),
  balanceAfter: z.string(),
  balanceAfterMinor: z.number(),
  billId: z.number().nullable(),
  paymentId: z.number().nullable(),
  notes: z.string(),
  createdAt: z.string(),
});
export type TEntry = z.infer<typeof ZEntry>;

export const ZBankAccount = z.object({
  id: z.number(),
  employeeId: z.number(),
  accountAlias: z.string(),
  accountNumber: z.string(),
  accountCurrencyCode: z.string(),
  locked: z.boolean(),
  paymentCompleted: z.boolean(),
  unConfirmed: z.boolean(),
  version: z.number(),
  /** IBAN and BIC, or the account number with its bank code (issue 24 §5). */
  bankDetails: ZBankDetails,
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

export const ZLockPeriod = z.object({ id: z.number(), periodName: z.string(), lockDate: z.string() });
export const ZSubgroup = z.object({ id: z.number(), name: z.string() });
export const ZCompany = z.object({ id: z.number(), companyName: z.string() });

// ---------------------------------------------------------------- §7 create-account

export const ZCreateAccountRequest = z.object({
  name: z.string().trim().max(NAME_MAX),
  type: z.enum(ACCOUNT_TYPES),
  groupId: ZOptionalId,
  /** The company's id (Vendor accounts name one). */
  company: ZOptionalId,
  userId: ZOptionalId,
  /** The opening balance as typed; "" is 0. It becomes an `adjustment` entry, never a stored balance. */
  balance: ZAmountText,
  currency: ZCurrencyText,
  idempotencyKey: ZIdempotencyKey,
});
export type TCreateAccountRequest = z.infer<typeof ZCreateAccountRequest>;
export const ZCreateAccountResponse = z.object({ success: z.literal(true), accountId: z.number() });

// ---------------------------------------------------------------- §7 subgroups/{groupId}

export const ZSubgroupsRequest = z.object({ groupId: ZId });
export const ZSubgroupsResponse = z.object({ success: z.literal(true), response: z.array(ZSubgroup) });

// ---------------------------------------------------------------- §7 update-account

export const ZUpdateAccountRequest = z.object({
  id: ZId,
  /** The new balance as typed: a change appends an adjustment of (new − current). */
  balance: z.preprocess(blankToUndefined, ZAmountText.optional()),
  billingType: z.preprocess(blankToUndefined, z.enum(BILLING_TYPES).optional()),
  floatAmount: z.preprocess(blankToUndefined, ZAmountText.optional()),
  dueDatePeriod: z.preprocess(blankToUndefined, z.enum(DUE_DATE_PERIODS).optional()),
  /** The subgroup's id; "none" (or 0) clears it. */
  subgroup: z.preprocess((v) => (v === "" ? undefined : v === "none" || v === 0 || v === "0" || v === null ? null : v), ZId.nullable().optional()),
  /** The version the client read; when given, a later change refuses the update (CONFLICT). */
  version: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
  idempotencyKey: ZIdempotencyKey,
});
export type TUpdateAccountRequest = z.infer<typeof ZUpdateAccountRequest>;
export const ZAccountResponse = z.object({ success: z.literal(true), account: ZAccount });

// ---------------------------------------------------------------- §7 search-accounts, get-account

export const ZSearchAccountsRequest = z.object({
  /** Required (§5 "Please select a type"); checked by the service so the spec's text answers. */
  type: z.preprocess(blankToUndefined, z.enum(ACCOUNT_TYPES).optional()),
  userId: ZOptionalId,
  groupId: ZOptionalId,
  companyId: ZOptionalId,
  currency: z.preprocess(blankToUndefined, ZCurrencyText.optional()),
});
export type TSearchAccountsRequest = z.infer<typeof ZSearchAccountsRequest>;
export const ZSearchAccountsResponse = z.object({ success: z.literal(true), accounts: z.array(ZAccount), resultMessage: z.string() });

export const ZGetAccountRequest = z.object({ id: ZId });
export const ZGetAccountResponse = ZAccount;

export const ZEntriesRequest = z.object({
  id: ZId,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ENTRIES_PAGE_MAX).default(ENTRIES_PAGE_SIZE),
});
export const ZEntriesResponse = z.object({ entries: z.array(ZEntry), total: z.number(), page: z.number(), pageSize: z.number() });

// ---------------------------------------------------------------- §7 create-manual-adjustment

export const ZManualAdjustmentRequest = z.object({
  accountId: ZId,
  amount: ZAmountText,
  currency: ZCurrencyText,
  /** The adjustment's date: yyyy-mm-dd, or an ISO-8601 timestamp (its UTC date counts; `financeDay`). */
  timestamp: z.string().trim().max(40),
  notes: z.string().max(INTERNAL_NOTES_MAX).optional(),
  idempotencyKey: ZIdempotencyKey,
});
export type TManualAdjustmentRequest = z.infer<typeof ZManualAdjustmentRequest>;
export const ZManualAdjustmentResponse = z.object({
  success: z.literal(true),
  accounts: z.array(ZAccount),
  entryId: z.number(),
  balanceBefore: z.string(),
  balanceAfter: z.string(),
});

// ---------------------------------------------------------------- §7 saveLockPeriods

export const ZSaveLockPeriodRequest = z.object({
  periodName: z.string().trim().max(PERIOD_NAME_MAX),
  /** yyyy-mm-dd; checked by the service (§5 one text for either field missing). */
  lockDate: z.string().trim().max(40),
  idempotencyKey: ZIdempotencyKey,
});
export const ZLockPeriodsResponse = z.object({ success: z.literal(true), lockPeriods: z.array(ZLockPeriod), errorMessage: z.string() });

// ---------------------------------------------------------------- §7 createEmployeeAccountWithCurrency

export const ZEmployeeAccountRequest = z.object({ employeeId: ZId, currency: ZCurrencyText, idempotencyKey: ZIdempotencyKey });
export const ZEmployeeAccountResponse = z.object({ success: z.literal(true), response: z.array(ZAccount), errorMessage: z.string(), created: z.boolean() });

// ---------------------------------------------------------------- §7 /admin/bank-account/…

export const ZBankAccountsOfEmployeesRequest = z.object({ employeeIds: z.array(ZId).min(1).max(200) });
export const ZBankAccountsByIdRequest = z.object({ bankAccountIds: z.array(ZId).min(1).max(200) });
export const ZBankAccountsResponse = z.array(ZBankAccount);

export const ZSetBankAccountLockRequest = z.object({
  bankAccountId: ZId,
  employeeId: ZId,
  locked: ZBoolText,
  /** The version the client read; when given, a later change refuses the toggle (CONFLICT). */
  version: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
  idempotencyKey: ZIdempotencyKey,
});
export type TSetBankAccountLockRequest = z.infer<typeof ZSetBankAccountLockRequest>;

/** Bank details as typed (issue 24 §5): blanks clear a field; checked by src/domain/finance/bank-accounts.ts. */
const ZBankText = (max: number) => z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(max).optional());
const ZBankFields = { iban: ZBankText(42), bic: ZBankText(11), accountNumber: ZBankText(34), bankCode: ZBankText(35) };
/** A Client (debtor) or Vendor (creditor) account's bank details. Meridian's own call, tRPC only. */
export const ZSetAccountBankDetailsRequest = z.object({
  id: ZId,
  ...ZBankFields,
  version: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
  idempotencyKey: ZIdempotencyKey,
});
export type TSetAccountBankDetailsRequest = z.infer<typeof ZSetAccountBankDetailsRequest>;
/** An employee bank account's bank details. Meridian's own call, tRPC only. */
export const ZSetEmployeeBankDetailsRequest = z.object({
  bankAccountId: ZId,
  employeeId: ZId,
  ...ZBankFields,
  version: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
  idempotencyKey: ZIdempotencyKey,
});
export type TSetEmployeeBankDetailsRequest = z.infer<typeof ZSetEmployeeBankDetailsRequest>;
/** The documented body of POST /admin/bank-account/{id}?employeeId=. */
export const ZBankLockBody = z.object({ locked: ZBoolText, version: ZSetBankAccountLockRequest.shape.version });
export const ZBankLockPathQuery = z.object({ employeeId: ZId });
export const ZBankLockResponse = z.object({ locked: z.boolean(), paymentCompleted: z.boolean(), version: z.number(), unConfirmed: z.boolean() });

// ---------------------------------------------------------------- §7 /crm/adhocCharge/getCompaniesByType

export const ZCompaniesByTypeRequest = z.object({ categorySelected: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()) });
export const ZCompaniesByTypeResponse = z.object({ success: z.literal(true), companies: z.array(ZCompany), resultMessage: z.string() });

// ---------------------------------------------------------------- page settings

export const ZAccountsSettingsResponse = z.object({
  /** FINANCE_ALLOW_UNLOCK_PAID_ACCOUNT: unlocking a paid bank account is allowed (the page warns to relock). */
  allowUnlockPaidAccount: z.boolean(),
  /** Manual adjustments are enabled for the caller (the page hides the button otherwise). */
  manualAdjustmentEnabled: z.boolean(),
  accountTypes: z.array(z.enum(ACCOUNT_TYPES)),
  billingTypes: z.array(z.enum(BILLING_TYPES)),
  dueDatePeriods: z.array(z.string()),
  companyCategories: z.array(z.string()),
});
