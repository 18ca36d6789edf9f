// SKELETON (lead): helper B replaces every body. Signatures are the contract used by the routers.
import type { z } from "zod";
import type { DB } from "../../db/index.ts";
import { AppError } from "../../domain/errors.ts";
import type {
  TFormResult,
  TGroupFormResponse,
  TNewFieldRequest,
  TSubmitFormRequest,
  ZFormBuilderGroupsResponse,
  ZValidatorsFormResponse,
} from "../../domain/forms/schemas.ts";
import type { WizardActor } from "../wizard/types.ts";

export async function formBuilderGroups(db: DB): Promise<z.infer<typeof ZFormBuilderGroupsResponse>> { throw new AppError("INTERNAL", "Not built yet."); }
export async function groupForm(db: DB, groupName: string): Promise<TGroupFormResponse> { throw new AppError("INTERNAL", "Not built yet."); }
export function validatorsForm(): z.infer<typeof ZValidatorsFormResponse> { throw new AppError("INTERNAL", "Not built yet."); }
export async function submitForm(db: DB, actor: WizardActor, input: TSubmitFormRequest, now = new Date()): Promise<TFormResult> { throw new AppError("INTERNAL", "Not built yet."); }
export async function newField(db: DB, actor: WizardActor, input: TNewFieldRequest, now = new Date()): Promise<TFormResult> { throw new AppError("INTERNAL", "Not built yet."); }
