/**
 * The welcome popup (issue 14; rules and spec refs in src/domain/employee/welcome/): the one set of functions
 * `welcome.state`, `welcome.answer` (src/routers/employee/welcome.ts) and POST /mercer/popup
 * (src/routers/employee/legacy/welcome.ts) call.
 *
 * - Only the move's own employee: other roles are FORBIDDEN; another employee's move and an unknown
 *   move answer the same NOT_FOUND (the move hub's access rule, src/services/employee/movehub/access.ts).
 * - `welcomeState` only reads. `answerWelcome` validates everything first (nothing is written on bad
 *   input), then writes in one transaction that locks the move row, so parallel answers queue: the
 *   welcome-call request is one row per move (unique index, insert … on conflict (move_id) do update
 *   while REQUESTED), a repeated identical booking changes nothing and writes no second audit row.
 */
import type { DB } from "../../../db/index.ts";
import { lockRow } from "../../../db/locks.ts";
import { insertAudit } from "../../../db/queries/audit.ts";
import { AppError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { welcomeMessages } from "../../../domain/employee/welcome/messages.ts";
import { checkSchedule, normalisePhone, nextPopupState, showsPopup, WELCOME_CALL_MAX_DAYS, type PopupState, type PopupStatus, type WelcomeStage } from "../../../domain/employee/welcome/rules.ts";
import type { TBookAnswer, TWelcomeAnswerRequest, TWelcomeCallRequest, TWelcomeState, TWelcomeStateRequest } from "../../../domain/employee/welcome/schemas.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { hubMoveForCaller, type HubMove } from "../movehub/access.ts";
import { consultantOf } from "../movehub/hub.ts";
import type { Transaction } from "kysely";
import type { Database } from "../../../db/schema.ts";
import { formatCallSlot } from "../../../domain/identity/notifications/kinds.ts";
import { notifyWelcomeCallRequested } from "../../identity/notifications/events.ts";

/** `ip`: the address the answer came from, for its audit row. */
export type WelcomeDeps = { db: DB; now?: () => Date; ip?: string | null };
const nowOf = (deps: WelcomeDeps) => (deps.now ? deps.now() : new Date());

/** Only employees have a welcome popup (HR, admins, finance … are refused before any read). */
function assertEmployee(user: SessionUser): void {
  if (user.role !== "EMPLOYEE") throw new AppError("FORBIDDEN", messages.forbidden);
}

type WelcomeMove = HubMove & { noWelcomeCall: boolean; callMinutes: number | null };

/** The caller's move (their newest, or the one named if it is theirs), with its policy's welcome-call settings. */
async function welcomeMoveFor(db: DB, user: SessionUser, moveId: number | undefined): Promise<WelcomeMove> {
  assertEmployee(user);
  let move: HubMove;
  try {
    move = await hubMoveForCaller(db, user, moveId);
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") throw new AppError("NOT_FOUND", welcomeMessages.noMove);
    throw error;
  }
  const policy = await db
    .selectFrom("moves as m")
    .innerJoin("policies as p", "p.id", "m.policy_id")
    .select(["p.no_welcome_call", "p.welcome_call_duration"])
    .where("m.id", "=", move.id)
    .executeTakeFirstOrThrow();
  return { ...move, noWelcomeCall: policy.no_welcome_call === 1, callMinutes: policy.welcome_call_duration };
}

/** The services of the move's policy version, once each, in the policy's order: the interests offered. */
async function interestsOf(db: DB | Transaction<Database>, move: HubMove): Promise<{ key: string; title: string }[]> {
  const rows = await db
    .selectFrom("policy_services as ps")
    .innerJoin("services as s", "s.key", "ps.service_key")
    .select(["ps.service_key", "ps.title", "s.name"])
    .where("ps.policy_version_id", "=", move.policyVersionId)
    .orderBy("ps.move_stage")
    .orderBy("ps.sort_order")
    .orderBy("ps.service_key")
    .execute();
  const seen = new Map<string, string>();
  for (const r of rows) if (!seen.has(r.service_key)) seen.set(r.service_key, r.title?.trim() || r.name);
  return [...seen].map(([key, title]) => ({ key, title }));
}

function popupOf(db: DB, moveId: number) {
  return db.selectFrom("welcome_popups").select(["stage", "status"]).where("move_id", "=", moveId).executeTakeFirst();
}

function requestOf(db: DB, moveId: number) {
  return db
    .selectFrom("welcome_call_requests")
    .select(["id", "local_date", "local_time", "time_zone", "scheduled_at", "phone", "interests", "status"])
    .where("move_id", "=", moveId)
    .executeTakeFirst();
}

type RequestRow = NonNullable<Awaited<ReturnType<typeof requestOf>>>;

function parseInterests(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

function requestView(row: RequestRow): TWelcomeCallRequest {
  return {
    date: row.local_date,
    time: row.local_time,
    timeZone: row.time_zone,
    scheduledAt: row.scheduled_at,
    phone: row.phone,
    interests: parseInterests(row.interests),
    status: row.status,
    changeable: row.status === "REQUESTED",
  };
}

const toPopup = (row: { stage: number; status: string } | undefined): PopupState | null =>
  row ? { stage: Math.min(3, Math.max(1, row.stage)) as WelcomeStage, status: row.status as PopupStatus } : null;

async function stateOf(db: DB, move: WelcomeMove): Promise<TWelcomeState> {
  const [popupRow, request, consultant, interestsOffered] = await Promise.all([popupOf(db, move.id), requestOf(db, move.id), consultantOf(db, move), interestsOf(db, move)]);
  const popup = toPopup(popupRow);
  return {
    move: {
      id: move.id,
      consultant: consultant ? { name: `${consultant.first_name} ${consultant.last_name}`.trim(), email: consultant.email } : null,
      callMinutes: move.callMinutes,
      welcomeCall: !move.noWelcomeCall,
    },
    show: showsPopup(move, popup),
    stage: popup?.stage ?? 1,
    status: popup?.status ?? "NEW",
    interestsOffered,
    request: request ? requestView(request) : null,
    maxDays: WELCOME_CALL_MAX_DAYS,
  };
}

const NO_MOVE: TWelcomeState = { move: null, show: false, stage: 1, status: "NEW", interestsOffered: [], request: null, maxDays: WELCOME_CALL_MAX_DAYS };

/**
 * `welcome.state`: the popup of the employee's open move (or the move named). Without a move, or
 * when the newest is no longer open, `move` is null and nothing shows. Reads only.
 */
export async function welcomeState(deps: WelcomeDeps, user: SessionUser, input: TWelcomeStateRequest): Promise<TWelcomeState> {
  assertEmployee(user);
  let move: WelcomeMove;
  try {
    move = await welcomeMoveFor(deps.db, user, input.moveId);
  } catch (error) {
    if (input.moveId === undefined && error instanceof AppError && error.code === "NOT_FOUND") return NO_MOVE;
    throw error;
  }
  if (move.status !== "open") {
    if (input.moveId === undefined) return NO_MOVE;
    throw new AppError("NOT_FOUND", welcomeMessages.noMove);
  }
  return stateOf(deps.db, move);
}

type Booking = { date: string; time: string; timeZone: string; scheduledAt: string; phone: string; interests: string[] };

/** The booking's checks beyond its schema: the time window and zone, the phone number, interests from the policy. */
function checkBooking(input: TBookAnswer, offered: { key: string }[], now: Date): Booking {
  const schedule = checkSchedule(input, now);
  if (!schedule.ok) throw new AppError("VALIDATION", schedule.message, { [schedule.field]: schedule.message });
  const phone = normalisePhone(input.phone);
  if (phone === null) throw new AppError("VALIDATION", welcomeMessages.phoneInvalid, { phone: welcomeMessages.phoneInvalid });
  const keys = new Set(offered.map((o) => o.key));
  const interests = [...new Set(input.interests)];
  if (interests.some((key) => !keys.has(key))) throw new AppError("VALIDATION", welcomeMessages.interests, { interests: welcomeMessages.interests });
  // Stored in the policy's order, so the same choice is the same row whatever order it was sent in.
  const ordered = offered.map((o) => o.key).filter((key) => interests.includes(key));
  return { date: input.date, time: input.time, timeZone: input.timeZone, scheduledAt: schedule.scheduledAt.toISOString(), phone, interests: ordered };
}

/** A request as its audit row records it (old and new values in one shape). */
const auditedRequest = (moveId: number, r: { status: string } & Booking) => ({
  moveId,
  status: r.status,
  date: r.date,
  time: r.time,
  timeZone: r.timeZone,
  scheduledAt: r.scheduledAt,
  phone: r.phone,
  interests: r.interests,
});
const bookingOf = (row: RequestRow): Booking & { status: string } => ({
  status: row.status,
  date: row.local_date,
  time: row.local_time,
  timeZone: row.time_zone,
  scheduledAt: row.scheduled_at,
  phone: row.phone,
  interests: parseInterests(row.interests),
});

const sameBooking = (row: RequestRow, b: Booking) =>
  row.local_date === b.date && row.local_time === b.time && row.time_zone === b.timeZone && row.phone === b.phone && row.interests === JSON.stringify(b.interests);

/**
 * `welcome.answer` and POST /mercer/popup: records one answer of the popup (the stage reached, a
 * dismissal, or the welcome-call request) and answers the popup's new state.
 */
export async function answerWelcome(deps: WelcomeDeps, user: SessionUser, input: TWelcomeAnswerRequest): Promise<TWelcomeState> {
  const { db } = deps;
  const now = nowOf(deps);
  const move = await welcomeMoveFor(db, user, input.moveId);
  if (move.status !== "open") throw new AppError("NOT_FOUND", welcomeMessages.noMove);
  if (move.noWelcomeCall) throw new AppError("CONFLICT", welcomeMessages.noWelcomeCall);
  const booking = input.action === "BOOK" ? checkBooking(input, await interestsOf(db, move), now) : null;
  const at = now.toISOString();

  await db.transaction().execute(async (trx) => {
    await lockRow(trx, "moves", move.id);
    const current = toPopup(await popupOf(trx, move.id));
    if (booking) {
      const existing = await requestOf(trx, move.id);
      if (existing && existing.status !== "REQUESTED") throw new AppError("CONFLICT", welcomeMessages.alreadyArranged);
      if (!existing || !sameBooking(existing, booking)) {
        const values = {
          local_date: booking.date,
          local_time: booking.time,
          time_zone: booking.timeZone,
          scheduled_at: booking.scheduledAt,
          phone: booking.phone,
          interests: JSON.stringify(booking.interests),
          updated_at: at,
        };
        const written = await trx
          .insertInto("welcome_call_requests")
          .values({ group_id: move.groupId, move_id: move.id, user_id: user.id, status: "REQUESTED", created_at: at, ...values })
          .onConflict((oc) => oc.column("move_id").doUpdateSet(values).where("welcome_call_requests.status", "=", "REQUESTED"))
          .returning("id")
          .executeTakeFirst();
        if (!written) throw new AppError("CONFLICT", welcomeMessages.alreadyArranged);
        await insertAudit(trx, {
          actorUserId: user.id,
          groupId: move.groupId,
          entity: "welcome_call_request",
          entityId: written.id,
          action: existing ? "welcome-call-changed" : "welcome-call-requested",
          oldValues: existing ? auditedRequest(move.id, bookingOf(existing)) : undefined,
          newValues: auditedRequest(move.id, { ...booking, status: "REQUESTED" }),
          ip: deps.ip ?? null,
          at,
        });
        // The consultant, the group's HR and the CRM agents are told in this transaction (issue 24 §3).
        const titles = new Map((await interestsOf(trx, move)).map((o) => [o.key, o.title]));
        await notifyWelcomeCallRequested(
          trx,
          {
            requestId: written.id,
            moveId: move.id,
            groupId: move.groupId,
            employeeUserId: user.id,
            consultantUserId: move.consultantUserId,
            when: formatCallSlot(booking.scheduledAt, booking.timeZone),
            interests: booking.interests.map((key) => titles.get(key) ?? key),
          },
          at,
        );
      }
    }
    const next = nextPopupState(current, input.action === "STAGE" ? { action: "STAGE", stage: input.stage } : { action: input.action });
    if (!current || current.stage !== next.stage || current.status !== next.status) {
      const values = { stage: next.stage, status: next.status, updated_at: at };
      await trx
        .insertInto("welcome_popups")
        .values({ move_id: move.id, group_id: move.groupId, user_id: user.id, ...values })
        .onConflict((oc) => oc.column("move_id").doUpdateSet(values))
        .execute();
    }
  });
  return stateOf(db, move);
}
