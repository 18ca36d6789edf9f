import { adminRouter } from "./admin.ts";
import { authRouter } from "./auth.ts";
import { groupRouter } from "./group.ts";
import { i18nRouter } from "./i18n.ts";
import { referenceRouter } from "./reference.ts";
import { createCallerFactory, router } from "../trpc.ts";

/** Every area's router. Later areas (wizard, estimate, policy, finance, reporting, crm) are added here. */
export const appRouter = router({
  auth: authRouter,
  group: groupRouter,
  admin: adminRouter,
  reference: referenceRouter,
  i18n: i18nRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
