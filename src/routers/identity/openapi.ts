/** The OpenAPI descriptions of the identity room's documented paths (one list per area file in ./legacy/), for src/server/openapi.ts. */
import type { Operation } from "../../server/openapi-types.ts";
import { accountOperations } from "./legacy/account.openapi.ts";
import { authOperations } from "./legacy/auth.openapi.ts";
import { recoveryOperations } from "./legacy/recovery.openapi.ts";

export const identityPaths: Operation[] = [
  ...accountOperations,
  ...authOperations,
  ...recoveryOperations,
];
