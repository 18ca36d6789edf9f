import { ZAdminGroupsResponse, ZSetGroupStatusRequest, ZSetGroupStatusResponse } from "../../domain/admin/groups/schemas.ts";
import { listGroupsForStaff, setGroupStatus } from "../../services/admin/groups.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

export const adminRouter = router({
  groups: router({
    /** Platform admin home and staff homes: every client group with its size. */
    list: roleProcedure("ADMIN", "FINANCE", "CRM").output(sync(ZAdminGroupsResponse)).query(({ ctx }) => listGroupsForStaff(ctx.db)),

    /** POST /admin/groups/setGroupStatus: ACTIVE or SUSPENDED. */
    setStatus: roleProcedure("ADMIN")
      .input(sync(ZSetGroupStatusRequest))
      .output(sync(ZSetGroupStatusResponse))
      .mutation(({ ctx, input }) => setGroupStatus(ctx.db, { id: ctx.user.id, ip: ctx.ip }, input.groupId, input.status)),
  }),
});
