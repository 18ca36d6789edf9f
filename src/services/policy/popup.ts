/**
 * The policy popup (part 2 §2 "Policy popup editor", §4 "Popup on or off", §5 popup rules, §8):
 * what a relocating employee sees first — a header, top and bottom paragraphs, and per move stage
 * a header, a blurb and the services with their titles and descriptions. ADMIN edits DRAFT
 * versions; HR of the group reads. Shared by the tRPC popup router and the legacy paths.
 */
import type { DB } from "../../db/index.ts";
import { findStageServices } from "../../db/queries/policy/policy.ts";
import {
  deletePopupItem,
  deletePopupRows,
  findPopup,
  findPopupItems,
  findPopupStages,
  findVersionBudgets,
  findVersionContext,
  findVersionServiceBenefits,
  insertEmptyPopup,
  insertPopupItem,
  setPopupDisplayed,
  updatePopup,
  updatePopupItem,
  updatePopupStage,
} from "../../db/queries/policy/benefits.ts";
import { AppError } from "../../domain/errors.ts";
import {
  benefitMessages,
  type TPopupDisplayRequest,
  type TPopupItem,
  type TPopupOrderRequest,
  type TPopupResponse,
  type TPopupServiceRequest,
  type TPopupServicesResponse,
  type TUpdatePopupItemRequest,
} from "../../domain/policy/benefit-schemas.ts";
import { moveStageNames, type PopupTextType } from "../../domain/policy/catalogue.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import { renderPopupText, validatePopupText, withPopupDefaults } from "../../domain/policy/popup.ts";
import { formatMoney } from "../../domain/money/money.ts";
import type { Caller } from "./benefits.ts";
import { versionForCaller } from "./access.ts";
import { auditPolicy, conflictOnDuplicate } from "./common.ts";

/** Placeholder city shown in the editor's preview (the real one comes from the employee's move). */
export const PREVIEW_CITY = "your destination city";

const SERVICE_OFF = 5;

/** The stage exists on the version's policy, else VALIDATION. */
function assertStage(stages: number, stage: number | undefined): number {
  if (stage === undefined || stage < 1 || stage > stages) {
    throw new AppError("VALIDATION", policyMessages.moveStageOutOfRange, { moveStageId: policyMessages.moveStageOutOfRange });
  }
  return stage;
}

async function contextFor(db: DB, versionId: number) {
  const ctx = await findVersionContext(db, versionId);
  if (!ctx) throw new AppError("NOT_FOUND", policyMessages.versionNotFound);
  return ctx;
}

function audit(db: DB, caller: Caller, groupId: number, versionId: number, action: string, values: { old?: unknown; new?: unknown } = {}) {
  return auditPolicy(db, caller, { groupId, entity: "policy_popup", entityId: versionId, action, oldValues: values.old, newValues: values.new });
}

const toItem = (i: Awaited<ReturnType<typeof findPopupItems>>[number], order: number): TPopupItem => ({
  service: i.service_key,
  name: i.service_name,
  title: i.title,
  description: i.description,
  order,
});

async function stageItems(db: DB, versionId: number, stage: number): Promise<TPopupItem[]> {
  return (await findPopupItems(db, versionId, stage)).map((i, n) => toItem(i, n + 1));
}

