// SKELETON (lead): helper A replaces every body. Signatures are the contract used by the routers.
import type { Config } from "../../config.ts";
import type { DB } from "../../db/index.ts";
import type { GroupRef } from "../../db/schema.ts";
import type { MoveWithPolicy } from "../../db/queries/moves.ts";
import { AppError } from "../../domain/errors.ts";
import type { TInitiationSummaryResponse } from "../../domain/wizard/schemas.ts";
import type { Mailer } from "../mail.ts";
import type { SessionUser } from "../auth.ts";
import type { WizardActor } from "./types.ts";

export type CompletionDeps = { db: DB; config: Pick<Config, "activationCodeDays">; mailer: Mailer; baseUrl: string };

export async function initiationSummary(db: DB, user: SessionUser, move: MoveWithPolicy, input: { benefits: boolean }): Promise<TInitiationSummaryResponse> { throw new AppError("INTERNAL", "Not built yet."); }
export async function completeInitiation(deps: CompletionDeps, actor: WizardActor, group: GroupRef, move: MoveWithPolicy, now = new Date()): Promise<{ success: boolean; redirectUrl: string | null; message: string | null }> { throw new AppError("INTERNAL", "Not built yet."); }
