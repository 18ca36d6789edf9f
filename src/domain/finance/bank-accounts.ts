/**
 * Bank details a payment file can use (issue 24 §5 "Payment files a bank accepts"). Pure rules, no I/O.
 *
 * An account is identified either by an IBAN (ISO 13616: country code, two check digits, the country's
 * BBAN; the check digits make the whole number ≡ 1 mod 97 once the first four characters are moved to the
 * end and letters become 10–35) with the bank's BIC (ISO 9362, 8 or 11 characters, the pattern of
 * pain.001.001.03's BICIdentifier), or, where IBAN does not apply (the US, Canada, Japan, …), by an
 * account number and a bank code (routing number, transit number, sort code, …; written to pain.001 as
 * the agent's clearing-system member id), a BIC optional.
 *
 * `creditorAccountOf` is the one answer to "can a transfer be sent to this account, and how": the
 * payment-file export and every screen that says whether a payee is payable call it.
 */

/** IBAN length per country (SWIFT IBAN Registry, release 99, 2025). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28, CZ: 24,
  DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27,
  GT: 28, HN: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20,
  LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24,
  PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25,
  SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/** pain.001.001.03 BICIdentifier. */
export const BIC_PATTERN = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/;
/** An account number where IBAN does not apply: letters, digits, spaces and hyphens, 1–34 characters (pain.001 Max34Text). */
export const ACCOUNT_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{0,33}$/;
/** A bank code (routing, transit, sort code…): letters, digits, spaces and hyphens, 1–35 characters (pain.001 Max35Text). */
export const BANK_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{0,34}$/;

export const bankMessages = {
  ibanInvalid: "Please enter a valid IBAN",
  ibanCountry: "This IBAN's country does not use IBANs",
  ibanLength: "This IBAN has the wrong length for its country ({country}: {length} characters)",
  ibanChecksum: "This IBAN's check digits are wrong; please check the number",
  bicInvalid: "Please enter a valid BIC (8 or 11 characters, e.g. DEUTDEFF or DEUTDEFF500)",
  bicRequired: "Please enter the bank's BIC with the IBAN",
  accountNumberInvalid: "Please enter a valid account number (letters, digits, spaces or hyphens, at most 34)",
  bankCodeInvalid: "Please enter a valid bank code (letters, digits, spaces or hyphens, at most 35)",
  bankCodeRequired: "Please enter the bank code with the account number",
  accountNumberRequired: "Please enter the account number with the bank code",
  ibanOrAccount: "Please enter either an IBAN or an account number, not both",
  /** Export refusals: the payee or the paying client account is named. */
  noPayeeAccount: "{payee} has no bank account a payment file can use (IBAN and BIC, or account number and bank code); add it before exporting bill {id}",
  noDebtorAccount: "{account} has no bank account for {currency} payments (IBAN and BIC, or account number and bank code); add it on the account page before exporting bill {id}",
} as const;

/** The IBAN as stored: spaces removed, upper case. */
export function normalizeIban(s: string): string {
  return s.replace(/[\s-]+/g, "").toUpperCase();
}

/** The IBAN in groups of four for display ("GB82 WEST 1234 5698 7654 32"). */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, "$1 ");
}

/** ISO 7064 MOD 97-10 over the rearranged IBAN (digit by digit, no big integers). */
function mod97(rearranged: string): number {
  let rest = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    rest = value >= 10 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return rest;
}

/** Why the IBAN is not valid, or null when it is (country, length, characters, mod-97 check digits). */
export function checkIban(input: string): string | null {
  const iban = normalizeIban(input);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/.test(iban)) return bankMessages.ibanInvalid;
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length === undefined) return bankMessages.ibanCountry;
  if (iban.length !== length) return bankMessages.ibanLength.replace("{country}", country).replace("{length}", String(length));
  if (mod97(iban.slice(4) + iban.slice(0, 4)) !== 1) return bankMessages.ibanChecksum;
  return null;
}

export function isValidIban(input: string): boolean {
  return checkIban(input) === null;
}

/** The BIC as stored: spaces removed, upper case. */
export function normalizeBic(s: string): string {
  return s.replace(/\s+/g, "").toUpperCase();
}