/** tRPC popup.get: the popup with defaults for empty texts, the services each stage may still add, and a rendered preview. */
export async function getPopup(db: DB, caller: Caller, versionId: number): Promise<TPopupResponse> {
  const version = await versionForCaller(db, caller.user, versionId, "read");
  const ctx = await contextFor(db, version.versionId);
  const popup = await findPopup(db, versionId);
  const names = moveStageNames(ctx.move_stages_count);
  const editable = caller.user.role === "ADMIN" && ctx.status === "DRAFT";
  const base = {
    policyVersionId: versionId,
    displayed: ctx.popup_displayed === 1,
    exists: popup !== undefined,
    editable,
  };
  if (!popup) {
    const defaults = withPopupDefaults({});
    return {
      ...base,
      header: defaults.header,
      paragraphTop: defaults.paragraphTop,
      paragraphBottom: defaults.paragraphBottom,
      displayRelocationAndOngoingBenefits: false,
      popupMoveStages: [],
      preview: null,
    };
  }
  const [stages, items, services, benefits, budgets] = await Promise.all([
    findPopupStages(db, versionId),
    findPopupItems(db, versionId),
    findStageServices(db, versionId),
    findVersionServiceBenefits(db, versionId),
    findVersionBudgets(db, versionId),
  ]);
  const texts = withPopupDefaults({ header: popup.header, paragraphTop: popup.paragraph_top, paragraphBottom: popup.paragraph_bottom });

  const popupMoveStages = names.map((name, index) => {
    const stage = index + 1;
    const row = stages.find((s) => s.move_stage === stage);
    const stageTexts = withPopupDefaults({ blurb: row?.blurb ?? "" });
    const inPopup = items.filter((i) => i.move_stage === stage);
    const keys = new Set(inPopup.map((i) => i.service_key));
    return {
      moveStage: { id: stage, name },
      header: row?.header ?? "",
      moveStageHeader: row?.move_stage_header ?? "",
      blurb: stageTexts.blurb,
      popupItems: inPopup.map((i, n) => toItem(i, n + 1)),
      availableServices: services
        .filter((s) => s.move_stage === stage && s.service_policy_type !== SERVICE_OFF && !keys.has(s.service_key))
        .map((s) => ({ service: s.service_key, name: s.title || s.service_name })),
    };
  });

  // Preview: each item's {budget} and {benefit} come from its service on the version.
  const companyName = ctx.group_display_name;
  const preview = {
    header: renderPopupText(texts.header, { companyName, cityName: PREVIEW_CITY }),
    paragraphTop: renderPopupText(texts.paragraphTop, { companyName, cityName: PREVIEW_CITY }),
    paragraphBottom: renderPopupText(texts.paragraphBottom, { companyName, cityName: PREVIEW_CITY }),
    moveStages: popupMoveStages.map((s) => {
      const blurb = renderPopupText(s.blurb, { companyName, cityName: PREVIEW_CITY });
      return {
        moveStageId: s.moveStage.id,
        name: s.moveStage.name,
        moveStageHeader: renderPopupText(s.moveStageHeader, { companyName, cityName: PREVIEW_CITY, blurb }),
        blurb,
        items: s.popupItems.map((item) => {
          const service = services.find((x) => x.move_stage === s.moveStage.id && x.service_key === item.service);
          const vars = { companyName, cityName: PREVIEW_CITY, blurb, ...serviceVariables(service, benefits, budgets) };
          return { service: item.service, title: renderPopupText(item.title, vars), description: renderPopupText(item.description, vars) };
        }),
      };
    }),
  };

  return {
    ...base,
    header: texts.header,
    paragraphTop: texts.paragraphTop,
    paragraphBottom: texts.paragraphBottom,
    displayRelocationAndOngoingBenefits: popup.display_relocation_and_ongoing_benefits === 1,
    popupMoveStages,
    preview,
  };
}

/** {budget}: the service's amount, else its budget group's budgets; {benefit}: the chosen options. */
function serviceVariables(
  service: Awaited<ReturnType<typeof findStageServices>>[number] | undefined,
  benefits: Awaited<ReturnType<typeof findVersionServiceBenefits>>,
  budgets: Awaited<ReturnType<typeof findVersionBudgets>>,
): { budget: string; benefit: string } {
  if (!service) return { budget: "", benefit: "" };
  const money = (amount: number, currency: string) => formatMoney({ amount, currency });
  const budget =
    service.amount !== null && service.currency
      ? money(service.amount, service.currency)
      : budgets
          .filter((b) => b.move_stage === service.move_stage && b.group_number === service.budget_group)
          .map((b) => money(b.amount, b.currency))
          .join(", ");
  const benefit = benefits
    .filter((b) => b.policy_service_id === service.id)
    .map((b) => b.option_name ?? b.value ?? "")
    .filter((s) => s !== "")
    .join(", ");
  return { budget, benefit };
}

/** POST policies/versions/{id}/popup: an empty popup with one row per move stage (nothing happens when it exists). */
export async function createPopup(db: DB, caller: Caller, versionId: number) {
  const version = await versionForCaller(db, caller.user, versionId, "write");
  const ctx = await contextFor(db, versionId);
  await db.transaction().execute(async (trx) => {
    // Insert … on conflict do nothing: of parallel creates one makes the popup (and its audit row).
    if (await insertEmptyPopup(trx, versionId, ctx.move_stages_count)) await audit(trx, caller, version.groupId, versionId, "policy.popup.create");
  });
  return { success: true as const };
}

/** DELETE policies/versions/{id}/popup: removes the popup with its stages and items. */
export async function deletePopup(db: DB, caller: Caller, versionId: number) {
  const version = await versionForCaller(db, caller.user, versionId, "write");
  await db.transaction().execute(async (trx) => {
    if (await deletePopupRows(trx, versionId)) await audit(trx, caller, version.groupId, versionId, "policy.popup.delete");
  });
  return { success: true as const };
}

