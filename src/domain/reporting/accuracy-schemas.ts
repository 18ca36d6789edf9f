/**
 * Schemas of the HR overview and published estimate accuracy (issue 26): `programme.*` procedures and the
 * documented GET /reporting/getWidgetDetails. Amounts are integer minor units of the named currency
 * (src/domain/money); percentage errors are basis points (1 % = 100); the browser formats both.
 */
import { z } from "zod";

const id = z.number().int().positive().max(2_147_483_647);
const minor = z.number().int();
const group = z.string().trim().min(1).max(64);
const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD.")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v, "Enter a date as YYYY-MM-DD.");

export const TILE_KEYS = ["drafts", "activations", "estimatesAwaiting", "movesStarting", "assignmentsEnding", "expensesOutOfPolicy", "openIncidents", "openExceptions"] as const;
export type TileKey = (typeof TILE_KEYS)[number];

/** Days ahead of the tiles with a window (issue 26: moves starting in the next 30 days, assignments ending in the next 90). */
export const STARTING_DAYS = 30;
export const ENDING_DAYS = 90;

export const ZProgrammeOverviewRequest = z.object({ group });
export type TProgrammeOverviewRequest = z.infer<typeof ZProgrammeOverviewRequest>;

export const ZOverviewTile = z.object({
  key: z.enum(TILE_KEYS),
  count: z.number().int().min(0),
  /** More rows than `count` (a count stops at 500). */
  more: z.boolean(),
  /** Estimates awaiting approval: when the oldest waiting one was sent (ISO), and its age in whole days. */
  oldestSince: z.string().nullable(),
  oldestDays: z.number().int().min(0).nullable(),
  /** The tile's window (YYYY-MM-DD, inclusive), for tiles with one. */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type TOverviewTile = z.infer<typeof ZOverviewTile>;

export const ZProgrammeOverviewResponse = z.object({
  group: z.string(),
  /** The day the windows count from (YYYY-MM-DD, UTC). */
  today: z.string(),
  /** A manager reads the overview; HR and admins act from it. */
  readOnly: z.boolean(),
  tiles: z.array(ZOverviewTile),
});
export type TProgrammeOverviewResponse = z.infer<typeof ZProgrammeOverviewResponse>;

export const GRANULARITIES = ["month", "quarter"] as const;

/** Filters of the accuracy figures: the move date's range, a policy, the period size. */
export const ZAccuracyFilters = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  policyId: id.optional(),
  granularity: z.enum(GRANULARITIES).default("quarter"),
});

export const ZProgrammeAccuracyRequest = ZAccuracyFilters.extend({ group });
export type TProgrammeAccuracyRequest = z.infer<typeof ZProgrammeAccuracyRequest>;

/** Finance's view: every group, or one named. */
export const ZFinanceAccuracyRequest = ZAccuracyFilters.extend({ group: group.optional() });
export type TFinanceAccuracyRequest = z.infer<typeof ZFinanceAccuracyRequest>;

export const ZMoveAccuracyRequest = z.object({ group, moveId: id });
export type TMoveAccuracyRequest = z.infer<typeof ZMoveAccuracyRequest>;

export const ZAccuracyLine = z.object({
  moveId: z.number().int(),
  moveName: z.string(),
  group: z.string(),
  moveDate: z.string().nullable(),
  policyId: z.number().int(),
  policyName: z.string(),
  stage: z.number().int().nullable(),
  serviceKey: z.string().nullable(),
  serviceTitle: z.string(),
  currency: z.string(),
  estimate: minor.nullable(),
  budget: z.object({ amount: minor, currency: z.string(), sharedBy: z.number().int() }).nullable(),
  approved: minor,
  /** estimate − approved (finance's difference: positive under the estimate). */
  difference: minor.nullable(),
  /** (approved − estimate) / estimate in basis points (positive: over the estimate). */
  errorBp: z.number().int().nullable(),
});
export type TAccuracyLine = z.infer<typeof ZAccuracyLine>;

const ZCurrencyStat = z.object({ currency: z.string(), lines: z.number().int(), estimate: minor, approved: minor, medianAbsDifference: minor, p90AbsDifference: minor });

export const ZAccuracyStat = z.object({
  dimension: z.enum(["service", "policy", "period"]),
  key: z.string(),
  label: z.string(),
  lines: z.number().int(),
  measured: z.number().int(),
  medianAbsErrorBp: z.number().int().nullable(),
  p90AbsErrorBp: z.number().int().nullable(),
  currencies: z.array(ZCurrencyStat),
});
export type TAccuracyStat = z.infer<typeof ZAccuracyStat>;

/** Spend against estimate and budget per currency: finance's own move totals (totals in the estimate's currency, budgetTotals in each budget's) summed over the moves. */
export const ZSpendTotals = z.object({
  estimate: z.array(z.object({ currency: z.string(), estimate: minor, approved: minor, pending: minor })),
  budget: z.array(z.object({ currency: z.string(), budget: minor, approved: minor, pending: minor })),
});
export type TSpendTotals = z.infer<typeof ZSpendTotals>;

export const ZAccuracyResponse = z.object({
  /** The group read (null: every group, finance's view). */
  group: z.string().nullable(),
  granularity: z.enum(GRANULARITIES),
  moves: z.number().int(),
  /** More moves matched than are read (the newest `limit` by move date are). */
  truncated: z.boolean(),
  limit: z.number().int(),
  overall: ZAccuracyStat,
  byService: z.array(ZAccuracyStat),
  byPolicy: z.array(ZAccuracyStat),
  byPeriod: z.array(ZAccuracyStat),
  totals: ZSpendTotals,
  lines: z.array(ZAccuracyLine),
});
export type TAccuracyResponse = z.infer<typeof ZAccuracyResponse>;

export const ZMoveAccuracyResponse = z.object({
  moveId: z.number().int(),
  moveName: z.string(),
  /** False: the move has no approved spend yet (nothing to compare). */
  hasSpend: z.boolean(),
  overall: ZAccuracyStat,
  totals: ZSpendTotals,
  lines: z.array(ZAccuracyLine),
});
export type TMoveAccuracyResponse = z.infer<typeof ZMoveAccuracyResponse>;

/** GET /reporting/getWidgetDetails?group= (finance dashboard widgets): the accuracy and spend widgets' figures. */
export const ZWidgetDetailsRequest = z.object({ group: group.optional() });
export const ZWidgetDetailsResponse = z.object({
  success: z.boolean(),
  widgets: z.array(
    z.object({
      id: z.enum(["estimateAccuracy", "spendAgainstEstimate", "spendAgainstBudget"]),
      title: z.string(),
      moves: z.number().int(),
      medianAbsErrorPercent: z.string().nullable(),
      p90AbsErrorPercent: z.string().nullable(),
      figures: z.array(z.object({ currency: z.string(), planned: z.string(), approved: z.string() })),
    }),
  ),
  resultMessage: z.string().nullable(),
});
export type TWidgetDetailsResponse = z.infer<typeof ZWidgetDetailsResponse>;
