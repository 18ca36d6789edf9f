// SKELETON (lead): helper A replaces every body. Signatures are the contract used by the routers.
import type { DB } from "../../db/index.ts";
import type { GroupRef } from "../../db/schema.ts";
import type { MoveWithPolicy } from "../../db/queries/moves.ts";
import { AppError } from "../../domain/errors.ts";
import type { z } from "zod";
import type {
  TCountriesStatesResponse,
  TCreateNewEmployeeRequest,
  TCreateNewEmployeeResponse,
  TInitiationFormResponse,
  TPolicySelectFormResponse,
  TPrefillResponse,
  ZInitiationFormRequest,
  ZPolicySelectFormRequest,
  ZPrefillRequest,
  ZSplashRequest,
  ZSplashResponse,
} from "../../domain/wizard/schemas.ts";
import type { SessionUser } from "../auth.ts";
import type { WizardActor } from "./types.ts";

export async function policySelectForm(db: DB, user: SessionUser, group: GroupRef, input: z.infer<typeof ZPolicySelectFormRequest>): Promise<TPolicySelectFormResponse> { throw new AppError("INTERNAL", "Not built yet."); }
export async function initiationForm(db: DB, user: SessionUser, group: GroupRef, input: z.infer<typeof ZInitiationFormRequest>): Promise<TInitiationFormResponse> { throw new AppError("INTERNAL", "Not built yet."); }
export async function countriesStates(db: DB): Promise<TCountriesStatesResponse> { throw new AppError("INTERNAL", "Not built yet."); }
export async function createNewEmployee(db: DB, actor: WizardActor, group: GroupRef, input: TCreateNewEmployeeRequest, now = new Date()): Promise<TCreateNewEmployeeResponse> { throw new AppError("INTERNAL", "Not built yet."); }
export async function cancelNewEmployee(db: DB, actor: WizardActor, move: MoveWithPolicy, now = new Date()): Promise<{ success: boolean; message: string | null }> { throw new AppError("INTERNAL", "Not built yet."); }
export async function prefill(db: DB, user: SessionUser, input: z.infer<typeof ZPrefillRequest>): Promise<TPrefillResponse> { throw new AppError("INTERNAL", "Not built yet."); }
export async function splash(db: DB, user: SessionUser, input: z.infer<typeof ZSplashRequest>): Promise<z.infer<typeof ZSplashResponse>> { throw new AppError("INTERNAL", "Not built yet."); }
