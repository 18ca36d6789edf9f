// SKELETON (lead): helper A fills this list.
import type { Operation } from "../../server/openapi.ts";

export const wizardOperations: Operation[] = [];
