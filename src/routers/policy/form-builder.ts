/** The form builder (part 2 §2, §3, §5, §7 formBuilder/*): ADMIN only. Same service functions as src/routers/policy/legacy/form-builder.ts. */
import {
  ZFormBuilderGroupsResponse,
  ZFormResult,
  ZGroupFormRequest,
  ZGroupFormResponse,
  ZNewFieldRequest,
  ZSubmitFormRequest,
  ZValidatorsFormResponse,
} from "../../domain/policy/forms/schemas.ts";
import { formBuilderGroups, groupForm, newField, submitForm, validatorsForm } from "../../services/policy/forms/builder.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

const adminProcedure = roleProcedure("ADMIN");

export const formBuilderRouter = router({
  groups: adminProcedure.output(sync(ZFormBuilderGroupsResponse)).query(({ ctx }) => formBuilderGroups(ctx.db)),
  groupForm: adminProcedure
    .input(sync(ZGroupFormRequest))
    .output(sync(ZGroupFormResponse))
    .query(({ ctx, input }) => groupForm(ctx.db, input.groupName)),
  validatorsForm: adminProcedure.output(sync(ZValidatorsFormResponse)).query(() => validatorsForm()),
  submitForm: adminProcedure
    .input(sync(ZSubmitFormRequest))
    .output(sync(ZFormResult))
    .mutation(({ ctx, input }) => submitForm(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),
  newField: adminProcedure
    .input(sync(ZNewFieldRequest))
    .output(sync(ZFormResult))
    .mutation(({ ctx, input }) => newField(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),
});
