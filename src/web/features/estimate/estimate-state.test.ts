import { describe, expect, test } from "bun:test";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import type { TCostEstimateView, TEstimateItem, TEstimateSection } from "../../../domain/estimate/schemas.ts";
import { displayTax, displayTotal, grandTax, itemFigures, newCustomFigures } from "./estimate-figures.ts";
import {
  checkEstimate,
  customServices,
  liveTaxFrom,
  overrideServices,
  pageFieldErrors,
  toCalculateTaxRequest,
  toRecalculateRequest,
  toSaveRequest,
  toUpdateAdvancedRequest,
} from "./estimate-requests.ts";
import {
  addCustom,
  amountsAltered,
  approvalChanged,
  canLeaveForward,
  customsChanged,
  editCustom,
  editRow,
  initialEstimateState,
  isDirty,
  isRowLocked,
  isSectionStale,
  isTaxYearSection,
  itemFeedback,
  removeCustom,
  rowValues,
  setApproval,
  setLiveTax,
  setTax,
} from "./estimate-state.ts";

const item = (identifier: string, over: Partial<TEstimateItem> = {}): TEstimateItem => {
  const [, stage, code] = identifier.split(":");
  return {
    identifier,
    name: code ?? identifier,
    serviceType: code ?? "SERVICE",
    serviceCode: code ?? null,
    stageId: stage ? Number(stage) : null,
    custom: false,
    editable: true,
    annualCost: false,
    taxability: "TAXABLE",
    currency: "USD",
    amount: 150_000,
    originalAmount: 150_000,
    overridden: false,
    amountPerYear: [150_000],
    taxPerYear: [30_000],
    totalPerYear: [180_000],
    taxAmount: 30_000,
    total: 180_000,
    benefits: [],
    feedbackStatus: "INFO",
    estimateResultStatusMessage: null,
    working: [],
    ...over,
  };
};

const section = (key: string, items: TEstimateItem[], over: Partial<TEstimateSection> = {}): TEstimateSection => ({
  key,
  name: key,
  excludedFromTotal: false,
  items,
  totalPerYear: [items.reduce((s, i) => s + i.total, 0)],
  total: items.reduce((s, i) => s + i.total, 0),
  ...over,
});

function view(over: Partial<TCostEstimateView> = {}): TCostEstimateView {
  const sections = over.sections ?? [
    section("relocation", [
      item("svc:1:REMOVALS"),
      item("svc:1:IMMIGRATION", { taxability: "NON_TAXABLE", taxAmount: 0, taxPerYear: [0], total: 150_000, totalPerYear: [150_000], overridden: true, amount: 120_000 }),
      item("comp:salary", { serviceCode: null, stageId: null, editable: false, serviceType: "COMPENSATION" }),
    ]),
    section("custom", [item("custom:1", { custom: true, name: "Pet shipping", serviceCode: null, stageId: null, serviceType: "CUSTOM", taxability: "MAYBE", amount: 50_000, originalAmount: null })]),
    section("info", [item("svc:1:TRAVEL", { taxAmount: 7_000 })], { excludedFromTotal: true }),
  ];
  return {
    costEstimateId: 41,
    employeeId: 7,
    moveId: 9,
    group: "acme",
    type: "LTA",
    versionNumber: 2,
    current: true,
    years: 1,
    yearLabels: ["Year 1"],
    sections,
    totalPerYear: [510_000],
    total: 510_000,
    displayCurrency: "USD",
    displayCurrencies: ["USD", "EUR", "GBP"],
    secondaryDisplayCurrency: null,
    secondaryTotalPerYear: null,
    secondaryTotal: null,
    exchangeRates: [],
    taxMethod: "SUPPLEMENTAL",
    taxCategory: "MARGINAL",
    taxRate: 22,
    manualTax: false,
    taxRateOverride: null,
    showTaxCalcPrompt: false,
    billingUsageMessage: null,
    annualSalaryAmount: 12_000_000,
    annualSalaryCurrency: "USD",
    endDate: "2029-01-04",
    employeeInformation: {
      employeeId: 7,
      employeeName: "Avery Advanced",
      employeeEmail: "avery@acme.test",
      policyName: "Global Long-Term Assignment",
      originName: "London",
      destinationName: "Berlin",
      estimatedMoveStartDate: "2027-01-04",
      estimatedMoveEndDate: "2029-01-04",
      isApproved: false,
      approverName: null,
      approverEmail: null,
      approvalDate: null,
    },
    servicesEstimation: { servicesEstimations: [], customServicesEstimations: [], totalEstimateAfterOverrides: 510_000 },
    balanceSheetEnabled: false,
    balanceSheetNeedsRecalculation: false,
    taxTables: [],
    createdAt: "2026-11-23T10:00:00.000Z",
    createdBy: "Hannah Reyes",
    ...over,
  };
}

