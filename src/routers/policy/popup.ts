import {
  ZPopupDisplayRequest,
  ZPopupDisplayResponse,
  ZPopupOrderRequest,
  ZPopupResponse,
  ZPopupServiceRequest,
  ZPopupServicesResponse,
  ZSuccess,
  ZUpdatePopupItemRequest,
  ZUpdatePopupItemResponse,
  ZVersionRequest,
} from "../../domain/policy/benefit-schemas.ts";
import {
  addPopupService,
  createPopup,
  deletePopup,
  getPopup,
  removePopupService,
  reorderPopup,
  setDisplayRelocationAndOngoingBenefits,
  setPopupDisplay,
  updatePopupText,
} from "../../services/policy/popup.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

/** Reads: ADMIN or the version's group's HR (checked by the service); writes: ADMIN on DRAFT versions. */
const readProcedure = roleProcedure("ADMIN", "HR");
const adminProcedure = roleProcedure("ADMIN");

/** The policy popup editor (part 2 §§2, 4, 5, 7, 8). */
export const policyPopupRouter = router({
  get: readProcedure
    .input(sync(ZVersionRequest))
    .output(sync(ZPopupResponse))
    .query(({ ctx, input }) => getPopup(ctx.db, { user: ctx.user, ip: ctx.ip }, input.policyVersionId)),

  /** POST policies/versions/{id}/popup */
  create: adminProcedure
    .input(sync(ZVersionRequest))
    .output(sync(ZSuccess))
    .mutation(({ ctx, input }) => createPopup(ctx.db, { user: ctx.user, ip: ctx.ip }, input.policyVersionId)),

  /** DELETE policies/versions/{id}/popup */
  delete: adminProcedure
    .input(sync(ZVersionRequest))
    .output(sync(ZSuccess))
    .mutation(({ ctx, input }) => deletePopup(ctx.db, { user: ctx.user, ip: ctx.ip }, input.policyVersionId)),

  /** POST /policy/updatePopupDisplay */
  setDisplayed: adminProcedure
    .input(sync(ZPopupDisplayRequest))
    .output(sync(ZPopupDisplayResponse))
    .mutation(({ ctx, input }) => setPopupDisplay(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** POST /policy/updateDisplayRelocationAndOngoingBenefits */
  setDisplayRelocationAndOngoing: adminProcedure
    .input(sync(ZPopupDisplayRequest))
    .output(sync(ZPopupDisplayResponse))
    .mutation(({ ctx, input }) => setDisplayRelocationAndOngoingBenefits(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** POST updatePopUpItem */
  updateText: adminProcedure
    .input(sync(ZUpdatePopupItemRequest))
    .output(sync(ZUpdatePopupItemResponse))
    .mutation(({ ctx, input }) => updatePopupText(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** POST /policy/addServiceItem */
  addService: adminProcedure
    .input(sync(ZPopupServiceRequest))
    .output(sync(ZPopupServicesResponse))
    .mutation(({ ctx, input }) => addPopupService(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** POST /policy/removePopUpService */
  removeService: adminProcedure
    .input(sync(ZPopupServiceRequest))
    .output(sync(ZPopupServicesResponse))
    .mutation(({ ctx, input }) => removePopupService(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** POST /policy/updatePopupOrder */
  reorder: adminProcedure
    .input(sync(ZPopupOrderRequest))
    .output(sync(ZPopupServicesResponse))
    .mutation(({ ctx, input }) => reorderPopup(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),
});
