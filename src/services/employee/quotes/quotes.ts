/**
 * Supplier quotes (spec refs in src/domain/employee/quotes/quotes.ts): quotes.list (the employee's own move, or
 * a move HR of its group or an admin names), quotes.add (HR of the move's group, ADMIN) and quotes.book
 * (the employee, on their own move). Access reuses the budgets' rule (`ledgerMoveForCaller`): another
 * employee's quote or another group's move answers NOT_FOUND, as an unknown id does.
 */
import { insertBookingCostForQuote } from "../../finance/approval-bills.ts";
import type { DB } from "../../../db/index.ts";
import { lockRow } from "../../../db/locks.ts";
import { insertAudit } from "../../../db/queries/audit.ts";
import { AppError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { isCurrencyCode, parseAmount, toMajorString } from "../../../domain/money/money.ts";
import {
  bookingRefusal,
  isQuoteExpired,
  matchesFilter,
  quoteMessages,
  type QuoteScope,
  type QuoteStatus,
  type TAddQuoteRequest,
  type TBookQuoteRequest,
  type TBookQuoteResponse,
  type TQuote,
  type TQuotesListRequest,
  type TQuotesListResponse,
} from "../../../domain/employee/quotes/quotes.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { ledgerMoveForCaller, requireLedgerMove, type LedgerMove } from "../budgets/access.ts";
import { loadLedger, serviceKeyOf, serviceTitleOf, stageNameOf, type Ledger } from "../budgets/ledger.ts";
import { isUniqueViolation } from "../../policy/common.ts";

export type QuoteActor = { user: SessionUser; ip: string | null };
type GroupRef = { id: number; name: string };

const today = (now: Date) => now.toISOString().slice(0, 10);

function selectQuotes(db: DB) {
  return db
    .selectFrom("supplier_quotes")
    .select(["id", "group_id", "move_id", "service_key", "move_stage", "company_name", "scope", "currency", "amount", "details", "location", "latitude", "longitude", "valid_until", "status", "booked_at"]);
}
type QuoteRow = Awaited<ReturnType<ReturnType<typeof selectQuotes>["execute"]>>[number];

const num = (v: string | null) => (v === null || v === "" ? null : Number.isFinite(Number(v)) ? Number(v) : null);

function toQuote(row: QuoteRow, ledger: Pick<Ledger, "stageNames" | "serviceTitles">, now: Date): TQuote {
  const status = row.status as QuoteStatus;
  return {
    id: row.id,
    moveId: row.move_id,
    service: row.service_key,
    serviceTitle: serviceTitleOf(ledger, row.service_key),
    moveStage: row.move_stage,
    moveStageName: stageNameOf(ledger, row.move_stage),
    companyName: row.company_name,
    scope: row.scope as QuoteScope,
    amount: toMajorString({ amount: row.amount, currency: row.currency }),
    currency: row.currency,
    details: row.details,
    location: row.location,
    latitude: num(row.latitude),
    longitude: num(row.longitude),
    validUntil: row.valid_until,
    status,
    expired: status === "OPEN" && isQuoteExpired(row.valid_until, today(now)),
    bookedAt: row.booked_at,
  };
}

/** The quotes of the caller's move (an employee's own; HR and admins name it), filtered by scope. */
export async function listQuotes(db: DB, user: SessionUser, input: TQuotesListRequest, now = new Date()): Promise<TQuotesListResponse> {
  const move = await ledgerMoveForCaller(db, user, { moveId: input.moveId });
  if (!move) {
    if (user.role === "EMPLOYEE" && input.moveId === undefined) return { moveId: null, services: [], quotes: [] };
    throw new AppError("NOT_FOUND", quoteMessages.noMove);
  }
  const [ledger, rows] = await Promise.all([
    loadLedger(db, move),
    selectQuotes(db).where("move_id", "=", move.id).orderBy("move_stage").orderBy("service_key").orderBy("amount").orderBy("id").execute(),
  ]);
  const filter = input.scope ?? "ALL";
  const services = [...ledger.serviceGroups.keys()].map((k) => {
    const at = k.indexOf(":");
    const stage = Number(k.slice(0, at));
    const service = k.slice(at + 1);
    return { service, title: serviceTitleOf(ledger, service), moveStage: stage, moveStageName: stageNameOf(ledger, stage) };
  });
  return { moveId: move.id, services, quotes: rows.filter((r) => matchesFilter(r.scope as QuoteScope, filter)).map((r) => toQuote(r, ledger, now)) };
}

/** HR of the move's group (or an admin) adds a supplier's quote for a service and stage of the move's policy. */
export async function addQuote(db: DB, actor: QuoteActor, group: GroupRef, input: TAddQuoteRequest, now = new Date()): Promise<TQuote> {
  if (actor.user.role !== "HR" && actor.user.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
  if (!isCurrencyCode(input.currency)) throw new AppError("VALIDATION", quoteMessages.currency, { currency: quoteMessages.currency });
  const money = parseAmount(input.amount, input.currency);
  if (money.amount <= 0) throw new AppError("VALIDATION", quoteMessages.amountPositive, { amount: quoteMessages.amountPositive });
  if (input.validUntil < today(now)) throw new AppError("VALIDATION", quoteMessages.pastValidity, { validUntil: quoteMessages.pastValidity });
  const move = await requireLedgerMove(db, actor.user, { moveId: input.moveId, groupId: group.id });
  const ledger = await loadLedger(db, move);
  if (!ledger.serviceGroups.has(serviceKeyOf(input.moveStage, input.service))) {
    throw new AppError("VALIDATION", quoteMessages.unknownService, { service: quoteMessages.unknownService });
  }
  const at = now.toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("supplier_quotes")
      .values({
        group_id: move.groupId,
        move_id: move.id,
        service_key: input.service,
        move_stage: input.moveStage,
        company_name: input.companyName,
        scope: input.scope,
        currency: money.currency,
        amount: money.amount,
        details: input.details,
        location: input.location ?? null,
        latitude: input.latitude === undefined ? null : String(input.latitude),
        longitude: input.longitude === undefined ? null : String(input.longitude),
        valid_until: input.validUntil,
        status: "OPEN",
        created_by: actor.user.id,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertAudit(trx, {
      at,
      actorUserId: actor.user.id,
      groupId: move.groupId,
      entity: "supplier_quote",
      entityId: row.id,
      action: "quotes.add",
      newValues: { moveId: move.id, service: input.service, moveStage: input.moveStage, companyName: input.companyName, scope: input.scope, amount: money.amount, currency: money.currency, validUntil: input.validUntil },
      ip: actor.ip,
    });
    return row.id;
  });
  const row = await selectQuotes(db).where("id", "=", id).executeTakeFirstOrThrow();
  return toQuote(row, ledger, now);
}

/**
 * A quote the caller may see (the employee's own move; HR of its group; admins), with its move, or
 * NOT_FOUND. Used by booking and by the booking estimate (`quoteId`).
 */
export async function quoteForCaller(db: DB, user: SessionUser, quoteId: number): Promise<{ row: QuoteRow; move: LedgerMove }> {
  const row = await selectQuotes(db).where("id", "=", quoteId).executeTakeFirst();
  const move = row ? await ledgerMoveForCaller(db, user, { moveId: row.move_id }) : null;
  if (!row || !move) throw new AppError("NOT_FOUND", quoteMessages.notFound);
  return { row, move };
}

/**
 * The employee books a quote of their own move: one transaction holding the move's row lock —
 * OPEN → BOOKED by a conditional update (still OPEN and valid today), the service and stage's other
 * OPEN quotes DECLINED, one audit row. The partial unique index (one BOOKED quote per move, service
 * and stage) backs it up. A repeated or parallel booking is refused with CONFLICT, never applied twice.
 */
export async function bookQuote(db: DB, actor: QuoteActor, input: TBookQuoteRequest, now = new Date()): Promise<TBookQuoteResponse> {
  if (actor.user.role !== "EMPLOYEE") throw new AppError("FORBIDDEN", messages.forbidden);
  const { row, move } = await quoteForCaller(db, actor.user, input.quoteId);
  const day = today(now);
  const refusal = bookingRefusal({ status: row.status as QuoteStatus, validUntil: row.valid_until }, day);
  if (refusal) throw new AppError("CONFLICT", refusal);
  const at = now.toISOString();
  let declined = 0;
  let declinedIds: number[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      await lockRow(trx, "moves", move.id);
      const booked = await trx
        .updateTable("supplier_quotes")
        .set({ status: "BOOKED", booked_by: actor.user.id, booked_at: at, updated_at: at })
        .where("id", "=", row.id)
        .where("status", "=", "OPEN")
        .where("valid_until", ">=", day)
        .executeTakeFirst();
      if (Number(booked.numUpdatedRows) !== 1) {
        const now2 = await trx.selectFrom("supplier_quotes").select(["status", "valid_until"]).where("id", "=", row.id).executeTakeFirst();
        throw new AppError("CONFLICT", now2 ? (bookingRefusal({ status: now2.status as QuoteStatus, validUntil: now2.valid_until }, day) ?? quoteMessages.notOpen) : quoteMessages.notFound);
      }
      const others = await trx
        .updateTable("supplier_quotes")
        .set({ status: "DECLINED", updated_at: at })
        .where("move_id", "=", row.move_id)
        .where("service_key", "=", row.service_key)
        .where("move_stage", "=", row.move_stage)
        .where("id", "<>", row.id)
        .where("status", "=", "OPEN")
        .returning("id")
        .execute();
      // The audit row names the quotes this booking declined (their change has no row of its own).
      declinedIds = others.map((o) => o.id).sort((a, b) => a - b);
      // Finance (issue 16): the booked quote becomes a vendor booking cost waiting for Bill Approval.
      await insertBookingCostForQuote(trx, row, actor.user.id, at);
      declined = declinedIds.length;
      await insertAudit(trx, {
        at,
        actorUserId: actor.user.id,
        groupId: move.groupId,
        entity: "supplier_quote",
        entityId: row.id,
        action: "quotes.book",
        oldValues: { status: row.status },
        newValues: { status: "BOOKED", moveId: row.move_id, service: row.service_key, moveStage: row.move_stage, companyName: row.company_name, amount: row.amount, currency: row.currency, declined, declinedIds },
        ip: actor.ip,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", quoteMessages.alreadyBooked);
    throw error;
  }
  const ledger = await loadLedger(db, move);
  const after = await selectQuotes(db).where("id", "=", row.id).executeTakeFirstOrThrow();
  return { success: true, message: quoteMessages.booked, quote: toQuote(after, ledger, now), declined };
}