const ref = { employeeId: 7, moveId: 9 };

describe("loading (part 1 §3)", () => {
  test("starts clean: no edits, the saved custom rows, the tax and approval as saved", () => {
    const s = initialEstimateState(view());
    expect(isDirty(s)).toBe(false);
    expect(canLeaveForward(s)).toBe(true);
    expect(s.customs).toEqual([
      { key: "custom:1", identifier: "custom:1", serviceName: "Pet shipping", amount: "500", taxability: "MAYBE", currency: "USD", newlyAdded: false },
    ]);
    expect(s.tax).toEqual({ taxMethod: "SUPPLEMENTAL", taxCategory: "MARGINAL", taxRateOverride: "", annualSalaryAmount: "120000.00", annualSalaryCurrency: "USD" });
    expect(rowValues(s, s.view.sections[0]!.items[0]!)).toEqual({ amount: "1500.00", taxability: "TAXABLE" });
  });
});

describe("edits disable Export and Next until recalculated or saved (part 1 §4)", () => {
  test("an amount edit is dirty; typing the loaded value back is not", () => {
    let s = initialEstimateState(view());
    s = editRow(s, "svc:1:REMOVALS", { amount: "1800" });
    expect(isDirty(s)).toBe(true);
    expect(amountsAltered(s)).toBe(true);
    expect(canLeaveForward(s)).toBe(false);
    s = editRow(s, "svc:1:REMOVALS", { amount: "1500.00" });
    expect(isDirty(s)).toBe(false);
  });

  test("taxability, tax category, salary and currency edits are dirty", () => {
    const s = initialEstimateState(view());
    expect(isDirty(editRow(s, "svc:1:REMOVALS", { taxability: "MAYBE" }))).toBe(true);
    expect(isDirty(setTax(s, { taxCategory: "EFFECTIVE" }))).toBe(true);
    expect(isDirty(setTax(s, { annualSalaryAmount: "130000" }))).toBe(true);
    expect(isDirty(setTax(s, { annualSalaryCurrency: "EUR" }))).toBe(true);
    expect(isDirty({ ...s, displayCurrency: "EUR" })).toBe(true);
    // A tax edit is not an altered amount (no leave prompt for it).
    expect(amountsAltered(setTax(s, { taxCategory: "EFFECTIVE" }))).toBe(false);
  });

  test("approval fields are not estimate edits", () => {
    const s = setApproval(initialEstimateState(view()), { isApproved: true, approverName: "Pat" });
    expect(isDirty(s)).toBe(false);
    expect(approvalChanged(s)).toBe(true);
  });

  test("a row that is not editable (or unknown) ignores edits", () => {
    const s = initialEstimateState(view());
    expect(editRow(s, "comp:salary", { amount: "1" })).toBe(s);
    expect(editRow(s, "svc:9:NOPE", { amount: "1" })).toBe(s);
  });
});

