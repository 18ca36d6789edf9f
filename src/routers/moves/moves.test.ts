import { describe, expect, test } from "bun:test";
import { messages } from "../../domain/messages.ts";
import { wizardMessages } from "../../domain/moves/wizard/messages.ts";
import { createTestMove } from "../../services/moves/wizard/initiation-testing.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { useTestDatabase } from "../../test/fixtures.ts";
import { initialState, toStoreRequest } from "../../web/features/wizard/stage-overrides-state.ts";

const t = useTestDatabase();
const { admin, hrAcme, hrGlobex, employee } = t;

const ref = (m: { employeeId: number; moveId: number }, group = "acme") => ({ group, employeeId: m.employeeId, moveId: m.moveId });

describe("moves.file (happy)", () => {
  test("person, move, policy version, estimate with approval and versions, overrides and the audit timeline", async () => {
    const move = await createTestMove(t.db);
    const hr = await hrAcme();

    const draft = await hr.moves.file(ref(move));
    expect(draft).toMatchObject({
      person: { id: move.employeeId, firstName: "Ada", lastName: "Lovelace", email: move.email },
      move: { id: move.moveId, status: "draft", origin: "London, England, United Kingdom", moveDate: "2027-03-01", initiatedAt: null, initiatedBy: null },
      policy: { id: move.policyId, versionId: move.versionId, name: "Global Long-Term Assignment", versionNumber: 1, estimateType: "ADVANCED" },
      estimate: null,
      estimateVersions: 0,
      overrides: { services: [], budgets: [] },
    });
    expect(draft.move.moveStageName).toBe("Pre-Departure");
    expect(draft.timeline.map((a) => a.action)).toContain("create-draft");

    // Two estimate versions, the current one approved.
    await hr.estimate.openEstimationView({ employeeId: move.employeeId, moveId: move.moveId });
    await hr.estimate.openEstimationView({ employeeId: move.employeeId, moveId: move.moveId, createIfNecessary: true });
    const versions = await t.db.selectFrom("cost_estimates").select(["id", "status"]).where("move_id", "=", move.moveId).execute();
    const current = versions.find((v) => v.status === "CURRENT")!;
    await t.db.updateTable("cost_estimates").set({ is_approved: 1, approver_name: "Grace Hopper", approval_date: "2027-01-15" }).where("id", "=", current.id).execute();

    // One service removed and one budget changed at stage 3.
    const included = await t.db
      .selectFrom("policy_services")
      .select(["service_key", "move_stage", "title"])
      .where("policy_version_id", "=", move.versionId)
      .where("addable", "=", 0)
      .where("service_policy_type", "in", [1, 2, 3, 4])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await t.db.insertInto("move_service_overrides").values({ move_id: move.moveId, move_stage: included.move_stage, service_key: included.service_key, selected: 0 }).execute();
    await t.db.insertInto("move_budget_overrides").values({ move_id: move.moveId, move_stage: 1, group_number: 1, currency: "USD", amount: 250_000 }).execute();

    await hr.wizard.completeInitiation({ group: "acme", employeeId: move.employeeId, moveId: move.moveId });

    const file = await hr.moves.file(ref(move));
    expect(file.move).toMatchObject({ status: "open", initiatedBy: "Hannah Reyes" });
    expect(file.move.initiatedAt).not.toBeNull();
    expect(file.estimateVersions).toBe(versions.length);
    expect(file.estimate).toMatchObject({ costEstimateId: current.id, isApproved: true, approverName: "Grace Hopper", approvalDate: "2027-01-15" });
    expect(file.estimate!.total).toMatch(/^[A-Z]{3} [\d,]+$/);
    expect(file.overrides.services).toEqual([
      { moveStage: included.move_stage, moveStageName: expect.any(String), title: expect.any(String), change: "removed", detail: null },
    ]);
    expect(file.overrides.budgets).toEqual([{ moveStage: 1, moveStageName: "Pre-Departure", budgetGroup: 1, amount: "USD 2,500.00" }]);
    // Newest first, with the actor's name; the welcome mail's activation row of the employee is there too.
    const actions = file.timeline.map((a) => a.action);
    expect(actions[0]).toBe("send-activation");
    expect(actions).toContain("initiate");
    expect(actions).toContain("create-draft");
    expect(actions.indexOf("initiate")).toBeLessThan(actions.indexOf("create-draft"));
    expect(file.timeline.find((a) => a.action === "initiate")!.actor).toBe("Hannah Reyes");
    const ids = file.timeline.map((a) => a.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  test("stage 3 left as the policy has it (Next without a touch) lists no change: the move follows its policy", async () => {
    const move = await createTestMove(t.db);
    const hr = await hrAcme();
    const m = { employeeId: move.employeeId, moveId: move.moveId };
    // What the browser sends when HR clicks Next on stage 3 without touching anything.
    const request = toStoreRequest(initialState(await hr.wizard.policyOverrides(m)), move.employeeId, move.moveId);
    const stored = await hr.wizard.storePolicyOverrides(request);
    expect(stored).toMatchObject({ success: true });
    const rows = await t.db.selectFrom("move_service_overrides").select("id").where("move_id", "=", move.moveId).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect((await hr.moves.file(ref(move))).overrides).toEqual({ services: [], budgets: [] });

    // A real change is listed, and only it.
    const budget = request.moveStageSections.flatMap((s) => s.budgets.map((b) => ({ stage: s.moveStageId, ...b })))[0];
    if (budget) {
      const lower = String(Math.floor(Number(String(budget.amount).replace(/,/g, ""))) - 1);
      const changed = {
        ...request,
        moveStageSections: request.moveStageSections.map((s) =>
          s.moveStageId === budget.stage ? { ...s, budgets: s.budgets.map((b) => (b.budgetGroupId === budget.budgetGroupId ? { ...b, amount: lower } : b)) } : s,
        ),
      };
      expect((await hr.wizard.storePolicyOverrides(changed)).success).toBe(true);
      const file = await hr.moves.file(ref(move));
      expect(file.overrides.services).toEqual([]);
      expect(file.overrides.budgets).toEqual([expect.objectContaining({ moveStage: budget.stage, budgetGroup: budget.budgetGroupId, amount: `${budget.currency} ${Number(lower).toLocaleString("en-US")}.00` })]);
    }
  });

  test("an admin reads any group's move", async () => {
    const move = await createTestMove(t.db, { group: "globex" });
    expect((await (await admin()).moves.file(ref(move, "globex"))).move.id).toBe(move.moveId);
  });
});

describe("moves.file (errors and access)", () => {
  test("an unknown move, or one of another employee, is NOT_FOUND", async () => {
    const move = await createTestMove(t.db);
    const hr = await hrAcme();
    await expectTrpcError(hr.moves.file({ group: "acme", employeeId: move.employeeId, moveId: 2_000_000_000 }), "NOT_FOUND", wizardMessages.moveNotFound);
    await expectTrpcError(hr.moves.file({ group: "acme", employeeId: move.employeeId + 1_000_000, moveId: move.moveId }), "NOT_FOUND", wizardMessages.moveNotFound);
  });

  test("a move of another group than the one named is NOT_FOUND, even for an admin", async () => {
    const move = await createTestMove(t.db, { group: "globex" });
    await expectTrpcError((await admin()).moves.file(ref(move, "acme")), "NOT_FOUND", wizardMessages.moveNotFound);
  });

  test("HR of another group is FORBIDDEN", async () => {
    const move = await createTestMove(t.db);
    await expectTrpcError((await hrGlobex()).moves.file(ref(move, "globex")), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await hrGlobex()).moves.file(ref(move, "acme")), "FORBIDDEN");
  });

  test("an employee is FORBIDDEN", async () => {
    const move = await createTestMove(t.db);
    await expectTrpcError((await employee()).moves.file(ref(move)), "FORBIDDEN");
  });
});
