// SKELETON (lead): helper B fills this list.
import type { Operation } from "../../server/openapi.ts";

export const wizardOverrideOperations: Operation[] = [];
