/**
 * Bills for the Bill Management tests (kept in src/db/seed-finance-bills.ts, whose demo bills come from
 * real sources through the approval service): `makeBill` makes one Open bill the way approval does
 * (core.ts `insertBill` from a fresh approved external-spend item without a move, so it can be sent back);
 * `financeActorOf` is a finance user as a write's actor.
 */
export { financeActorOf, makeBill, type MakeBill } from "../../db/seed-finance-bills.ts";
