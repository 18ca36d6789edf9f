/**
 * The employee area's own procedures (issue 14 "Employee home"). `employee.home` is tRPC only: the spec
 * has no documented path for the home's data. EMPLOYEE only; it reads the caller's own move.
 */
import { ZEmployeeHomeResponse } from "../../domain/employee/schemas.ts";
import { employeeHome } from "../../services/employee/home.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

export const employeeRouter = router({
  /** The home at "/": move at a glance, next tasks, budgets, recent expenses, files. Writes nothing. */
  home: roleProcedure("EMPLOYEE")
    .output(sync(ZEmployeeHomeResponse))
    .query(({ ctx }) => employeeHome(ctx, ctx.user)),
});
