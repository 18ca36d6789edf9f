/** The OpenAPI descriptions of the admin room's documented paths (one list per area file in ./legacy/), for src/server/openapi.ts. */
import type { Operation } from "../../server/openapi-types.ts";
import { adminAccountOperations } from "./legacy/accounts.openapi.ts";
import { adminGroupOperations } from "./legacy/admin.openapi.ts";
import { hrSettingsOperations } from "./legacy/hr-settings.openapi.ts";

export const adminPaths: Operation[] = [
  ...adminAccountOperations,
  ...adminGroupOperations,
  ...hrSettingsOperations,
];
