import { describe, expect, test } from "bun:test";
import { diffVersions, type DiffService, type VersionDiffSnapshot } from "./version-diff.ts";

const flags = { addable: false, moveHub: false, provided: false, cashService: false, showAsMoveHubBudget: false, amountCanBeNegative: false };
const service = (over: Partial<DiffService> = {}): DiffService => ({
  moveStage: 1,
  serviceKey: "HOME_SEARCH",
  name: "Home search",
  policyType: 2,
  budgetGroup: 3,
  budgetType: "CCY",
  authorizationType: null,
  currency: null,
  amount: null,
  minAmount: null,
  maxAmount: null,
  rateFrequency: null,
  flags,
  benefits: [],
  ...over,
});
const snapshot = (over: Partial<VersionDiffSnapshot> = {}): VersionDiffSnapshot => ({
  versionNumber: 1,
  stageNames: ["Relocation", "Ongoing"],
  services: [service()],
  budgetGroups: [{ moveStage: 1, groupNumber: 3, authType: "NONE", complexity: "simple", budgets: [{ currency: "USD", amount: 500_000, minAmount: null, maxAmount: null }] }],
  popup: { on: false, relocationAndOngoing: true },
  ...over,
});
const texts = (a: VersionDiffSnapshot, b: VersionDiffSnapshot) => diffVersions(a, b).map((c) => c.text);

describe("diffVersions", () => {
  test("identical versions have no changes", () => {
    expect(diffVersions(snapshot(), snapshot({ versionNumber: 2 }))).toEqual([]);
  });

  test("services added and removed, per move stage", () => {
    const to = snapshot({ services: [service({ moveStage: 2, serviceKey: "TAX", name: "Tax advice", policyType: 3 })] });
    expect(diffVersions(snapshot(), to)).toEqual([
      { area: "service", moveStage: 1, text: "Relocation: service Home search removed." },
      { area: "service", moveStage: 2, text: "Ongoing: service Tax advice added (Benefits)." },
    ]);
  });

  test("a service's type, budget group, flags and own amount", () => {
    const to = snapshot({
      services: [service({ policyType: 1, budgetGroup: 99, currency: "EUR", amount: 12_345, maxAmount: 20_000, flags: { ...flags, addable: true } })],
    });
    expect(texts(snapshot(), to)).toEqual([
      "Relocation: Home search: type Budget → Cash flex.",
      "Relocation: Home search: budget group 3 → no budget group.",
      "Relocation: Home search: amount none → EUR 123.45.",
      "Relocation: Home search: maximum none → EUR 200.00.",
      "Relocation: Home search: addable off → on.",
    ]);
  });

  test("budget amounts, minimum and maximum of a budget group, matched by currency", () => {
    const to = snapshot({
      budgetGroups: [
        {
          moveStage: 1,
          groupNumber: 3,
          authType: "HR_APPROVAL",
          complexity: "simple",
          budgets: [
            { currency: "USD", amount: 600_000, minAmount: 100_000, maxAmount: null },
            { currency: "JPY", amount: 1_000, minAmount: null, maxAmount: null },
          ],
        },
      ],
    });
    const changes = diffVersions(snapshot(), to);
    expect(changes.map((c) => c.text)).toEqual([
      "Relocation: budget group 3: authorisation NONE → HR_APPROVAL.",
      "Relocation: budget group 3: budget USD 5,000.00 → USD 6,000.00.",
      "Relocation: budget group 3: USD minimum none → USD 1,000.00.",
      "Relocation: budget group 3: budget JPY 1,000 added.",
    ]);
    expect(changes.map((c) => c.area)).toEqual(["budgetGroup", "budget", "budget", "budget"]);
  });

  test("budget groups added and removed", () => {
    const to = snapshot({ budgetGroups: [{ moveStage: 1, groupNumber: 4, authType: "NONE", complexity: "simple", budgets: [{ currency: "USD", amount: 100, minAmount: null, maxAmount: null }] }] });
    expect(texts(snapshot(), to)).toEqual(["Relocation: budget group 3: removed.", "Relocation: budget group 4: added with USD 1.00."]);
    // An empty group (created by an edit, holding nothing) is no change.
    const empty = snapshot({ budgetGroups: [...snapshot().budgetGroups, { moveStage: 1, groupNumber: 5, authType: "NONE", complexity: "simple", budgets: [] }] });
    expect(texts(snapshot(), empty)).toEqual([]);
  });

  test("benefit options chosen, changed and cleared", () => {
    const from = snapshot({ services: [service({ benefits: [{ set: "Temporary housing", option: "30 days", value: null }, { set: "Visits", option: null, value: "2" }] })] });
    const to = snapshot({ services: [service({ benefits: [{ set: "Temporary housing", option: "60 days", value: null }, { set: "Schooling", option: "Yes", value: null }] })] });
    expect(texts(from, to)).toEqual([
      "Relocation: Home search: benefit Temporary housing 30 days → 60 days.",
      "Relocation: Home search: benefit Visits 2 → none.",
      "Relocation: Home search: benefit Schooling none → Yes.",
    ]);
  });

  test("popup on and off, and its relocation and ongoing switch", () => {
    expect(texts(snapshot(), snapshot({ popup: { on: true, relocationAndOngoing: true } }))).toEqual(["Popup turned on."]);
    expect(texts(snapshot({ popup: { on: true, relocationAndOngoing: true } }), snapshot({ popup: { on: true, relocationAndOngoing: false } }))).toEqual([
      "Popup: relocation and ongoing benefits shown on → off.",
    ]);
    // The switch of a popup that is off is not a change anyone sees.
    expect(texts(snapshot(), snapshot({ popup: { on: false, relocationAndOngoing: false } }))).toEqual([]);
  });

  test("setup settings, when both sides carry them", () => {
    const from = snapshot({ settings: { "Move type": "INTERNATIONAL", "HR dashboard": false, Order: null } });
    const to = snapshot({ settings: { "Move type": "DOMESTIC", "HR dashboard": true, Order: null } });
    expect(diffVersions(from, to)).toEqual([
      { area: "setting", moveStage: null, text: "Setting Move type: INTERNATIONAL → DOMESTIC." },
      { area: "setting", moveStage: null, text: "Setting HR dashboard: off → on." },
    ]);
    expect(texts(from, snapshot())).toEqual([]);
  });

  test("an unknown currency still reads", () => {
    const to = snapshot({ services: [service({ currency: "XQQ", amount: 5 })] });
    expect(texts(snapshot(), to)).toEqual(["Relocation: Home search: amount none → XQQ 5."]);
  });
});
