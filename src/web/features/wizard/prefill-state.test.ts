import { describe, expect, test } from "bun:test";
import { applyPrefill, createPrefillTracker, isCurrentPrefill, noteEdit, startPrefill } from "./prefill-state.ts";

const EMPTY = { formValue: null as string | null, other: 0 };

describe("prefill bookkeeping", () => {
  test("a field typed after the choice keeps the user's value; untouched fields take the prefill", () => {
    const t = createPrefillTracker();
    const n = startPrefill(t, "businessUnit");
    noteEdit(t, "costCentre");
    const values = { costCentre: { formValue: "MY-OWN-CC", other: 0 }, approver: { formValue: null, other: 0 } };
    const next = applyPrefill(values, [{ modelName: "costCentre", value: "SAL-200" }, { modelName: "approver", value: "sales.budgets@acme.test" }], t.editedSince.get("businessUnit")!, EMPTY);
    expect(isCurrentPrefill(t, "businessUnit", n)).toBe(true);
    expect(next.costCentre!.formValue).toBe("MY-OWN-CC");
    expect(next.approver!.formValue).toBe("sales.budgets@acme.test");
    expect(values.approver.formValue).toBeNull();
  });

  test("an answer to an earlier choice is stale once the master is chosen again", () => {
    const t = createPrefillTracker();
    const first = startPrefill(t, "businessUnit");
    const second = startPrefill(t, "businessUnit");
    expect(isCurrentPrefill(t, "businessUnit", first)).toBe(false);
    expect(isCurrentPrefill(t, "businessUnit", second)).toBe(true);
  });

  test("a new choice forgets edits made before it (the new prefill fills them)", () => {
    const t = createPrefillTracker();
    startPrefill(t, "businessUnit");
    noteEdit(t, "costCentre");
    startPrefill(t, "businessUnit");
    expect(t.editedSince.get("businessUnit")!.has("costCentre")).toBe(false);
  });

  test("edits before any choice are not tracked against later choices", () => {
    const t = createPrefillTracker();
    noteEdit(t, "costCentre");
    startPrefill(t, "businessUnit");
    const next = applyPrefill({ costCentre: { formValue: "X", other: 1 } }, [{ modelName: "costCentre", value: "SAL-200" }], t.editedSince.get("businessUnit")!, EMPTY);
    expect(next.costCentre).toEqual({ formValue: "SAL-200", other: 1 });
  });
});
