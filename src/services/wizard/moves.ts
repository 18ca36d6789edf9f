// SKELETON (lead): helper A replaces the body.
import type { DB } from "../../db/index.ts";
import type { GroupRef } from "../../db/schema.ts";
import { AppError } from "../../domain/errors.ts";
import type { TMovesRequest, TMovesResponse } from "../../domain/wizard/schemas.ts";

export async function listMoves(db: DB, group: GroupRef, input: TMovesRequest): Promise<TMovesResponse> { throw new AppError("INTERNAL", "Not built yet."); }
