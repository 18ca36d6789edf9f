/**
 * The bulk import's batch save writes what the wizard's stage-2 save writes (issue 15), on the test
 * database (SQLite, or PostgreSQL with TEST_DB=postgres): the same inputs saved one by one through
 * `createNewEmployee` and then, after those rows are removed, all at once through `saveNewEmployees`
 * give the same answers (the same messages for the refused ones) and the same users, moves, family
 * members and audit rows, field by field; only the generated ids differ (each compared through the
 * employee's address instead).
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../../../db/index.ts";
import { findGroupByName } from "../../../db/queries/admin/groups.ts";
import { AppError } from "../../../domain/errors.ts";
import { CORE_MODEL_NAMES } from "../../../domain/policy/forms/catalogue.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import type { TCreateNewEmployeeResponse, TFormComponentItem } from "../../../domain/moves/wizard/schemas.ts";
import { contextFor } from "../../../test/db.ts";
import { DEMO, useTestDatabase } from "../../../test/fixtures.ts";
import { saveNewEmployees, type NewEmployeeSave } from "./batch-save.ts";
import { createNewEmployee } from "./initiation.ts";
import { NUMBER_OF_CHILDREN, PARTNER_DOB } from "./initiation-rules.ts";
import { releasedVersionOf, uniqueEmail, validItems } from "./initiation-testing.ts";
import type { WizardActor } from "./types.ts";

const t = useTestDatabase();
const NOW = new Date("2026-11-26T04:30:00.000Z");

type Marks = { users: number; moves: number; family: number; audit: number };

async function marks(db: DB): Promise<Marks> {
  const max = async (table: "users" | "moves" | "move_family_members" | "audit_log") =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.max("id").as("m")).executeTakeFirstOrThrow()).m ?? 0);
  return { users: await max("users"), moves: await max("moves"), family: await max("move_family_members"), audit: await max("audit_log") };
}

/** Every row written since `m`, with generated ids replaced by the employee's address (the same on both paths). */
async function written(db: DB, m: Marks) {
  const users = await db.selectFrom("users").selectAll().where("id", ">", m.users).execute();
  const emailOf = new Map(users.map((u) => [u.id, u.email]));
  const moves = await db.selectFrom("moves").selectAll().where("id", ">", m.moves).execute();
  const moveEmail = new Map(moves.map((mv) => [mv.id, emailOf.get(mv.employee_user_id) ?? `other user ${mv.employee_user_id}`]));
  const family = await db.selectFrom("move_family_members").selectAll().where("id", ">", m.family).execute();
  const audit = await db.selectFrom("audit_log").selectAll().where("id", ">", m.audit).execute();
  const byEmail = <T extends { email: string }>(rows: T[]) => rows.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  return {
    ids: { users: users.map((u) => u.id), moves: moves.map((mv) => mv.id), family: family.map((f) => f.id), audit: audit.map((a) => a.id) },
    emailOf,
    moveEmail,
    users: byEmail(users.map(({ id: _id, ...rest }) => rest)),
    moves: byEmail(moves.map(({ id: _id, employee_user_id, ...rest }) => ({ ...rest, email: emailOf.get(employee_user_id)! }))),
    family: family
      .map(({ id: _id, move_id, ...rest }) => ({ ...rest, email: moveEmail.get(move_id)! }))
      .sort((a, b) => (a.email === b.email ? a.sort_order - b.sort_order : a.email < b.email ? -1 : 1)),
    audit: byEmail(
      audit.map(({ id: _id, entity_id, new_values, ...rest }) => {
        const values = JSON.parse(new_values ?? "null") as { employeeId?: number } | null;
        const email = moveEmail.get(Number(entity_id)) ?? `entity ${entity_id}`;
        return { ...rest, email, new_values: values ? { ...values, employeeId: emailOf.get(values.employeeId ?? -1) } : null };
      }),
    ),
  };
}