describe("issue 13 item 6: the 'no amount' warning goes once an amount is typed", () => {
  test("a WARNING hides while the row holds a valid amount; blank or invalid shows it again; INFO stays", () => {
    const warning = "No amount could be estimated for this service. Please enter an amount.";
    const v = view({
      sections: [
        section("relocation", [
          item("svc:1:SETTLINGIN", { amount: 0, originalAmount: 0, feedbackStatus: "WARNING", estimateResultStatusMessage: warning }),
          item("svc:1:REMOVALS", { taxability: "MAYBE", estimateResultStatusMessage: "Please confirm whether this item is taxable." }),
        ]),
      ],
    });
    let s = initialEstimateState(v);
    const settling = v.sections[0]!.items[0]!;
    const removals = v.sections[0]!.items[1]!;
    expect(itemFeedback(s, settling)).toEqual({ status: "WARNING", message: warning });
    s = editRow(s, settling.identifier, { amount: "750" });
    expect(itemFeedback(s, settling)).toBeNull();
    s = editRow(s, settling.identifier, { amount: "" });
    expect(itemFeedback(s, settling)?.status).toBe("WARNING");
    s = editRow(s, settling.identifier, { amount: "12abc" });
    expect(itemFeedback(s, settling)?.status).toBe("WARNING");
    s = editRow(s, removals.identifier, { amount: "1600" });
    expect(itemFeedback(s, removals)?.status).toBe("INFO");
    // The version page (no editing state) shows the engine's feedback as stored.
    expect(itemFeedback(undefined, settling)?.message).toBe(warning);
  });
});

describe("custom items (part 1 §3, §4, §5)", () => {
  test("Add item: amount 0, MAYBE, newlyAdded, and not yet an edit", () => {
    const s = addCustom(initialEstimateState(view()));
    const row = s.customs.at(-1)!;
    expect(row).toEqual({ key: "new:1", identifier: null, serviceName: "", amount: "0", taxability: "MAYBE", currency: "USD", newlyAdded: true });
    expect(isDirty(s)).toBe(false);
    expect(customsChanged(s)).toBe(false);
    expect(newCustomFigures(s, row)).toEqual({ perYear: [0], tax: 0, total: 0, currency: "USD", pending: false, live: false });
    // A blank new row is not sent and not checked.
    expect(customServices(s).keys).toEqual(["custom:1"]);
    expect(checkEstimate(s, { sending: false }).fields).toEqual({});
  });

  test("named or changed, it becomes active: dirty, sent, and checked", () => {
    let s = addCustom(initialEstimateState(view()));
    s = editCustom(s, "new:1", { serviceName: "Car rental" });
    expect(s.customs.at(-1)!.newlyAdded).toBe(false);
    expect(isDirty(s)).toBe(true);
    expect(customServices(s).list.at(-1)).toEqual({ serviceName: "Car rental", amount: "0", taxability: "MAYBE", currency: "USD" });
    s = editCustom(s, "new:1", { amount: "12.5" });
    expect(checkEstimate(s, { sending: false })).toEqual({
      fields: { "custom:new:1:amount": estimateMessages.wholeNumber },
      summary: estimateMessages.fillRequired,
    });
    s = editCustom(s, "new:1", { amount: "1200", serviceName: " ", taxability: "" });
    expect(checkEstimate(s, { sending: false }).fields).toEqual({
      "custom:new:1:serviceName": estimateMessages.customNameRequired,
      "custom:new:1:taxability": estimateMessages.customTaxabilityRequired,
    });
  });

  test("removing or changing a saved custom row is an edit; removing a new one is not", () => {
    const s = initialEstimateState(view());
    expect(isDirty(removeCustom(s, "custom:1"))).toBe(true);
    expect(isDirty(editCustom(s, "custom:1", { amount: "600" }))).toBe(true);
    expect(isDirty(removeCustom(addCustom(s), "new:1"))).toBe(false);
  });
});

