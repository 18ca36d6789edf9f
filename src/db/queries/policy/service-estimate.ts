import type { DB } from "../../index.ts";
import { STAGE_SERVICE_COLUMNS } from "../moves/wizard.ts";

/** One move-stage service of a policy version (any policy type) with its catalogue name, or undefined. */
export function findVersionStageService(db: DB, versionId: number, moveStage: number, serviceKey: string) {
  return db
    .selectFrom("policy_services as ps")
    .innerJoin("services as s", "s.key", "ps.service_key")
    .select(STAGE_SERVICE_COLUMNS)
    .where("ps.policy_version_id", "=", versionId)
    .where("ps.move_stage", "=", moveStage)
    .where("ps.service_key", "=", serviceKey)
    .executeTakeFirst();
}

/** The policy's estimate type. */
export async function findPolicyEstimateType(db: DB, policyId: number) {
  const row = await db.selectFrom("policies").select("estimate_type").where("id", "=", policyId).executeTakeFirst();
  return row?.estimate_type ?? null;
}
