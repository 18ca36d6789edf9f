/**
 * Wizard benchmark: what the new-move wizard's stages and the HR home moves list cost, as a
 * multiple of a trivial authenticated call measured in the same run.
 *
 *   (a) auth.me                     baseline: the trivial call (session → user, no further query)
 *   (b) wizard.policySelectForm     stage 1: acme's policies with a released version
 *   (c) wizard.initiationForm       stage 2: acme's form for "Global Long-Term Assignment"
 *   (d) wizard.moves                the HR home moves list, first page, sorted by employee
 *   (e) wizard.createNewEmployee    stage 2 "Continue": a new employee and draft move (unique e-mail)
 *   (f) wizard.policyOverrides      stage 3 of that move
 *   (g) wizard.storePolicyOverrides stage 3 "Next" with the policy's own choices
 *   (h) wizard.initiationSummary    stage 5 with benefits
 *   (i) wizard.cancelNewEmployee    cancels that draft again (deletes move and employee)
 *
 * In process, no HTTP, signed in as hr@acme.test (see bench/lib/in-process.ts for the method and
 * the knobs). Prints the table with queries per call, one summary line and WARN lines for rows
 * above their target (reads ≤ 10×, writes ≤ 30× auth.me).
 */
import type { TFormComponentItem } from "../src/domain/moves/wizard/schemas.ts";
import { measureRows, openBenchDatabase, reportRatios, type BenchRow } from "./lib/in-process.ts";

const HR = "hr@acme.test";
const GROUP = "acme";
const POLICY = "Global Long-Term Assignment";

const bench = await openBenchDatabase(HR);
const { callerOn } = bench;