describe("one annual-cost item at a time (ADVANCED, part 1 §4)", () => {
  const advanced = () =>
    initialEstimateState(
      view({
        type: "ADVANCED",
        years: 2,
        yearLabels: ["Year 1", "Year 2"],
        sections: [
          section("annual", [
            item("svc:2:COLA", { annualCost: true, amountPerYear: [1, 1], totalPerYear: [1, 1], taxPerYear: [0, 0] }),
            item("svc:2:HOUSINGALLOWANCE", { annualCost: true, amountPerYear: [1, 1], totalPerYear: [1, 1], taxPerYear: [0, 0] }),
          ]),
          section("one-off", [item("svc:1:REMOVALS")]),
        ],
      }),
    );

  test("editing one locks the others; one-off items stay open", () => {
    let s = advanced();
    s = editRow(s, "svc:2:COLA", { amount: "2000" });
    expect(s.annualLock).toBe("svc:2:COLA");
    const [cola, housing] = s.view.sections[0]!.items;
    expect(isRowLocked(s, cola!)).toBe(false);
    expect(isRowLocked(s, housing!)).toBe(true);
    expect(editRow(s, "svc:2:HOUSINGALLOWANCE", { amount: "5" })).toBe(s);
    expect(isRowLocked(s, s.view.sections[1]!.items[0]!)).toBe(false);
    expect(editRow(s, "svc:1:REMOVALS", { amount: "1700" }).edits["svc:1:REMOVALS"]).toBeDefined();
  });

  test("undoing the edit releases the lock; a new view (Calculate or Save) starts unlocked", () => {
    let s = editRow(advanced(), "svc:2:COLA", { amount: "2000" });
    s = editRow(s, "svc:2:COLA", { amount: "1500.00" });
    expect(s.annualLock).toBeNull();
    expect(initialEstimateState(editRow(advanced(), "svc:2:COLA", { amount: "9" }).view).annualLock).toBeNull();
  });

  test("basic estimates never lock", () => {
    const s = editRow(initialEstimateState(view({ sections: [section("a", [item("svc:1:A", { annualCost: true }), item("svc:1:B", { annualCost: true })])] })), "svc:1:A", { amount: "1" });
    expect(s.annualLock).toBeNull();
    expect(isRowLocked(s, s.view.sections[0]!.items[1]!)).toBe(false);
  });
});

describe("STA: a tax edit greys the tax-year sections (part 1 §4)", () => {
  test("only for STA, only tax-year sections, only while a tax setting is edited", () => {
    const sections = [section("tax-years", [item("tax:2026", { serviceType: "TAX", editable: false, serviceCode: null, stageId: null })]), section("relocation", [item("svc:1:REMOVALS")])];
    const sta = initialEstimateState(view({ type: "STA", sections }));
    expect(isSectionStale(sta, sections[0]!)).toBe(false);
    const edited = setTax(sta, { taxRateOverride: "30" });
    expect(isSectionStale(edited, sections[0]!)).toBe(true);
    expect(isSectionStale(edited, sections[1]!)).toBe(false);
    const lta = setTax(initialEstimateState(view({ type: "LTA", sections })), { taxRateOverride: "30" });
    expect(isSectionStale(lta, sections[0]!)).toBe(false);
  });
});

describe("checks (part 1 §5, shared rules)", () => {
  test("a blanked override with an original amount: 'A value is required' on that row", () => {
    const s = editRow(initialEstimateState(view()), "svc:1:REMOVALS", { amount: "" });
    expect(checkEstimate(s, { sending: false })).toEqual({
      fields: { "amount:svc:1:REMOVALS": estimateMessages.valueRequired },
      summary: estimateMessages.fillRequired,
    });
  });

  test("approval: the name when approved; the approver e-mail is required on send", () => {
    const s = setApproval(initialEstimateState(view()), { isApproved: true, approvalDate: "2026-11-20" });
    expect(checkEstimate(s, { sending: false }).fields).toEqual({ approverName: estimateMessages.approverNameRequired });
    const named = setApproval(s, { approverName: "Pat Approver" });
    expect(checkEstimate(named, { sending: false }).fields).toEqual({});
    expect(checkEstimate(named, { sending: true }).fields).toEqual({ approverEmail: estimateMessages.validEmail });
    expect(checkEstimate(setApproval(named, { approverEmail: "pat@" }), { sending: false }).fields).toEqual({ approverEmail: estimateMessages.validEmail });
    expect(checkEstimate(setApproval(named, { approverEmail: "pat@acme.test" }), { sending: true }).summary).toBeNull();
  });

  test("the tax rate override is a whole percent; a salary needs a number and a currency", () => {
    const s = initialEstimateState(view());
    expect(checkEstimate(setTax(s, { taxRateOverride: "12.5" }), { sending: false }).fields).toEqual({ taxRateOverride: estimateMessages.taxRateRange });
    expect(checkEstimate(setTax(s, { taxRateOverride: "100" }), { sending: false }).fields).toEqual({ taxRateOverride: estimateMessages.taxRateRange });
    expect(checkEstimate(setTax(s, { taxRateOverride: "35" }), { sending: false }).fields).toEqual({});
    expect(checkEstimate(setTax(s, { annualSalaryAmount: "lots" }), { sending: false }).fields).toEqual({ annualSalaryAmount: estimateMessages.valueRequired });
    expect(checkEstimate(setTax(s, { annualSalaryCurrency: "" }), { sending: false }).fields).toEqual({ annualSalaryCurrency: estimateMessages.unknownCurrency });
  });

  test("server field keys map to the rows of the request that was sent", () => {
    expect(
      pageFieldErrors(
        { "overrideServices.1.amount": "A", "customServices.0.serviceName": "B", "customServices.0.amount": "C", approverEmail: "D", "manualTaxSection.taxRateOverride": "E" },
        ["svc:1:REMOVALS", "svc:1:IMMIGRATION"],
        ["custom:1"],
      ),
    ).toEqual({ "amount:svc:1:IMMIGRATION": "A", "custom:custom:1:serviceName": "B", "custom:custom:1:amount": "C", approverEmail: "D", taxRateOverride: "E" });
  });
});

