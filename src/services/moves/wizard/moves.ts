/** HR home: the group's moves (search, status filter, sort by column both ways, pages of MOVES_PAGE_SIZE). */
import type { DB } from "../../../db/index.ts";
import type { GroupRef } from "../../../db/schema.ts";
import type { Role } from "../../../domain/roles.ts";
import { restrictionScopeOf } from "../../../db/queries/restrictions.ts";
import { countGroupMoves, findGroupMoves, type MoveListParams } from "../../../db/queries/moves/moves.ts";
import { MOVES_PAGE_SIZE, type TMovesRequest, type TMovesResponse } from "../../../domain/moves/wizard/schemas.ts";
import { stateNameIn, stateNamesOf } from "../../../db/queries/admin/countries.ts";
import { placeText } from "./initiation-rules.ts";
import { wizardStepOf } from "../../../domain/moves/wizard/navigation.ts";

export async function listMoves(db: DB, group: GroupRef, input: TMovesRequest, caller: { id: number; role: Role }): Promise<TMovesResponse> {
  const params: MoveListParams = {
    groupId: group.id,
    scope: await restrictionScopeOf(db, caller),
    status: input.status,
    q: input.q && input.q !== "" ? input.q : undefined,
    sort: input.sort,
    dir: input.dir,
    limit: MOVES_PAGE_SIZE,
    offset: input.page * MOVES_PAGE_SIZE,
  };
  const [rows, total, states] = await Promise.all([findGroupMoves(db, params), countGroupMoves(db, params), stateNamesOf(db)]);
  return {
    rows: rows.map((r) => ({
      moveId: r.id,
      employeeId: r.employee_user_id,
      employeeName: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      policyName: r.policy_name,
      policyVersionId: r.policy_version_id,
      origin: placeText(r.origin_city_name, stateNameIn(states, r.origin_country_code, r.origin_state), r.origin_country),
      destination: placeText(r.destination_city_name, stateNameIn(states, r.destination_country_code, r.destination_state), r.destination_country),
      moveDate: r.move_date,
      status: r.status,
      currentMoveStage: r.current_move_stage,
      moveStagesCount: r.move_stages_count,
      wizardStage: r.wizard_stage,
      wizardStep: wizardStepOf({ estimateType: r.estimate_type, cityGuideOnly: r.city_guide_only === 1 }, r.wizard_stage),
      updatedAt: r.updated_at,
      costEstimateId: r.cost_estimate_id ?? null,
      externalImport: r.import_row_id !== null && r.import_row_id !== undefined,
    })),
    total,
    page: input.page,
    pageSize: MOVES_PAGE_SIZE,
  };
}
