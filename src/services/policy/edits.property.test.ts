/**
 * Property: any sequence of valid edits of a draft (add and remove services, change policy types,
 * set budgets within range, toggle addable/provided and the move hub with or without force, assign
 * budget groups, add budgets) made through the tRPC caller fails only with AppErrors carrying a
 * spec or policy message, never anything else; and the validation call always answers with a list.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { TRPCError } from "@trpc/server";
import fc from "fast-check";
import { AppError } from "../../domain/errors.ts";
import { SERVICE_CATALOGUE } from "../../domain/policy/catalogue.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import { callerFor, createTestDatabase, type TestDatabase } from "../../test/db.ts";
import { createTestPolicy } from "./testing.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const KEYS = ["REMOVALS", "STORAGE", "MOVEHUB", "ORIENTATION", "CASHFLEX", "COLA", "TEMPACCOMMODATION"] as const;
const CURRENCIES = ["EUR", "GBP", "JPY", "USD"] as const;

/** Every text the policy area may answer with: the fixed texts and the per-service ones. */
function allowedMessages(): Set<string> {
  const allowed = new Set<string>();
  for (const value of Object.values(policyMessages)) if (typeof value === "string") allowed.add(value);
  for (const s of SERVICE_CATALOGUE) {
    for (const f of [
      policyMessages.moveHubTaken,
      policyMessages.addableNotProvided,
      policyMessages.budgetCurrencyRequired,
      policyMessages.budgetAmountRequired,
      policyMessages.budgetTypeRequired,
    ]) {
      allowed.add(f(s.name));
    }
  }
  for (let n = 0; n < 10; n++) allowed.add(policyMessages.cashFlexInUse(n));
  for (const currency of CURRENCIES) allowed.add(policyMessages.budgetCurrencyTaken(currency));
  return allowed;
}

const stage = fc.integer({ min: 1, max: 2 });
const key = fc.constantFrom(...KEYS);
/** Budget amounts as typed: min ≤ amount ≤ max, in major units with up to 2 decimals. */
const amounts = fc
  .tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }))
  .map(([amount, below, above]) => ({ amount, min: Math.max(0, amount - below), max: amount + above }));
const major = (cents: number, currency: string) => (currency === "JPY" ? String(cents) : (cents / 100).toFixed(2));

const edit = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), stage, key }),
  fc.record({ kind: fc.constant("remove" as const), stage, key }),
  fc.record({ kind: fc.constant("type" as const), stage, key, type: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant("amount" as const), stage, key, currency: fc.constantFrom(...CURRENCIES), amounts, withRange: fc.boolean() }),
  fc.record({ kind: fc.constant("addable" as const), stage, key, addable: fc.boolean(), provided: fc.boolean() }),
  fc.record({ kind: fc.constant("hub" as const), stage, key, on: fc.boolean(), force: fc.boolean() }),
  fc.record({ kind: fc.constant("group" as const), stage, key, group: fc.constantFrom(1, 2, 3, 20, 99) }),
  fc.record({ kind: fc.constant("budget" as const), stage, group: fc.integer({ min: 1, max: 20 }), currency: fc.constantFrom(...CURRENCIES), amounts }),
);
type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;

test("random valid edits fail only with AppErrors carrying policy messages; validation always answers a list", async () => {
  const allowed = allowedMessages();
  const admin = await callerFor(t.db, "admin@meridian.test");
  let refused = 0;

  await fc.assert(
    fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 14 }), async (edits) => {
      const p = await createTestPolicy(t.db, { moveStagesCount: 2 });
      const s = admin.policy.services;
      const run = (e: Edit): Promise<unknown> => {
        switch (e.kind) {
          case "add":
            return s.add({ policyVersionId: p.versionId, moveStage: e.stage, serviceKey: e.key });
          case "remove":
            return s.remove({ policyVersionId: p.versionId, moveStage: e.stage, serviceKey: e.key });
          case "type":
            return s.update({ policyVersionId: p.versionId, moveStage: e.stage, serviceKey: e.key, servicePolicyType: e.type });
          case "amount":
            return s.update({
              policyVersionId: p.versionId,
              moveStage: e.stage,
              serviceKey: e.key,
              currency: e.currency,
              amount: major(e.amounts.amount, e.currency),
              ...(e.withRange ? { minAmount: major(e.amounts.min, e.currency), maxAmount: major(e.amounts.max, e.currency) } : {}),
            });
          case "addable":
            return s.update({ policyVersionId: p.versionId, moveStage: e.stage, serviceKey: e.key, addable: e.addable, provided: e.provided });
          case "hub":
            return s.update({ policyVersionId: p.versionId, moveStage: e.stage, serviceKey: e.key, moveHub: e.on, force: e.force });
          case "group":
            return s.setBudgetGroup({ policyVersionId: p.versionId, moveStage: e.stage, serviceKey: e.key, budgetGroup: e.group });
          case "budget":
            return s.addBudget({
              policyId: p.policyId,
              moveStage: e.stage,
              budgetGroup: e.group,
              currency: e.currency,
              amount: major(e.amounts.amount, e.currency),
              minAmount: major(e.amounts.min, e.currency),
              maxAmount: major(e.amounts.max, e.currency),
            });
        }
      };
      for (const e of edits) {
        try {
          await run(e);
        } catch (error) {
          refused += 1;
          expect(error).toBeInstanceOf(TRPCError);
          const cause = (error as TRPCError).cause;
          expect(cause).toBeInstanceOf(AppError);
          expect(allowed.has((cause as AppError).message)).toBe(true);
        }
        const validation = await admin.policy.policies.validation({ policyVersionId: p.versionId });
        expect(validation.success).toBe(true);
        expect(Array.isArray(validation.errors)).toBe(true);
      }
      // At most one move hub per stage survives any sequence.
      const hubs = await t.db
        .selectFrom("policy_services")
        .select(["move_stage"])
        .where("policy_version_id", "=", p.versionId)
        .where("move_hub", "=", 1)
        .execute();
      expect(new Set(hubs.map((h) => h.move_stage)).size).toBe(hubs.length);
    }),
    { numRuns: 25 },
  );
  // The sequences do hit refusals (duplicates, missing services, the move hub), not only happy paths.
  expect(refused).toBeGreaterThan(0);
}, 30_000);