describe("requests", () => {
  test("overrides: the edited rows and those overridden before, with their current values", () => {
    const s = editRow(initialEstimateState(view()), "svc:1:REMOVALS", { amount: "1,800", taxability: "MAYBE" });
    expect(overrideServices(s)).toEqual({
      list: [
        { serviceCode: "REMOVALS", stageId: 1, currency: "USD", amount: "1,800", taxability: "MAYBE", originalAmount: 150_000 },
        { serviceCode: "IMMIGRATION", stageId: 1, currency: "USD", amount: "1200.00", taxability: "NON_TAXABLE", originalAmount: 150_000 },
      ],
      keys: ["svc:1:REMOVALS", "svc:1:IMMIGRATION"],
    });
  });

  test("saveEstimate (basic) carries the edits, tax settings, approval and stage action", () => {
    let s = editRow(initialEstimateState(view()), "svc:1:REMOVALS", { amount: "1800" });
    s = setTax(s, { taxRateOverride: "30", taxCategory: "EFFECTIVE" });
    s = setApproval(s, { isApproved: true, approverName: " Pat ", approvalDate: "2026-11-20" });
    const r = toSaveRequest(s, ref, "ON_SAVE");
    expect(r).toMatchObject({
      employeeId: 7,
      moveId: 9,
      costEstimateID: 41,
      type: "LTA",
      isApproved: true,
      approverName: "Pat",
      approverEmail: null,
      approvalDate: "2026-11-20",
      endDate: "2029-01-04",
      taxCategory: "EFFECTIVE",
      taxMethod: "SUPPLEMENTAL",
      taxRateOverride: 30,
      annualSalaryAmount: "120000.00",
      annualSalaryCurrency: "USD",
      displayCurrency: "USD",
      stageAction: "ON_SAVE",
    });
    expect(r.overrideServices.map((o) => o.serviceCode)).toEqual(["REMOVALS", "IMMIGRATION"]);
    expect(r.overrideServices[0]).not.toHaveProperty("originalAmount");
    expect(r.customServices).toEqual([{ serviceName: "Pet shipping", amount: "500", taxability: "MAYBE", currency: "USD" }]);
  });

  test("updateAdvanced carries the secondary currency and the manual tax section", () => {
    let s = initialEstimateState(view({ type: "ADVANCED", secondaryDisplayCurrency: "EUR" }));
    s = setTax(s, { taxRateOverride: "" });
    const r = toUpdateAdvancedRequest(s, ref, "ON_NEXT_NAVIGATION");
    expect(r).toMatchObject({
      costEstimateId: 41,
      displayCurrency: "USD",
      secondaryDisplayCurrency: "EUR",
      manualTaxSection: { taxRateOverride: null, taxYearOverrides: [] },
      taxCategories: ["MARGINAL"],
      stageAction: "ON_NEXT_NAVIGATION",
    });
  });

  test("recalculate posts the edited body (ON_ALT_CALC); a currency change rides along", () => {
    const s = editRow(initialEstimateState(view()), "svc:1:REMOVALS", { amount: "1800" });
    const r = toRecalculateRequest(s, ref, { displayCurrency: "EUR" });
    expect(r).toMatchObject({ estimationView: "CostEstimate", costEstimateId: 41, displayCurrency: "EUR", secondaryDisplayCurrency: null, stageAction: "ON_ALT_CALC" });
    expect(r.overrideServices?.[0]).toEqual({ serviceCode: "REMOVALS", stageId: 1, currency: "USD", amount: "1800", taxability: "TAXABLE" });
  });
});