try {
  const setup = await callerOn(bench.db);
  const choices = await setup.wizard.policySelectForm({ group: GROUP });
  const choice = choices.policies.find((p) => p.name === POLICY);
  if (!choice) throw new Error(`${POLICY} is not offered in stage 1`);
  const form = await setup.wizard.initiationForm({ group: GROUP, policyVersionId: choice.policyVersionId });
  const components = form.sections.flatMap((s) => s.components);

  // A complete, valid stage-2 answer: core fields plus whatever else is mandatory.
  let serial = 0;
  const itemsFor = (n: number): TFormComponentItem[] =>
    components
      .filter((c) => c.formType !== "hidden" && !c.readOnly && !c.usToUsOnly)
      .map((c): TFormComponentItem => {
        const base = { modelName: c.modelName, formType: c.formType, formValue: null, formValueId: null, rateFrequency: null, currency: null, countryCode: null, state: null };
        switch (c.modelName) {
          case "employee.firstName": return { ...base, formValue: "Bench" };
          case "employee.lastName": return { ...base, formValue: `Mover ${n}` };
          case "employee.email": return { ...base, formValue: `bench.mover.${n}@acme.test` };
          case "move.origin": return { ...base, formValue: "London", formValueId: 0, countryCode: "GB", state: "England" };
          case "move.destination": return { ...base, formValue: "Berlin", formValueId: 0, countryCode: "DE", state: "Berlin" };
          case "move.moveDate": return { ...base, formValue: "2027-03-01" };
          case "move.assignmentStartDate": return { ...base, formValue: "2027-03-01" };
          case "move.assignmentEndDate": return { ...base, formValue: "2029-02-28" };
        }
        if (!c.mandatory) return base;
        if (c.formType === "money") return { ...base, formValue: "1000", currency: "EUR" };
        if (c.formType === "numeric") return { ...base, formValue: "1" };
        if (c.formType === "checkbox") return { ...base, formValue: "true" };
        if (c.formType === "dateOfBirth") return { ...base, formValue: "1990-01-01" };
        if (c.availableValues.length > 0) return { ...base, formValue: c.availableValues[0]! };
        return { ...base, formValue: "x" };
      });

  const first = await setup.wizard.createNewEmployee({ group: GROUP, policyVersionId: choice.policyVersionId, items: itemsFor(0), skipCE: false, saveAsDraft: false, preview: false });
  if (!first.success || !first.moveId || !first.employeeId) throw new Error(`createNewEmployee failed: ${JSON.stringify(first)}`);
  const overrides = await setup.wizard.policyOverrides({ employeeId: first.employeeId, moveId: first.moveId });
  await setup.wizard.cancelNewEmployee({ employeeId: first.employeeId, moveId: first.moveId });
  const storeBody = (employeeId: number, moveId: number) => ({
    employeeId,
    moveId,
    benefits: true,
    moveStageSections: overrides.moveStageSections.map((stage) => ({
      moveStageId: stage.moveStageId,
      services: stage.sections.flatMap((s) =>
        [...s.components.flatMap((c) => c.servicesList), ...s.budgetGroupComponents.flatMap((b) => b.components)].map((c) => {
          const benefit = c.fields.find((f) => f.type === "list-of-benefits");
          const money = c.fields.find((f) => f.type === "money-amount");
          return {
            service: c.service,
            selected: c.selected,
            selectedBenefitId: benefit?.type === "list-of-benefits" ? (benefit.selectedBenefitId ?? undefined) : undefined,
            amount: money?.type === "money-amount" ? (money.amount ?? undefined) : undefined,
            currency: money?.type === "money-amount" ? (money.currency ?? undefined) : undefined,
          };
        }),
      ),
      budgets: stage.budgets.map((b) => ({ budgetGroupId: b.id, amount: b.amount, currency: b.currency })),
    })),
  });

  let current = { employeeId: 0, moveId: 0 };
  const rows: BenchRow[] = [
    { key: "a", label: "auth.me", what: "baseline", target: null, run: (c) => c.auth.me() },
    { key: "b", label: "policySelectForm", what: `stage 1, ${choices.policies.length} policies`, target: 10, run: (c) => c.wizard.policySelectForm({ group: GROUP }) },
    { key: "c", label: "initiationForm", what: `stage 2, ${components.length} fields`, target: 10, run: (c) => c.wizard.initiationForm({ group: GROUP, policyVersionId: choice.policyVersionId }) },
    { key: "d", label: "moves", what: "HR home moves list, page 1 by employee", target: 10, run: (c) => c.wizard.moves({ group: GROUP, page: 0, sort: "employee", dir: "asc" }) },
    {
      key: "e", label: "createNewEmployee", what: "stage 2 Continue: employee + draft move", target: 30,
      run: async (c) => {
        const r = await c.wizard.createNewEmployee({ group: GROUP, policyVersionId: choice.policyVersionId, items: itemsFor(++serial), skipCE: false, saveAsDraft: false, preview: false });
        if (!r.success) throw new Error(`createNewEmployee failed: ${JSON.stringify(r.errors)} ${r.message}`);
        current = { employeeId: r.employeeId!, moveId: r.moveId! };
      },
    },
    { key: "f", label: "policyOverrides", what: "stage 3 of that move", target: 10, run: (c) => c.wizard.policyOverrides(current) },
    { key: "g", label: "storePolicyOverrides", what: "stage 3 Next, the policy's own choices", target: 30, run: (c) => c.wizard.storePolicyOverrides(storeBody(current.employeeId, current.moveId)) },
    { key: "h", label: "initiationSummary", what: "stage 5 with benefits", target: 10, run: (c) => c.wizard.initiationSummary({ ...current, benefits: true }) },
    { key: "i", label: "cancelNewEmployee", what: "cancels the draft (move + employee)", target: 30, run: (c) => c.wizard.cancelNewEmployee(current) },
  ];

  const stats = await measureRows("wizard", bench, rows, `wizard bench: Bun ${Bun.version}, SQLite file, in-process callers as ${HR}; ${POLICY}`);
  reportRatios("wizard", rows, stats, ["b", "c", "d", "e", "f", "g", "h"]);
} finally {
  await bench.close();
}
