import { afterEach, describe, expect, test } from "bun:test";
import { propertyModelName } from "../../domain/policy/forms/catalogue.ts";
import { createTestMove } from "../moves/wizard/initiation-testing.ts";
import { useTestDatabase } from "../../test/fixtures.ts";

/**
 * Tax provider defaulting (part 1 §9, src/domain/estimate/tax-provider.ts) where it is wired: the
 * stage-6 defaults of a move (defaultDetails), which the advanced estimate is computed with.
 */
const t = useTestDatabase();
const { hrAcme, hrGlobex } = t;
const ref = (m: { employeeId: number; moveId: number }) => ({ employeeId: m.employeeId, moveId: m.moveId });

const saved = process.env["TAX_PROVIDER_GROUP"];
afterEach(() => {
  if (saved === undefined) delete process.env["TAX_PROVIDER_GROUP"];
  else process.env["TAX_PROVIDER_GROUP"] = saved;
});

/** An acme advanced-estimate move from `origin` to `destination` (no state), with the employee's business unit. */
async function acmeMove(origin: string, destination: string, businessUnit: string | null) {
  const move = await createTestMove(t.db);
  const row = await t.db.selectFrom("moves").select("form_values").where("id", "=", move.moveId).executeTakeFirstOrThrow();
  const values = JSON.parse(row.form_values ?? "{}") as Record<string, unknown>;
  if (businessUnit === null) delete values[propertyModelName("businessUnit")];
  else values[propertyModelName("businessUnit")] = { formType: "select", formValue: businessUnit };
  await t.db
    .updateTable("moves")
    .set({ origin_country_code: origin, origin_state: null, destination_country_code: destination, destination_state: null, form_values: JSON.stringify(values) })
    .where("id", "=", move.moveId)
    .execute();
  return move;
}

async function defaultMethod(move: { employeeId: number; moveId: number }) {
  return (await (await hrAcme()).estimate.advanceCeDetails({ ...ref(move), group: "acme" })).details.taxMethod;
}

describe("tax provider defaulting, wired into the stage-6 defaults", () => {
  test("configured for acme: a move from or to the United Kingdom or Australia starts on the supplemental tables", async () => {
    process.env["TAX_PROVIDER_GROUP"] = "acme";
    expect(await defaultMethod(await acmeMove("GB", "US", "Engineering"))).toBe("SUPPLEMENTAL");
    expect(await defaultMethod(await acmeMove("US", "AU", "Engineering"))).toBe("SUPPLEMENTAL");
  });

  test("configured for acme: the Classifieds function starts on the supplemental tables", async () => {
    process.env["TAX_PROVIDER_GROUP"] = "acme";
    expect(await defaultMethod(await acmeMove("US", "SG", "Classifieds"))).toBe("SUPPLEMENTAL");
  });

  test("configured for acme: every other acme move keeps the progressive gross-up", async () => {
    process.env["TAX_PROVIDER_GROUP"] = "acme";
    expect(await defaultMethod(await acmeMove("US", "SG", "Engineering"))).toBe("GROSS_UP");
    expect(await defaultMethod(await acmeMove("US", "SG", null))).toBe("GROSS_UP");
  });

  test("unset, or configured for another group: a UK move of acme keeps the progressive gross-up", async () => {
    const move = await acmeMove("GB", "US", "Classifieds");
    delete process.env["TAX_PROVIDER_GROUP"];
    expect(await defaultMethod(move)).toBe("GROSS_UP");
    process.env["TAX_PROVIDER_GROUP"] = "globex";
    expect(await defaultMethod(move)).toBe("GROSS_UP");
  });

  test("the advanced estimate is computed with the default provider's method, and a saved stage 6 still decides", async () => {
    process.env["TAX_PROVIDER_GROUP"] = "acme";
    const move = await acmeMove("GB", "US", "Engineering");
    const hr = await hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    expect(view.taxMethod).toBe("SUPPLEMENTAL");

    // HR's choice at stage 6 is kept over the default.
    const details = (await hr.estimate.advanceCeDetails({ ...ref(move), group: "acme" })).details;
    const familyMembers = details.familyMembers.map((m) => ({ ...m, dateOfBirth: m.dateOfBirth ?? "1990-01-01" }));
    await hr.estimate.saveAdvanceCeDetails({ ...ref(move), group: "acme", ...details, familyMembers, taxMethod: "MARGINAL" });
    expect(await defaultMethod(move)).toBe("MARGINAL");
  });

  test("another group's HR still cannot read the move's defaults", async () => {
    process.env["TAX_PROVIDER_GROUP"] = "acme";
    const move = await acmeMove("GB", "US", "Engineering");
    await expect((await hrGlobex()).estimate.advanceCeDetails({ ...ref(move), group: "acme" })).rejects.toThrow();
  });
});