describe("live tax of edited basic rows (calculate-tax)", () => {
  test("nothing edited, an ADVANCED estimate or an unparsable amount: no call", () => {
    const s = initialEstimateState(view());
    expect(toCalculateTaxRequest(s, ref)).toBeNull();
    expect(toCalculateTaxRequest(editRow(initialEstimateState(view({ type: "ADVANCED" })), "svc:1:REMOVALS", { amount: "1" }), ref)).toBeNull();
    expect(toCalculateTaxRequest(editRow(s, "svc:1:REMOVALS", { amount: "abc" }), ref)).toBeNull();
  });

  test("the answer shows on the edited rows until they change again", () => {
    let s = addCustom(editRow(initialEstimateState(view()), "svc:1:REMOVALS", { amount: "1800" }));
    s = editCustom(s, "new:1", { serviceName: "Car", amount: "100" });
    const call = toCalculateTaxRequest(s, ref)!;
    expect(call.serviceKeys).toEqual(["svc:1:REMOVALS", "svc:1:IMMIGRATION"]);
    expect(call.customKeys).toEqual(["custom:1", "new:1"]);
    const live = liveTaxFrom(
      {
        status: "SUCCESS",
        data: [
          {
            servicesEstimations: [
              { identifier: "svc:1:REMOVALS", taxAmount: 39_600, total: 219_600, currency: "USD" },
              { identifier: "svc:1:IMMIGRATION", taxAmount: 0, total: 120_000, currency: "USD" },
            ],
            customServicesEstimations: [
              { identifier: "custom:0", taxAmount: 11_000, total: 61_000, currency: "USD" },
              { identifier: "custom:1", taxAmount: 2_200, total: 12_200, currency: "USD" },
            ],
            taxRate: 22,
            totalEstimateAfterOverrides: 600_000,
          },
        ],
      },
      call.serviceKeys,
      call.customKeys,
    )!;
    // Services by identifier, custom rows by position.
    expect(Object.keys(live.rows).sort()).toEqual(["custom:custom:1", "custom:new:1", "row:svc:1:IMMIGRATION", "row:svc:1:REMOVALS"].sort());
    s = setLiveTax(s, live);
    const removals = s.view.sections[0]!.items[0]!;
    expect(itemFigures(s, removals)).toMatchObject({ tax: 39_600, total: 219_600, pending: true, live: true });
    s = editRow(s, "svc:1:REMOVALS", { amount: "1900" });
    expect(itemFigures(s, removals)).toMatchObject({ tax: 30_000, total: 180_000, pending: true, live: false });
    expect(liveTaxFrom({ status: "FAILURE", data: [] }, [], [])).toBeNull();
  });
});

describe("totals", () => {
  test("the grand total's tax counts only the sections in the total", () => {
    expect(grandTax(view())).toBe(30_000 + 0 + 30_000 + 30_000);
  });

  test("a row's tax and total are in the display currency: the sums of its year columns, not its own-currency amounts", () => {
    // A EUR item in a USD estimate over two years: `taxAmount` and `total` are EUR.
    const eur = item("svc:1:REMOVALS", { currency: "EUR", amount: 100_000, taxAmount: 20_000, total: 120_000, taxPerYear: [11_000, 11_000], totalPerYear: [66_000, 66_000], amountPerYear: [55_000, 55_000] });
    const s = initialEstimateState(view({ years: 2, yearLabels: ["Year 1", "Year 2"], sections: [section("stage:1", [eur])] }));
    expect(displayTax(eur)).toBe(22_000);
    expect(displayTotal(eur)).toBe(132_000);
    expect(itemFigures(s, eur)).toEqual({ perYear: [66_000, 66_000], tax: 22_000, total: 132_000, currency: "USD", pending: false, live: false });
  });

  test("the server's tax section is a tax-year section", () => {
    expect(isTaxYearSection(section("tax", [item("tax:total", { serviceType: "TAX", editable: false })]))).toBe(true);
    expect(isTaxYearSection(section("stage:1", [item("svc:1:REMOVALS")]))).toBe(false);
  });
});