/**
 * POST /policy/updatePopupDisplay: sets the policy's popup flag; on creates the empty popup, off
 * deletes it (the screen asks for confirmation first, §4 "Popup on or off").
 */
export async function setPopupDisplay(db: DB, caller: Caller, input: TPopupDisplayRequest) {
  const version = await versionForCaller(db, caller.user, input.policyVersionId, "write");
  const ctx = await contextFor(db, input.policyVersionId);
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await setPopupDisplayed(trx, version.id, input.displayed, at);
    if (input.displayed) await insertEmptyPopup(trx, version.versionId, ctx.move_stages_count);
    else await deletePopupRows(trx, version.versionId);
    await audit(trx, caller, version.groupId, version.versionId, "policy.popup.display", {
      old: { displayed: ctx.popup_displayed === 1 },
      new: { displayed: input.displayed },
    });
  });
  return { success: true as const, displayed: input.displayed };
}

/** POST /policy/updateDisplayRelocationAndOngoingBenefits (creates the empty popup when there is none). */
export async function setDisplayRelocationAndOngoingBenefits(db: DB, caller: Caller, input: TPopupDisplayRequest) {
  const version = await versionForCaller(db, caller.user, input.policyVersionId, "write");
  const ctx = await contextFor(db, input.policyVersionId);
  await db.transaction().execute(async (trx) => {
    await insertEmptyPopup(trx, version.versionId, ctx.move_stages_count);
    await updatePopup(trx, version.versionId, { display_relocation_and_ongoing_benefits: input.displayed ? 1 : 0 });
    await audit(trx, caller, version.groupId, version.versionId, "policy.popup.displayRelocationAndOngoing", { new: { displayed: input.displayed } });
  });
  return { success: true as const, displayed: input.displayed };
}

/** The spec's "X" in "Invalid variable for X: …". */
const FIELD_LABELS: Record<PopupTextType, string> = {
  HEADER: "header",
  PARAGRAPH_TOP: "top paragraph",
  PARAGRAPH_BOTTOM: "bottom paragraph",
  MOVE_STAGE_HEADER: "move stage header",
  BLURB: "blurb",
  TITLE: "title",
  DESCRIPTION: "description",
};

/**
 * POST updatePopUpItem: one text of the popup (HEADER, PARAGRAPH_TOP, PARAGRAPH_BOTTOM), of a
 * move stage (MOVE_STAGE_HEADER, BLURB) or of a stage's service item (TITLE, DESCRIPTION). The text
 * is stripped of HTML; an unknown variable or a {benefit} that is not last saves nothing.
 */
export async function updatePopupText(db: DB, caller: Caller, input: TUpdatePopupItemRequest) {
  const version = await versionForCaller(db, caller.user, input.policyVersionId, "write");
  const checked = validatePopupText(FIELD_LABELS[input.type], input.text);
  if (!checked.ok) throw new AppError("VALIDATION", checked.message, { text: checked.message });
  const text = checked.text.trim();
  const ctx = await contextFor(db, version.versionId);
  if (!(await findPopup(db, version.versionId))) throw new AppError("CONFLICT", benefitMessages.popupMissing);

  await db.transaction().execute(async (trx) => {
    switch (input.type) {
      case "HEADER":
        await updatePopup(trx, version.versionId, { header: text });
        break;
      case "PARAGRAPH_TOP":
        await updatePopup(trx, version.versionId, { paragraph_top: text });
        break;
      case "PARAGRAPH_BOTTOM":
        await updatePopup(trx, version.versionId, { paragraph_bottom: text });
        break;
      case "MOVE_STAGE_HEADER":
      case "BLURB": {
        const stage = assertStage(ctx.move_stages_count, input.moveStageId);
        await updatePopupStage(trx, version.versionId, stage, input.type === "BLURB" ? { blurb: text } : { move_stage_header: text });
        break;
      }
      case "TITLE":
      case "DESCRIPTION": {
        const stage = assertStage(ctx.move_stages_count, input.moveStageId);
        if (!input.service) throw new AppError("VALIDATION", policyMessages.selectService, { service: policyMessages.selectService });
        const item = (await findPopupItems(trx, version.versionId, stage)).find((i) => i.service_key === input.service);
        if (!item) throw new AppError("NOT_FOUND", policyMessages.serviceNotFound);
        await updatePopupItem(trx, item.id, input.type === "TITLE" ? { title: text } : { description: text });
        break;
      }
    }
    await audit(trx, caller, version.groupId, version.versionId, "policy.popup.updateText", {
      new: { type: input.type, moveStageId: input.moveStageId ?? null, service: input.service ?? null, text },
    });
  });
  return { success: true as const, type: input.type, text };
}

