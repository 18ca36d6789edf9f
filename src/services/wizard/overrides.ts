// SKELETON (lead): helper B replaces every body. Signatures are the contract used by the routers.
import type { z } from "zod";
import type { DB } from "../../db/index.ts";
import type { MoveWithPolicy } from "../../db/queries/moves.ts";
import { AppError } from "../../domain/errors.ts";
import type {
  TEmployeePolicyServiceBenefitsResponse,
  TPolicyOverridesResponse,
  TStorePolicyOverridesRequest,
  TStorePolicyOverridesResponse,
  ZEmployeePolicyServiceBenefitsRequest,
} from "../../domain/wizard/override-schemas.ts";
import type { SessionUser } from "../auth.ts";
import type { WizardActor } from "./types.ts";

export async function policyOverrides(db: DB, user: SessionUser, move: MoveWithPolicy): Promise<TPolicyOverridesResponse> { throw new AppError("INTERNAL", "Not built yet."); }
export async function employeePolicyServiceBenefits(db: DB, user: SessionUser, input: z.infer<typeof ZEmployeePolicyServiceBenefitsRequest>): Promise<TEmployeePolicyServiceBenefitsResponse> { throw new AppError("INTERNAL", "Not built yet."); }
export async function storePolicyOverrides(db: DB, actor: WizardActor, move: MoveWithPolicy, input: TStorePolicyOverridesRequest, now = new Date()): Promise<TStorePolicyOverridesResponse> { throw new AppError("INTERNAL", "Not built yet."); }
