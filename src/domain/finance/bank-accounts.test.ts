import { describe, expect, test } from "bun:test";
import { bankMessages, checkBankDetails, checkBic, checkIban, creditorAccountOf, describeAccount, formatIban, IBAN_LENGTHS, isValidIban, normalizeIban } from "./bank-accounts.ts";

// Published example IBANs (ECBS / SWIFT IBAN Registry examples and the banks' own published test numbers).
const VALID = [
  "GB82WEST12345698765432",
  "GB29 NWBK 6016 1331 9268 19",
  "DE89370400440532013000",
  "FR1420041010050500013M02606",
  "NL91ABNA0417164300",
  "BE68539007547034",
  "CH9300762011623852957",
  "ES9121000418450200051332",
  "IT60X0542811101000000123456",
  "NO9386011117947",
  "MT84MALT011000012345MTLCAST001S",
  "SA0380000000608010167519",
];

describe("IBAN", () => {
  test("published example IBANs are valid, with or without spaces, in any case", () => {
    for (const iban of VALID) expect([iban, checkIban(iban)]).toEqual([iban, null]);
    expect(isValidIban("gb82 west 1234 5698 7654 32")).toBe(true);
  });

  test("one wrong digit, two swapped digits or wrong check digits fail the mod-97 check", () => {
    expect(checkIban("GB82WEST12345698765433")).toBe(bankMessages.ibanChecksum);
    expect(checkIban("DE89370400440532013001")).toBe(bankMessages.ibanChecksum);
    expect(checkIban("DE89370400440523013000")).toBe(bankMessages.ibanChecksum);
    expect(checkIban("GB00WEST12345698765432")).toBe(bankMessages.ibanChecksum);
    expect(checkIban("GB99WEST12345698765432")).toBe(bankMessages.ibanChecksum);
  });

  test("the country's length is enforced, an unknown country and malformed text are refused", () => {
    expect(checkIban("DE8937040044053201300")).toBe("This IBAN has the wrong length for its country (DE: 22 characters)");
    expect(checkIban("GB82WEST123456987654321")).toContain("(GB: 22 characters)");
    expect(checkIban("US12345678901234567890")).toBe(bankMessages.ibanCountry);
    expect(checkIban("")).toBe(bankMessages.ibanInvalid);
    expect(checkIban("GB82-WEST-1234-5698-7654-3!")).toBe(bankMessages.ibanInvalid);
    expect(checkIban("1234WEST12345698765432")).toBe(bankMessages.ibanInvalid);
  });

  test("every length in the table is a plausible IBAN length", () => {
    for (const [country, length] of Object.entries(IBAN_LENGTHS)) {
      expect(country).toMatch(/^[A-Z]{2}$/);
      expect(length).toBeGreaterThanOrEqual(15);
      expect(length).toBeLessThanOrEqual(34);
    }
    expect(IBAN_LENGTHS.GB).toBe(22);
    expect(IBAN_LENGTHS.DE).toBe(22);
    expect(IBAN_LENGTHS.NO).toBe(15);
    expect(IBAN_LENGTHS.FR).toBe(27);
  });

  test("normalised and formatted in groups of four", () => {
    expect(normalizeIban(" gb82 west 1234 5698 7654 32 ")).toBe("GB82WEST12345698765432");
    expect(formatIban("GB82WEST12345698765432")).toBe("GB82 WEST 1234 5698 7654 32");
  });
});

describe("BIC", () => {
  test("8 and 11 character BICs are valid; other shapes are not", () => {
    for (const bic of ["DEUTDEFF", "DEUTDEFF500", "NWBKGB2L", "WESTGB2L", "COBADEFFXXX", "bnpafrpp"]) expect([bic, checkBic(bic)]).toEqual([bic, null]);
    for (const bic of ["DEUTDEF", "DEUTDEFF5", "DEUTDEFF50", "DEUTDEFF5000", "1EUTDEFF", "DEUT1EFF", "DEUTDE1F", "DEUTDEFO", ""]) expect([bic, checkBic(bic)]).toEqual([bic, bankMessages.bicInvalid]);
  });
});

describe("bank details", () => {
  test("an IBAN needs its BIC; an account number needs its bank code; not both kinds at once", () => {
    expect(checkBankDetails({ iban: "GB82WEST12345698765432", bic: "WESTGB2L" })).toEqual({});
    expect(checkBankDetails({ iban: "GB82WEST12345698765432" })).toEqual({ bic: bankMessages.bicRequired });
    expect(checkBankDetails({ iban: "GB82WEST12345698765433", bic: "WESTGB2L" })).toEqual({ iban: bankMessages.ibanChecksum });
    expect(checkBankDetails({ accountNumber: "000123456789", bankCode: "021000021" })).toEqual({});
    expect(checkBankDetails({ accountNumber: "000123456789" })).toEqual({ bankCode: bankMessages.bankCodeRequired });
    expect(checkBankDetails({ bankCode: "021000021" })).toEqual({ accountNumber: bankMessages.accountNumberRequired });
    expect(checkBankDetails({ iban: "GB82WEST12345698765432", bic: "WESTGB2L", accountNumber: "1" })).toEqual({ iban: bankMessages.ibanOrAccount });
    expect(checkBankDetails({ accountNumber: "12<34>", bankCode: "x".repeat(36) })).toEqual({ accountNumber: bankMessages.accountNumberInvalid, bankCode: bankMessages.bankCodeInvalid });
    expect(checkBankDetails({})).toEqual({});
  });

  test("creditorAccountOf answers the usable account or null", () => {
    expect(creditorAccountOf({ iban: "gb82 west 1234 5698 7654 32", bic: "westgb2l" })).toEqual({ kind: "iban", iban: "GB82WEST12345698765432", bic: "WESTGB2L" });
    expect(creditorAccountOf({ iban: "GB82WEST12345698765432", bic: null })).toBeNull();
    expect(creditorAccountOf({ iban: "GB82WEST12345698765433", bic: "WESTGB2L" })).toBeNull();
    expect(creditorAccountOf({ accountNumber: "000123456789", bankCode: "021000021" })).toEqual({ kind: "local", accountNumber: "000123456789", bankCode: "021000021", bic: null });
    expect(creditorAccountOf({ accountNumber: "000123456789" })).toBeNull();
    // An older bank account whose account number is an IBAN.
    expect(creditorAccountOf({ accountNumber: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" })).toEqual({ kind: "iban", iban: "DE89370400440532013000", bic: "COBADEFFXXX" });
    expect(creditorAccountOf({ accountNumber: "DE89 3704 0044 0532 0130 00" })).toBeNull();
    expect(creditorAccountOf({})).toBeNull();
  });

  test("describeAccount is the one line a screen shows", () => {
    expect(describeAccount({ kind: "iban", iban: "GB82WEST12345698765432", bic: "WESTGB2L" })).toBe("IBAN GB82 WEST 1234 5698 7654 32 · BIC WESTGB2L");
    expect(describeAccount({ kind: "local", accountNumber: "000123456789", bankCode: "021000021", bic: null })).toBe("Account 000123456789 · Bank code 021000021");
  });
});