/** POST /policy/addServiceItem: adds a service of the stage to the popup; answers the stage's items. */
export async function addPopupService(db: DB, caller: Caller, input: TPopupServiceRequest): Promise<TPopupServicesResponse> {
  if (input.service === "") throw new AppError("VALIDATION", policyMessages.selectService, { service: policyMessages.selectService });
  const version = await versionForCaller(db, caller.user, input.policyVersionId, "write");
  const ctx = await contextFor(db, version.versionId);
  const stage = assertStage(ctx.move_stages_count, input.moveStageId);
  if (!(await findPopup(db, version.versionId))) throw new AppError("CONFLICT", benefitMessages.popupMissing);
  const service = (await findStageServices(db, version.versionId, stage)).find((s) => s.service_key === input.service);
  if (!service || service.service_policy_type === SERVICE_OFF) {
    throw new AppError("VALIDATION", benefitMessages.serviceNotOnStage, { service: benefitMessages.serviceNotOnStage });
  }
  if ((await findPopupItems(db, version.versionId, stage)).some((i) => i.service_key === input.service)) {
    throw new AppError("CONFLICT", benefitMessages.serviceAlreadyInPopup);
  }
  // Two simultaneous adds: the unique index decides, the loser gets the same CONFLICT.
  return conflictOnDuplicate(benefitMessages.serviceAlreadyInPopup, () => db.transaction().execute(async (trx) => {
    await insertPopupItem(trx, { versionId: version.versionId, stage, serviceKey: service.service_key, title: service.title || service.service_name });
    await audit(trx, caller, version.groupId, version.versionId, "policy.popup.addService", { new: { moveStageId: stage, service: service.service_key } });
    return { success: true as const, services: await stageItems(trx, version.versionId, stage) };
  }));
}

/** POST /policy/removePopUpService: removes the service's item from the stage; answers the stage's items. */
export async function removePopupService(db: DB, caller: Caller, input: TPopupServiceRequest): Promise<TPopupServicesResponse> {
  if (input.service === "") throw new AppError("VALIDATION", policyMessages.selectService, { service: policyMessages.selectService });
  const version = await versionForCaller(db, caller.user, input.policyVersionId, "write");
  const ctx = await contextFor(db, version.versionId);
  const stage = assertStage(ctx.move_stages_count, input.moveStageId);
  const item = (await findPopupItems(db, version.versionId, stage)).find((i) => i.service_key === input.service);
  if (!item) throw new AppError("NOT_FOUND", policyMessages.unableToRemoveFromPopup);
  return db.transaction().execute(async (trx) => {
    await deletePopupItem(trx, item.id);
    await audit(trx, caller, version.groupId, version.versionId, "policy.popup.removeService", {
      old: { moveStageId: stage, service: item.service_key, title: item.title, description: item.description },
    });
    return { success: true as const, services: await stageItems(trx, version.versionId, stage) };
  });
}

/**
 * POST /policy/updatePopupOrder: the listed services first, in that order; items not listed keep
 * their relative order after them. An unknown or repeated service refuses the whole change.
 */
export async function reorderPopup(db: DB, caller: Caller, input: TPopupOrderRequest): Promise<TPopupServicesResponse> {
  const version = await versionForCaller(db, caller.user, input.policyVersionId, "write");
  const ctx = await contextFor(db, version.versionId);
  const stage = assertStage(ctx.move_stages_count, input.moveStageId);
  const items = await findPopupItems(db, version.versionId, stage);
  const known = new Set(items.map((i) => i.service_key));
  if (new Set(input.services).size !== input.services.length || input.services.some((s) => !known.has(s))) {
    throw new AppError("VALIDATION", policyMessages.unableToReorderPopup, { services: policyMessages.unableToReorderPopup });
  }
  const ordered = [
    ...input.services.map((key) => items.find((i) => i.service_key === key)!),
    ...items.filter((i) => !input.services.includes(i.service_key)),
  ];
  return db.transaction().execute(async (trx) => {
    for (const [n, item] of ordered.entries()) await updatePopupItem(trx, item.id, { sort_order: n + 1 });
    await audit(trx, caller, version.groupId, version.versionId, "policy.popup.reorder", {
      old: items.map((i) => i.service_key),
      new: { moveStageId: stage, services: ordered.map((i) => i.service_key) },
    });
    return { success: true as const, services: await stageItems(trx, version.versionId, stage) };
  });
}
