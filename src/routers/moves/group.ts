import { ZGroupHomeResponse, ZPeopleRequest, ZPeopleResponse } from "../../domain/admin/groups/schemas.ts";
import { getGroupHome, listGroupPeople } from "../../services/admin/groups.ts";
import { groupProcedure, router, sync } from "../../trpc.ts";

/** Group-scoped HR and manager pages under /{group}/. */
export const groupRouter = router({
  /** /{group}/home: the group and its people counted by role. */
  home: groupProcedure()
    .output(sync(ZGroupHomeResponse))
    .query(({ ctx }) => getGroupHome(ctx.db, ctx.group, ctx.user)),

  /** The people table on /{group}/home, 25 rows a page. */
  people: groupProcedure()
    .input(sync(ZPeopleRequest))
    .output(sync(ZPeopleResponse))
    .query(({ ctx, input }) => listGroupPeople(ctx.db, ctx.group.id, input, ctx.user)),
});
