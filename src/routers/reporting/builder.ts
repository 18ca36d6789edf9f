/**
 * The reporting room: the custom report builder (issue 26 "Custom report builder"; part 2 §2 report edit, save-report
 * and clone popups, permissions page, fields-edit page; §3; §5; §6). Procedures over src/services/reporting/builder.ts;
 * the documented paths are in ./legacy/builder.ts. HR of the group and admins (any group they name); the builder's
 * reads (fields, a saved report, the preview) also for nobody else: managers read reports through the library.
 */
import { z } from "zod";
import {
  ZBuilderReport,
  ZCloneReportRequest,
  ZDeleteReportRequest,
  ZOkResponse,
  ZPermissionDataResponse,
  ZPreviewRequest,
  ZPreviewResponse,
  ZSaveFieldsOverridesRequest,
  ZSavePermissionsRequest,
  ZSaveReportRequest,
  ZSaveReportResponse,
  ZStandardFieldsResponse,
} from "../../domain/reporting/builder-schemas.ts";
import type { SessionUser } from "../../services/identity/auth.ts";
import {
  builderReport,
  cloneReport,
  deleteReport,
  permissionData,
  previewDefinition,
  saveFieldOverrides,
  savePermissions,
  saveReport,
  type BuilderActor,
} from "../../services/reporting/builder.ts";
import { standardFields } from "../../services/reporting/builder-fields.ts";
import { groupProcedure, router, sync } from "../../trpc.ts";

const builder = groupProcedure("HR", "ADMIN");
const actor = (ctx: { user: SessionUser; ip: string | null }): BuilderActor => ({ id: ctx.user.id, role: ctx.user.role, groupId: ctx.user.groupId, groupName: ctx.user.groupName, ip: ctx.ip });
const groupOf = (ctx: { group: { id: number; name: string } }) => ({ id: ctx.group.id, name: ctx.group.name });

export const reportBuilderRouter = router({
  /** GET /reporting/getStandardFields: every subject's fields with the group's overrides. */
  fields: builder.output(sync(ZStandardFieldsResponse)).query(({ ctx }) => standardFields(ctx.db, ctx.group.id)),
  /** The edit page's saved report. */
  get: builder
    .input(sync(z.object({ reportId: ZDeleteReportRequest.shape.reportId })))
    .output(sync(ZBuilderReport))
    .query(({ ctx, input }) => builderReport(ctx.db, groupOf(ctx), input.reportId)),
  /** The live preview of an unsaved definition (first rows, as the caller would read them). */
  preview: builder
    .input(sync(ZPreviewRequest))
    .output(sync(ZPreviewResponse))
    .query(({ ctx, input }) => previewDefinition(ctx.db, actor(ctx), groupOf(ctx), input.definition)),
  /** POST /reporting/save-report. */
  save: builder
    .input(sync(ZSaveReportRequest.omit({ groupName: true })))
    .output(sync(ZSaveReportResponse))
    .mutation(({ ctx, input }) => saveReport(ctx.db, actor(ctx), groupOf(ctx), input)),
  /** POST /reporting/reporting-clone. */
  clone: builder
    .input(sync(ZCloneReportRequest.omit({ groupName: true })))
    .output(sync(ZSaveReportResponse))
    .mutation(({ ctx, input }) => cloneReport(ctx.db, actor(ctx), groupOf(ctx), input)),
  /** POST /{group}/report/delete-report (HR: own reports) and, for admins, any custom report of the group. */
  delete: builder
    .input(sync(ZDeleteReportRequest))
    .output(sync(ZOkResponse))
    .mutation(({ ctx, input }) => deleteReport(ctx.db, actor(ctx), input.reportId, groupOf(ctx))),
  /** GET /reporting/getChartPermissionData. */
  permissions: builder.output(sync(ZPermissionDataResponse)).query(({ ctx }) => permissionData(ctx.db, actor(ctx), groupOf(ctx))),
  /** POST /reporting/savePermissions. */
  savePermissions: builder
    .input(sync(ZSavePermissionsRequest.omit({ groupName: true })))
    .output(sync(ZOkResponse))
    .mutation(({ ctx, input }) => savePermissions(ctx.db, actor(ctx), groupOf(ctx), input)),
  /** POST /reporting/saveFieldsOverrides. */
  saveFields: builder
    .input(sync(ZSaveFieldsOverridesRequest.omit({ groupName: true })))
    .output(sync(ZOkResponse))
    .mutation(({ ctx, input }) => saveFieldOverrides(ctx.db, actor(ctx), groupOf(ctx), input)),
});
