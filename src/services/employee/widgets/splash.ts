/**
 * Splash viewed (spec refs in src/domain/employee/widgets/splash.ts): widgets.splashViewed and PUT /splash/{id}/viewed.
 * A user may mark a splash they can see: a global one or their own group's (ADMIN any); any other id is
 * NOT_FOUND with the §8 splash text, so ids of other groups' splashes cannot be probed. The first view is
 * kept (insert … on conflict do nothing), so repeated and parallel calls have one effect.
 */
import type { DB } from "../../../db/index.ts";
import { AppError } from "../../../domain/errors.ts";
import type { TSplashViewedRequest, TSplashViewedResponse } from "../../../domain/employee/widgets/splash.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import type { SessionUser } from "../../identity/auth.ts";

export async function markSplashViewed(db: DB, user: SessionUser, input: TSplashViewedRequest, now = new Date()): Promise<TSplashViewedResponse> {
  const splash = await db.selectFrom("splash_contents").select(["id", "group_id"]).where("id", "=", input.id).executeTakeFirst();
  const visible = splash !== undefined && (splash.group_id === null || splash.group_id === user.groupId || user.role === "ADMIN");
  if (!visible) throw new AppError("NOT_FOUND", wizardMessages.splashFailure);
  await db
    .insertInto("splash_views")
    .values({ user_id: user.id, splash_id: input.id, viewed_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "splash_id"]).doNothing())
    .execute();
  const row = await db.selectFrom("splash_views").select("viewed_at").where("user_id", "=", user.id).where("splash_id", "=", input.id).executeTakeFirstOrThrow();
  return { success: true, splashId: input.id, viewedAt: row.viewed_at };
}
