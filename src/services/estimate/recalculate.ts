/**
 * Asynchronous recalculation (part 1 §4 "Recalculation is posted, then status is polled (every
 * 2 s, at most 60 polls; Done or Forced loads the estimate; Failed or the 60th poll stops with an
 * error)", §7 recalculateEstimationView, get-async-cost-estimate-request-status, get-async-cost-estimate).
 * The request is a persisted job (src/services/jobs): the worker of this instance starts it at
 * once, another instance or a restart picks it up otherwise. A poll that finds the job still
 * waiting with nobody working on it runs it itself and answers Forced.
 */
import type { DB } from "../../db/index.ts";
import { findJob } from "../../db/queries/jobs.ts";
import { findEstimateById } from "../../db/queries/estimate/estimate.ts";
import { findMoveWithPolicy } from "../../db/queries/moves/moves.ts";
import { estimateMessages } from "../../domain/estimate/messages.ts";
import {
  ASYNC_POLL_MAX,
  type TAsyncStatus,
  type TAsyncStatusResponse,
  type TEstimationView,
  type TEstimationViewResponse,
  type TRecalculateRequest,
} from "../../domain/estimate/schemas.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { canActInGroup } from "../../domain/roles.ts";
import { toSessionUser, type SessionUser } from "../identity/auth.ts";
import { findUserById } from "../../db/queries/identity/users.ts";
import { enqueueJob, PermanentJobError, registerJobHandler, runPendingJobs, type JobDeps } from "../jobs/queue.ts";
import type { WizardActor } from "../moves/wizard/types.ts";
import { estimateMoveForCaller, type EstimateMove } from "./access.ts";
import { currentSettings, settingsWithEdits, storeComputedVersion, viewResponseOf, type EstimateSettings } from "./estimates.ts";

export const RECALCULATE_JOB = "estimate.recalculate";

type RecalculatePayload = { moveId: number; employeeId: number; userId: number; ip: string | null; settings: EstimateSettings; estimationView: TEstimationView; stageAction: string };

registerJobHandler(RECALCULATE_JOB, async (job, deps) => {
  const payload = JSON.parse(job.payload) as RecalculatePayload;
  const move = await findMoveWithPolicy(deps.db, payload.moveId);
  const user = await findUserById(deps.db, payload.userId);
  if (!move || !user) throw new PermanentJobError("The move or its user no longer exists.");
  const actor = { user: toSessionUser(user), ip: payload.ip };
  // The last recalculation to finish becomes current (each stored once, atomically; see
  // storeComputedVersion); one that gives the current version's figures keeps that version.
  const stored = await storeComputedVersion(deps.db, actor, move, payload.settings, { stageAction: payload.stageAction, supersedes: "current", keepIfUnchanged: true });
  return { result: { costEstimateId: stored.id, estimationView: payload.estimationView }, successCount: 1 };
});

/** POST /hr/json/recalculateEstimationView: the edits as posted, recalculated in the background. */
export async function startRecalculation(deps: JobDeps, actor: WizardActor, move: EstimateMove, input: TRecalculateRequest) {
  const base = await currentSettings(deps.db, move);
  const settings = settingsWithEdits(base, input);
  const payload: RecalculatePayload = {
    moveId: move.id,
    employeeId: move.employee_user_id,
    userId: actor.user.id,
    ip: actor.ip,
    settings,
    estimationView: input.estimationView,
    stageAction: input.stageAction,
  };
  const uuid = await enqueueJob(deps, { kind: RECALCULATE_JOB, groupId: move.group_id, createdBy: actor.user.id, payload, totalCount: 1 });
  return { success: true, costEstimateUIDTOs: [{ uuid, status: "Pending" as const, estimationView: input.estimationView }] };
}

async function jobForCaller(db: DB, user: SessionUser, uuid: string) {
  const job = await findJob(db, uuid);
  if (!job || job.kind !== RECALCULATE_JOB) throw new AppError("NOT_FOUND", estimateMessages.requestNotFound);
  if (!["HR", "ADMIN"].includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  if (job.group_id === null || !canActInGroup(user, job.group_id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  return job;
}

const STATUS_OF: Record<string, TAsyncStatus> = { PENDING: "Pending", RUNNING: "Processing", DONE: "Done", FAILED: "Failed" };

/** GET get-async-cost-estimate-request-status/{uuid}/{pollNumber}. */
export async function recalculationStatus(deps: JobDeps, user: SessionUser, input: { uuid: string; pollNumber: number }): Promise<TAsyncStatusResponse> {
  let job = await jobForCaller(deps.db, user, input.uuid);
  let forced = false;
  if (job.status === "PENDING") {
    // Nobody has started it (no worker here, or it is busy): this poll does the work.
    await runPendingJobs(deps, [RECALCULATE_JOB]);
    job = (await findJob(deps.db, input.uuid))!;
    forced = job.status === "DONE";
  }
  const status = forced ? "Forced" : STATUS_OF[job.status]!;
  if (status === "Failed") return { status, message: estimateMessages.recalculationFailed };
  if ((status === "Pending" || status === "Processing") && input.pollNumber >= ASYNC_POLL_MAX) {
    return { status: "Failed", message: estimateMessages.pollLimit };
  }
  return { status, message: null };
}

/** GET get-async-cost-estimate/{uuid}: the recalculated estimate (or its balance sheet). */
export async function recalculationResult(db: DB, user: SessionUser, input: { uuid: string }): Promise<TEstimationViewResponse> {
  const job = await jobForCaller(db, user, input.uuid);
  if (job.status !== "DONE" || !job.result) throw new AppError("CONFLICT", estimateMessages.experiencingIssue);
  const { costEstimateId, estimationView } = JSON.parse(job.result) as { costEstimateId: number; estimationView: TEstimationView };
  const row = await findEstimateById(db, costEstimateId);
  if (!row) throw new AppError("NOT_FOUND", estimateMessages.estimateNotFound);
  const move = await estimateMoveForCaller(db, user, { employeeId: row.employee_user_id, moveId: row.move_id }, "write");
  return viewResponseOf(db, move, row, { estimationView, existingEstimate: true });
}