/** Why the BIC is not valid, or null (pain.001.001.03 BICIdentifier; its country code must be letters). */
export function checkBic(input: string): string | null {
  return BIC_PATTERN.test(normalizeBic(input)) ? null : bankMessages.bicInvalid;
}

export type BankDetails = { iban: string | null; bic: string | null; accountNumber: string | null; bankCode: string | null };
export type BankDetailsField = keyof BankDetails;

const blank = (s: string | null | undefined) => s === null || s === undefined || s.trim() === "";

/** Bank details as stored: trimmed, IBAN and BIC normalised, blanks as null. */
export function normalizeBankDetails(d: Partial<BankDetails>): BankDetails {
  return {
    iban: blank(d.iban) ? null : normalizeIban(d.iban!),
    bic: blank(d.bic) ? null : normalizeBic(d.bic!),
    accountNumber: blank(d.accountNumber) ? null : d.accountNumber!.trim().replace(/\s+/g, " "),
    bankCode: blank(d.bankCode) ? null : d.bankCode!.trim().replace(/\s+/g, " "),
  };
}

/**
 * What is wrong with bank details a person entered (empty when they are fine): an IBAN with its BIC, or an
 * account number with its bank code (BIC optional), or nothing at all (the account has no bank details yet).
 */
export function checkBankDetails(input: Partial<BankDetails>): Partial<Record<BankDetailsField, string>> {
  const d = normalizeBankDetails(input);
  const errors: Partial<Record<BankDetailsField, string>> = {};
  if (d.iban !== null && (d.accountNumber !== null || d.bankCode !== null)) {
    errors.iban = bankMessages.ibanOrAccount;
    return errors;
  }
  if (d.iban !== null) {
    const e = checkIban(d.iban);
    if (e) errors.iban = e;
    if (d.bic === null) errors.bic = bankMessages.bicRequired;
  }
  if (d.bic !== null) {
    const e = checkBic(d.bic);
    if (e) errors.bic = e;
  }
  if (d.accountNumber !== null && !ACCOUNT_NUMBER_PATTERN.test(d.accountNumber)) errors.accountNumber = bankMessages.accountNumberInvalid;
  if (d.bankCode !== null && !BANK_CODE_PATTERN.test(d.bankCode)) errors.bankCode = bankMessages.bankCodeInvalid;
  if (d.accountNumber !== null && d.bankCode === null) errors.bankCode = bankMessages.bankCodeRequired;
  if (d.bankCode !== null && d.accountNumber === null) errors.accountNumber = bankMessages.accountNumberRequired;
  return errors;
}

/** How a transfer reaches an account: by IBAN and BIC, or by account number and bank code (BIC when known). */
export type UsableAccount = { kind: "iban"; iban: string; bic: string } | { kind: "local"; accountNumber: string; bankCode: string; bic: string | null };

/**
 * The account a payment file can name, or null when it has none usable. An older employee bank account
 * whose account number is itself a valid IBAN (the spec's `accountNumber`) counts as that IBAN.
 */
export function creditorAccountOf(input: Partial<BankDetails>): UsableAccount | null {
  const d = normalizeBankDetails(input);
  const bic = d.bic !== null && checkBic(d.bic) === null ? d.bic : null;
  const iban = d.iban ?? (d.accountNumber !== null && d.bankCode === null && isValidIban(d.accountNumber) ? normalizeIban(d.accountNumber) : null);
  if (iban !== null) return isValidIban(iban) && bic !== null ? { kind: "iban", iban, bic } : null;
  if (d.accountNumber !== null && d.bankCode !== null && ACCOUNT_NUMBER_PATTERN.test(d.accountNumber) && BANK_CODE_PATTERN.test(d.bankCode)) {
    return { kind: "local", accountNumber: d.accountNumber, bankCode: d.bankCode, bic };
  }
  return null;
}

/** One line for a screen: "IBAN GB82 WEST 1234 5698 7654 32 · BIC WESTGB2L" or "Account 123456789 · Bank code 021000021". */
export function describeAccount(a: UsableAccount): string {
  return a.kind === "iban" ? `IBAN ${formatIban(a.iban)} · BIC ${a.bic}` : `Account ${a.accountNumber} · Bank code ${a.bankCode}${a.bic ? ` · BIC ${a.bic}` : ""}`;
}