async function removeWritten(db: DB, ids: { users: number[]; moves: number[]; family: number[]; audit: number[] }) {
  const gone = async (table: "users" | "moves" | "move_family_members" | "audit_log", list: number[]) => {
    if (list.length > 0) await db.deleteFrom(table).where("id", "in", list).execute();
  };
  await gone("move_family_members", ids.family);
  await gone("audit_log", ids.audit);
  await gone("moves", ids.moves);
  await gone("users", ids.users);
}

/** An answer with its ids replaced by the employee's address; an AppError as its code and message. */
function answerOf(outcome: TCreateNewEmployeeResponse | AppError, emailOf: Map<number, string>, moveEmail: Map<number, string>) {
  if (outcome instanceof AppError) return { error: outcome.code, message: outcome.message };
  return { ...outcome, employeeId: outcome.employeeId === null ? null : emailOf.get(outcome.employeeId), moveId: outcome.moveId === null ? null : moveEmail.get(outcome.moveId) };
}

const set = (items: TFormComponentItem[], modelName: string, patch: Partial<TFormComponentItem>) =>
  items.map((i) => (i.modelName === modelName ? { ...i, ...patch } : i));

describe("saveNewEmployees: the wizard's stage-2 save, many at once", () => {
  test("the same answers and, field by field, the same users, moves, family members and audit rows as createNewEmployee one by one", async () => {
    const db = t.db;
    const group = (await findGroupByName(db, "acme"))!;
    const session = (await contextFor(db, DEMO.HR)).session!;
    const actor: WizardActor = { user: session.user, ip: null };
    const { versionId } = await releasedVersionOf(db, "Global Long-Term Assignment");
    const other = await releasedVersionOf(db, "Globex Permanent Transfer");
    const base = await validItems(db, { group: "acme", versionId });
    const components = base.components;
    const itemsFor = (email: string) => base.items.map((i) => (i.modelName === CORE_MODEL_NAMES.email ? { ...i, formValue: email } : i));
    const family = (items: TFormComponentItem[]) => set(set(items, PARTNER_DOB, { formValue: "1988-02-03" }), NUMBER_OF_CHILDREN, { formValue: "2" });
    expect(components.some((c) => c.modelName === PARTNER_DOB) && components.some((c) => c.modelName === NUMBER_OF_CHILDREN)).toBe(true);

    const first = uniqueEmail("batch");
    const globexUser = (await db.selectFrom("users").select("email").where("email", "=", DEMO.GLOBEX).executeTakeFirstOrThrow()).email;
    const save = (items: TFormComponentItem[], patch: Partial<NewEmployeeSave> = {}): NewEmployeeSave => ({ policyVersionId: versionId, items, saveAsDraft: false, skipCE: false, ...patch });
    const saves: NewEmployeeSave[] = [
      // Listed cities, a partner and two children (family rows).
      save(family(itemsFor(first))),
      // Cities typed by name (resolved to the listed city), the e-mail in capitals (stored lower-case).
      save(
        set(set(itemsFor(uniqueEmail("Batch.Upper").toUpperCase()), CORE_MODEL_NAMES.origin, { formValueId: null }), CORE_MODEL_NAMES.destination, { formValueId: null, state: null }),
      ),
      // A draft (stays at stage 2) and skipCE.
      save(itemsFor(uniqueEmail("batch")), { saveAsDraft: true }),
      save(itemsFor(uniqueEmail("batch")), { skipCE: true }),
      // Refused by the form's rules: an empty first name, an address in the wrong format.
      save(set(itemsFor(uniqueEmail("batch")), CORE_MODEL_NAMES.firstName, { formValue: "" })),
      save(itemsFor("not-an-address")),
      // The first save's address again: "already exists" as after the first was written.
      save(itemsFor(first.toUpperCase())),
      // Addresses people already have: this group's ("already exists"), another group's (neutral).
      save(itemsFor(DEMO.EMPLOYEE)),
      save(itemsFor(globexUser)),
      // A city no listed city matches: the city picker's answer.
      save(set(itemsFor(uniqueEmail("batch")), CORE_MODEL_NAMES.destination, { formValue: "Atlantis", formValueId: null })),
      // A required component not sent: the missing-element alert.
      save(itemsFor(uniqueEmail("batch")).filter((i) => i.modelName !== CORE_MODEL_NAMES.lastName)),
      // Another group's version: the wizard's NOT_FOUND.
      save(itemsFor(uniqueEmail("batch")), { policyVersionId: other.versionId }),
      // A valid save after all the refused ones.
      save(family(itemsFor(uniqueEmail("batch")))),
    ];

    const before = await marks(db);
    const wizardOutcomes: (TCreateNewEmployeeResponse | AppError)[] = [];
    for (const s of saves) {
      try {
        wizardOutcomes.push(await createNewEmployee(db, actor, group, { group: "acme", ...s, preview: false, empTempFileUUID: null }, NOW));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        wizardOutcomes.push(error);
      }
    }
    const byWizard = await written(db, before);
    await removeWritten(db, byWizard.ids);

    const again = await marks(db);
    const batchOutcomes = await db.transaction().execute((trx) => saveNewEmployees(trx, actor, group, saves, NOW));
    const byBatch = await written(db, again);

    // What the cases are meant to show, so the comparison below compares something.
    const wizardAnswers = wizardOutcomes.map((o) => answerOf(o, byWizard.emailOf, byWizard.moveEmail));
    expect(wizardAnswers.map((a) => ("success" in a ? a.success : a.error))).toEqual([true, true, true, true, false, false, false, false, false, false, false, "NOT_FOUND", true]);
    expect(wizardAnswers[6]).toMatchObject({ errors: { [CORE_MODEL_NAMES.email]: wizardMessages.emailNotAvailable } });
    expect(wizardAnswers[8]).toMatchObject({ errors: { [CORE_MODEL_NAMES.email]: wizardMessages.emailNotAvailable } });
    expect((wizardAnswers[9] as TCreateNewEmployeeResponse).geo?.length).toBe(1);
    expect(byWizard.users.length).toBe(5);
    expect(byWizard.moves.length).toBe(5);
    expect(byWizard.family.length).toBe(12); // a partner and a child each, two children in two of them
    expect(byWizard.audit.length).toBe(5);
    expect(byWizard.moves.map((m) => m.wizard_stage).sort()).toEqual([2, 3, 3, 3, 3]); // the draft stays at 2

    // The batch: the same answers and the same rows.
    expect(batchOutcomes.map((o) => answerOf(o, byBatch.emailOf, byBatch.moveEmail))).toEqual(wizardAnswers);
    expect(byBatch.users).toEqual(byWizard.users);
    expect(byBatch.moves).toEqual(byWizard.moves);
    expect(byBatch.family).toEqual(byWizard.family);
    expect(byBatch.audit).toEqual(byWizard.audit);
  });

  test("an empty batch writes nothing; a batch refused whole writes nothing", async () => {
    const db = t.db;
    const group = (await findGroupByName(db, "acme"))!;
    const actor: WizardActor = { user: (await contextFor(db, DEMO.HR)).session!.user, ip: null };
    const before = await marks(db);
    expect(await db.transaction().execute((trx) => saveNewEmployees(trx, actor, group, [], NOW))).toEqual([]);
    const { versionId } = await releasedVersionOf(db, "Global Long-Term Assignment");
    const { items } = await validItems(db, { group: "acme", versionId, overrides: { [CORE_MODEL_NAMES.email]: { formValue: "bad" } } });
    const out = await db.transaction().execute((trx) => saveNewEmployees(trx, actor, group, [{ policyVersionId: versionId, items, saveAsDraft: false, skipCE: false }], NOW));
    expect(out[0]).toMatchObject({ success: false, errors: { [CORE_MODEL_NAMES.email]: expect.any(String) } });
    expect(await marks(db)).toEqual(before);
  });
});
