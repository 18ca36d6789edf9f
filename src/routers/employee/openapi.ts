/** The OpenAPI descriptions of the employee room's documented paths (one list per area file in ./legacy/), for src/server/openapi.ts. */
import type { Operation } from "../../server/openapi-types.ts";
import { budgetOperations } from "./legacy/budgets.openapi.ts";
import { fileOperations } from "./legacy/files.openapi.ts";
import { moveHubOperations } from "./legacy/movehub.openapi.ts";
import { overviewOperations } from "./legacy/overview.openapi.ts";
import { preferenceOperations } from "./legacy/preferences.openapi.ts";
import { socialOperations } from "./legacy/social.openapi.ts";
import { welcomeOperations } from "./legacy/welcome.openapi.ts";
import { widgetOperations } from "./legacy/widgets.openapi.ts";

export const employeePaths: Operation[] = [
  ...budgetOperations,
  ...fileOperations,
  ...moveHubOperations,
  ...overviewOperations,
  ...preferenceOperations,
  ...socialOperations,
  ...welcomeOperations,
  ...widgetOperations,
];
