import type { DB } from "../db/index.ts";
import { AppError } from "../domain/errors.ts";
import { activationMessages } from "../domain/activation/messages.ts";
import { TERMS_VERSION, userTypeFor } from "../domain/activation/rules.ts";
import type { TAcceptTermsResponse, TTermsResponse } from "../domain/activation/schemas.ts";
import { homePathFor } from "../domain/roles.ts";
import { findAccountUser } from "../db/queries/activation.ts";
import { insertAudit } from "../db/queries/audit.ts";
import type { SessionUser } from "./auth.ts";

/** The terms page: the current version and whether (and when) the user accepted it. */
export async function getTermsStatus(db: DB, user: SessionUser): Promise<TTermsResponse> {
  const row = await findAccountUser(db, user.id);
  return {
    version: TERMS_VERSION,
    accepted: row?.terms_accepted_at != null,
    acceptedAt: row?.terms_accepted_at ?? null,
    acceptedVersion: row?.terms_version ?? null,
    userType: userTypeFor(user.role),
  };
}

/**
 * POST /user/terms-and-conditions: records the acceptance time and version with an audit row
 * (once: accepting terms already accepted answers the same and writes nothing).
 * An unticked box is a form error (VALIDATION with the spec's signup failure text and `accept`).
 */
export async function acceptTerms(
  db: DB,
  user: SessionUser,
  accept: boolean,
  ip: string | null,
  now = new Date(),
): Promise<TAcceptTermsResponse> {
  if (!accept) throw new AppError("VALIDATION", activationMessages.signupFailed, { accept: activationMessages.termsRequired });
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // Conditional: only an acceptance that is missing (or of an older version) is recorded, so a
    // repeated or parallel acceptance changes nothing and writes no second audit row.
    const changed = await trx
      .updateTable("users")
      .set({ terms_accepted_at: at, terms_version: TERMS_VERSION, updated_at: at })
      .where("id", "=", user.id)
      .where((eb) => eb.or([eb("terms_accepted_at", "is", null), eb("terms_version", "is", null), eb("terms_version", "<>", TERMS_VERSION)]))
      .returning("id")
      .execute();
    if (changed.length === 0) return;
    await insertAudit(trx, {
      at,
      actorUserId: user.id,
      groupId: user.groupId,
      entity: "user",
      entityId: user.id,
      action: "accept-terms",
      newValues: { termsVersion: TERMS_VERSION },
      ip,
    });
  });
  return { success: true, redirectUrl: homePathFor(user), errors: null, message: null };
}
