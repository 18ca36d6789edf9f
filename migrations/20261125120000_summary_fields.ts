// The stage-5 initiation summary shows what was entered (issue 13 item 5): the default form's own
// fields and the demo's acme fields were created without in_initiation_summary, so the summary left
// out target bonus, partner's date of birth, number of children, budget approver e-mail, … Flags
// those fields where nobody has edited them since they were created (an administrator's choice in
// the form builder stays). Frozen: imports nothing from src/.
import type { Kysely } from "kysely";

const MODEL_NAMES = [
  "partnerDateOfBirth",
  "numberOfChildren",
  "homeValue",
  "homeSaleType",
  "bonus",
  "housingContribution",
  "jobTitle",
  "employeeNumber",
  "department",
  "budgetApproverEmail",
  "projectCode",
].map((n) => `properties['${n}']`);

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable("form_fields")
    .set({ in_initiation_summary: 1 })
    .where("model_name", "in", MODEL_NAMES)
    .where("in_initiation_summary", "=", 0)
    .whereRef("updated_at", "=", "created_at")
    .execute();
}

export async function down(_db: Kysely<any>): Promise<void> {
  // Which fields were flagged before is not kept: nothing to undo.
}
