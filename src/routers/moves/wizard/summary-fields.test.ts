/**
 * Stage 5 shows what stage 2 entered (issue 13 item 5): every field of the group's form once (the
 * core fields only in `employee` and `move`), among them the ones the summary used to leave out
 * (target bonus, partner's date of birth, number of children, budget approver e-mail), and the
 * move's estimate total with its approval state. On acme's demo form (wizardDemo), both databases.
 */
import { describe, expect, test } from "bun:test";
import { propertyModelName } from "../../../domain/policy/forms/catalogue.ts";
import { createTestMove } from "../../../services/moves/wizard/initiation-testing.ts";
import { useTestDatabase } from "../../../test/fixtures.ts";

const t = useTestDatabase({ wizardDemo: true });
const { admin, hrAcme, hrGlobex } = t;

const ENTERED = {
  [propertyModelName("bonus")]: { formValue: "12000", currency: "GBP" },
  [propertyModelName("partnerDateOfBirth")]: { formValue: "1988-04-12" },
  [propertyModelName("numberOfChildren")]: { formValue: "2" },
  [propertyModelName("businessUnit")]: { formValue: "Sales" },
  [propertyModelName("costCentre")]: { formValue: "SAL-200" },
  [propertyModelName("budgetApproverEmail")]: { formValue: "sales.budgets@acme.test" },
};

describe("wizard.initiationSummary: the fields entered at stage 2", () => {
  test("the previously missing fields, each once, with their values; no core field repeated", async () => {
    const move = await createTestMove(t.db, { overrides: ENTERED });
    const res = await (await hrAcme()).wizard.initiationSummary({ employeeId: move.employeeId, moveId: move.moveId });
    const one = (label: string) => {
      const hits = res.fields.filter((f) => f.label === label);
      expect(hits).toHaveLength(1);
      return hits[0]!;
    };
    expect(one("Target bonus")).toEqual({ label: "Target bonus", value: "GBP 12,000.00", modelName: propertyModelName("bonus"), formType: "money" });
    // Dates stay ISO for the client to format in the reader's locale.
    expect(one("Partner's date of birth")).toMatchObject({ value: "1988-04-12", formType: "dateOfBirth" });
    expect(one("Number of accompanying children").value).toBe("2");
    expect(one("Budget approver e-mail").value).toBe("sales.budgets@acme.test");
    expect(one("Business unit").value).toBe("Sales");
    expect(one("Cost centre").value).toBe("SAL-200");
    expect(one("Annual base salary").value).toStartWith("USD 1,000.00");
    expect(one("Housing contribution").value).toBe("USD 1,000.00");
    expect(one("Host entity").value).toBeTruthy();

    // Every label once; the core fields are the employee and move blocks, not the list.
    const labels = res.fields.map((f) => f.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const core of ["First name", "Last name", "E-mail address", "Origin", "Destination", "Move date", "Assignment start date", "Assignment end date"]) {
      expect(labels).not.toContain(core);
    }
    expect(res.employee).toMatchObject({ firstName: "Ada", lastName: "Lovelace", email: move.email });
    expect(res.move).toMatchObject({ moveDate: "2027-03-01", assignmentStartDate: "2027-03-01", assignmentEndDate: "2028-09-01" });
    // The US → US home fields are not asked on London → Luxembourg, so not listed.
    expect(labels).not.toContain("Estimated home value");
    expect(labels).not.toContain("Home sale programme");
  });

  test("a field the form builder leaves out of the summary stays out", async () => {
    const gid = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
    const field = () => t.db.updateTable("form_fields").where("group_id", "=", gid).where("model_name", "=", propertyModelName("numberOfChildren"));
    await field().set({ in_initiation_summary: 0 }).execute();
    try {
      const move = await createTestMove(t.db, { overrides: ENTERED });
      const res = await (await hrAcme()).wizard.initiationSummary({ employeeId: move.employeeId, moveId: move.moveId });
      expect(res.fields.map((f) => f.label)).not.toContain("Number of accompanying children");
    } finally {
      await field().set({ in_initiation_summary: 1 }).execute();
    }
  });
});

describe("wizard.initiationSummary: the estimate", () => {
  test("none yet, then its total not sent, sent for approval, approved", async () => {
    const hr = await hrAcme();
    const move = await createTestMove(t.db, { policy: "Short-Term Assignment", overrides: ENTERED });
    const ref = { employeeId: move.employeeId, moveId: move.moveId };
    expect((await hr.wizard.initiationSummary(ref)).estimate).toEqual({ state: "none", versionNumber: null, total: null, approverName: null, approverEmail: null, date: null });

    const view = (await hr.estimate.openEstimationView(ref)).costEstimate!;
    const notSent = (await hr.wizard.initiationSummary(ref)).estimate!;
    expect(notSent).toMatchObject({ state: "notSent", versionNumber: 1, date: null });
    // Display currency, whole units.
    expect(notSent.total).toMatch(new RegExp(`^${view.displayCurrency} -?[\\d,]+$`));

    const saved = await hr.estimate.saveEstimate({ ...ref, costEstimateID: view.costEstimateId, type: "STA", displayCurrency: view.displayCurrency, approverName: "Ada Approver", approverEmail: "ada.approver@acme.test" });
    await hr.estimate.sendForApproval({ ...ref, costEstimateId: saved.costEstimateId, ccSender: false });
    const today = new Date().toISOString().slice(0, 10);
    expect((await hr.wizard.initiationSummary(ref)).estimate).toMatchObject({ state: "sent", versionNumber: 2, approverEmail: "ada.approver@acme.test", date: today });

    // The approver rejected it from the signed link (the decision as decideApproval records it): the summary says so, with the comment.
    await t.db
      .updateTable("cost_estimates")
      .set({ approval_decision: "REJECTED", approval_comment: "Housing is too high.", approval_decided_at: "2026-11-21T09:00:00.000Z" })
      .where("id", "=", saved.costEstimateId)
      .execute();
    expect((await hr.wizard.initiationSummary(ref)).estimate).toMatchObject({ state: "rejected", versionNumber: 2, approverEmail: "ada.approver@acme.test", date: "2026-11-21", comment: "Housing is too high." });

    // Recording the approval is an administrator's (issue 13 item 6).
    await (await admin()).estimate.saveEstimate({
      ...ref,
      costEstimateID: saved.costEstimateId,
      type: "STA",
      displayCurrency: view.displayCurrency,
      isApproved: true,
      approverName: "Ada Approver",
      approverEmail: "ada.approver@acme.test",
      approvalDate: "2026-11-20",
    });
    expect((await hr.wizard.initiationSummary(ref)).estimate).toMatchObject({
      state: "approved",
      versionNumber: 3,
      approverName: "Ada Approver",
      approverEmail: "ada.approver@acme.test",
      date: "2026-11-20",
    });
  });

  test("skipped when the move skipped it; none for a policy without an estimate", async () => {
    const move = await createTestMove(t.db, { policy: "Short-Term Assignment" });
    await t.db.updateTable("moves").set({ skip_ce: 1 }).where("id", "=", move.moveId).execute();
    const ref = { employeeId: move.employeeId, moveId: move.moveId };
    expect((await (await hrAcme()).wizard.initiationSummary(ref)).estimate).toMatchObject({ state: "skipped", total: null });

    const graduate = await createTestMove(t.db, { group: "globex", policy: "Globex Graduate Move" });
    expect((await (await hrGlobex()).wizard.initiationSummary({ employeeId: graduate.employeeId, moveId: graduate.moveId })).estimate).toBeNull();
  });
});
