/**
 * The HR overview (issue 26 "HR overview": the group home opens on what needs attention): each tile's count
 * from its query in src/db/queries/reporting/attention.ts (the same select a report lists), for the group
 * the procedure resolved and checked, and for a MANAGER within their restrictions (read now). Reads only.
 *
 * Windows count from today (UTC): moves starting in the next STARTING_DAYS days, assignments ending in the
 * next ENDING_DAYS days (today included). The estimates tile also says since when the oldest waits. A count
 * stops at TILE_COUNT_CAP (`more`: there are more), so the overview costs the same in a group of 100,000 moves.
 * The programme's spend against estimate and budget is the accuracy answer's `totals` (./accuracy.ts),
 * loaded by the page beside the tiles so the tiles never wait for it.
 */
import type { DB } from "../../db/index.ts";
import {
  assignmentsEnding,
  countTiles,
  draftMoves,
  estimatesAwaitingApproval,
  expensesOutOfPolicy,
  movesStarting,
  openIncidents,
  pendingActivations,
  type AttentionScope,
} from "../../db/queries/reporting/attention.ts";
import { restrictionScopeOf } from "../../db/queries/restrictions.ts";
import { ENDING_DAYS, STARTING_DAYS, type TOverviewTile, type TProgrammeOverviewResponse } from "../../domain/reporting/accuracy-schemas.ts";
import type { SessionUser } from "../identity/auth.ts";

const DAY_MS = 86_400_000;
/** A tile counts up to this many rows, then says "more" (its list has them all). */
export const TILE_COUNT_CAP = 500;

/** YYYY-MM-DD `days` after `date` (UTC). */
export function addDaysIso(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from an ISO instant to `now` (never negative). */
export function ageInDays(since: string, now: Date): number {
  const t = Date.parse(since);
  if (Number.isNaN(t)) return 0;
  return Math.max(0, Math.floor((now.getTime() - t) / DAY_MS));
}

/** The attention scope of the caller in the group: a MANAGER's restrictions, none for HR and admins. */
export async function attentionScopeOf(db: DB, user: SessionUser, groupId: number): Promise<AttentionScope> {
  return { groupId, scope: await restrictionScopeOf(db, user) };
}

/** programme.overview: the tiles of the group's HR overview. */
export async function programmeOverview(db: DB, user: SessionUser, group: { id: number; name: string }, now = new Date()): Promise<TProgrammeOverviewResponse> {
  const at = await attentionScopeOf(db, user, group.id);
  const today = now.toISOString().slice(0, 10);
  const starting = { from: today, to: addDaysIso(today, STARTING_DAYS) };
  const ending = { from: today, to: addDaysIso(today, ENDING_DAYS) };
  const { counts, oldestSince: oldest } = await countTiles(
    db,
    {
      drafts: draftMoves(db, at),
      activations: pendingActivations(db, at),
      awaiting: estimatesAwaitingApproval(db, at),
      starting: movesStarting(db, at, starting),
      ending: assignmentsEnding(db, at, ending),
      expenses: expensesOutOfPolicy(db, at),
      incidents: openIncidents(db, at, "incident"),
      exceptions: openIncidents(db, at, "exception"),
    },
    at,
    TILE_COUNT_CAP,
  );
  const { drafts, activations, awaiting, starting: startingN, ending: endingN, expenses, incidents, exceptions } = counts;
  const tile = (key: TOverviewTile["key"], n: number, extra: Partial<TOverviewTile> = {}): TOverviewTile => ({
    key,
    count: Math.min(n, TILE_COUNT_CAP),
    more: n > TILE_COUNT_CAP,
    oldestSince: null,
    oldestDays: null,
    from: null,
    to: null,
    ...extra,
  });
  return {
    group: group.name,
    today,
    readOnly: user.role === "MANAGER",
    tiles: [
      tile("drafts", drafts),
      tile("activations", activations),
      tile("estimatesAwaiting", awaiting, { oldestSince: oldest, oldestDays: oldest === null ? null : ageInDays(oldest, now) }),
      tile("movesStarting", startingN, starting),
      tile("assignmentsEnding", endingN, ending),
      tile("expensesOutOfPolicy", expenses),
      tile("openIncidents", incidents),
      tile("openExceptions", exceptions),
    ],
  };
}
