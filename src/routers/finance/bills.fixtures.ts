/**
 * Bills for the Bill Management tests (the same helpers make the demo data: src/db/seed-finance-bills.ts):
 * `makeBill` makes one Open bill the way approval does (core.ts `insertBill` from a fresh approved
 * external-spend item, so it can be sent back); `financeActorOf` is a finance user as a write's actor.
 */
export { financeActorOf, makeBill, type MakeBill } from "../../db/seed-finance-bills.ts";
