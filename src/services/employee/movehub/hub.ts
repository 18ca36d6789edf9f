/**
 * The move hub (issue 14; part 1 §2, §3, §4, §7): the one set of functions both the tRPC router
 * (src/routers/employee/movehub.ts) and the documented paths (src/routers/employee/legacy/movehub.ts) call.
 *
 * - Reads never write. The generated tasks are materialised by `prepareHub` (a mutation the page calls
 *   when the view says `prepared: false`, and the demo seed): insert … on conflict (move_id, source_key)
 *   do nothing under the move's row lock, so parallel first loads create one set.
 * - Every write runs in one transaction that first locks the move row (`lockRow`, one lock order: the
 *   move only), so parallel reorders and toggles queue and each sees the previous one's orders.
 * - Every change by a user (DONE, DATE, ORDER, custom add, edit, delete) writes its audit row (entity
 *   "move_hub_item", the actor, the old and new values, the move) in the same transaction; a call that
 *   changes nothing (a repeated toggle) writes none.
 */
import type { Config } from "../../../config.ts";
import type { DB } from "../../../db/index.ts";
import { lockRow } from "../../../db/locks.ts";
import { insertAudit } from "../../../db/queries/audit.ts";
import { AppError } from "../../../domain/errors.ts";
import { moveHubMessages } from "../../../domain/employee/movehub/messages.ts";
import { closeGap, completeStatusOf, dayOf, generateTasks, moveTask, sectionStatusOf, type HubService } from "../../../domain/employee/movehub/rules.ts";
import type {
  TDeleteItemRequest,
  TMoveHubItem,
  TMoveHubView,
  TSaveItemRequest,
  TSendMessageRequest,
  TSendMessageResponse,
  TUpdateStatusRequest,
} from "../../../domain/employee/movehub/schemas.ts";
import { moveStageNames } from "../../../domain/policy/catalogue.ts";
import type { SessionUser } from "../../identity/auth.ts";
import type { Mailer } from "../../mail.ts";
import { assertEditable, hubMoveForCaller, hubMoveOfItem, type HubMove } from "./access.ts";

export type HubDeps = { db: DB; now?: () => Date };

const nowOf = (deps: HubDeps) => (deps.now ? deps.now() : new Date());

/** The audit row of one hub change, inside its transaction. */
function auditHub(
  trx: DB,
  user: SessionUser,
  move: HubMove,
  e: { at: string; itemId: number; action: string; oldValues?: Record<string, unknown>; newValues?: Record<string, unknown> },
): Promise<void> {
  return insertAudit(trx, {
    at: e.at,
    actorUserId: user.id,
    groupId: move.groupId,
    entity: "move_hub_item",
    entityId: e.itemId,
    action: e.action,
    oldValues: e.oldValues === undefined ? undefined : { moveId: move.id, ...e.oldValues },
    newValues: e.newValues === undefined ? undefined : { moveId: move.id, ...e.newValues },
  });
}

type AuditedItem = { title: string; dd_text: string; section: number; sort_order: number; due_date: string | null; is_done: number };
const itemValues = (r: AuditedItem) => ({ title: r.title, ddText: r.dd_text, section: r.section, order: r.sort_order, dueDate: r.due_date, isDone: r.is_done === 1 });
const readItem = (trx: DB, moveId: number, itemId: number) =>
  trx
    .selectFrom("move_hub_items")
    .select(["title", "dd_text", "section", "sort_order", "due_date", "is_done", "done_at", "kind"])
    .where("id", "=", itemId)
    .where("move_id", "=", moveId)
    .executeTakeFirst();

/** The services of the move's version, with the move's stage-3 selection, as generation reads them. */
async function hubServices(db: DB, move: HubMove): Promise<HubService[]> {
  const rows = await db
    .selectFrom("policy_services as ps")
    .innerJoin("services as s", "s.key", "ps.service_key")
    .leftJoin("move_service_overrides as o", (j) =>
      j.on("o.move_id", "=", move.id).onRef("o.move_stage", "=", "ps.move_stage").onRef("o.service_key", "=", "ps.service_key"),
    )
    .select(["ps.move_stage", "ps.service_key", "ps.title", "s.name", "ps.note", "s.description", "ps.service_policy_type", "ps.move_hub", "ps.sort_order", "o.selected"])
    .where("ps.policy_version_id", "=", move.policyVersionId)
    .execute();
  return rows.map((r) => ({
    moveStage: r.move_stage,
    serviceKey: r.service_key,
    title: r.title?.trim() || r.name,
    description: r.note?.trim() || r.description,
    policyType: r.service_policy_type,
    moveHub: r.move_hub === 1,
    selected: r.selected === null || r.selected === undefined ? true : r.selected === 1,
    sortOrder: r.sort_order,
  }));
}

function generated(move: HubMove, services: HubService[]) {
  return generateTasks(services, move.stageCount, {
    moveDate: move.moveDate,
    assignmentStartDate: move.assignmentStartDate,
    assignmentEndDate: move.assignmentEndDate,
  });
}

type ItemRow = {
  id: number;
  kind: "SERVICE" | "CUSTOM";
  service_key: string | null;
  move_hub: number;
  title: string;
  dd_text: string;
  section: number;
  sort_order: number;
  due_date: string | null;
  is_done: number;
  done_at: string | null;
};

function itemsOf(db: DB, moveId: number): Promise<ItemRow[]> {
  return db
    .selectFrom("move_hub_items")
    .select(["id", "kind", "service_key", "move_hub", "title", "dd_text", "section", "sort_order", "due_date", "is_done", "done_at"])
    .where("move_id", "=", moveId)
    .orderBy("section")
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
}

function personName(p: { first_name: string; last_name: string } | undefined): string | null {
  return p ? `${p.first_name} ${p.last_name}`.trim() : null;
}

/** The consultant the message form writes to: who initiated the move, else the group's first HR user. */
export async function consultantOf(db: DB, move: HubMove) {
  const select = ["id", "email", "first_name", "last_name"] as const;
  if (move.consultantUserId !== null) {
    const own = await db.selectFrom("users").select(select).where("id", "=", move.consultantUserId).where("anonymized_at", "is", null).executeTakeFirst();
    if (own) return own;
  }
  return db
    .selectFrom("users")
    .select(select)
    .where("group_id", "=", move.groupId)
    .where("role", "=", "HR")
    .where("anonymized_at", "is", null)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

/** The hub as the page shows it: sections (move stages) with their tasks and statuses against today. */
async function viewOf(deps: HubDeps, move: HubMove): Promise<TMoveHubView> {
  const { db } = deps;
  const today = dayOf(nowOf(deps));
  const [rows, employee, consultant] = await Promise.all([
    itemsOf(db, move.id),
    db.selectFrom("users").select(["first_name", "last_name"]).where("id", "=", move.employeeUserId).executeTakeFirst(),
    consultantOf(db, move),
  ]);
  let prepared = rows.some((r) => r.kind === "SERVICE");
  if (!prepared) prepared = generated(move, await hubServices(db, move)).length === 0;
  const names = moveStageNames(move.stageCount);
  const counts = { all: 0, open: 0, overdue: 0, done: 0 };
  const sections = names.map((title, index) => {
    const section = index + 1;
    const items: TMoveHubItem[] = rows
      .filter((r) => r.section === section)
      .map((r) => {
        const isDone = r.is_done === 1;
        const completeStatus = completeStatusOf({ isDone, dueDate: r.due_date }, today);
        counts.all++;
        if (completeStatus === "DONE") counts.done++;
        else counts.open++;
        if (completeStatus === "OVERDUE") counts.overdue++;
        return {
          id: r.id,
          title: r.title,
          ddText: r.dd_text,
          dueDate: r.due_date,
          section: r.section,
          order: r.sort_order,
          isDone,
          doneAt: r.done_at,
          completeStatus,
          custom: r.kind === "CUSTOM",
          moveHub: r.move_hub === 1,
          serviceKey: r.service_key,
        };
      });
    return { section, title, status: sectionStatusOf(items.map((i) => i.completeStatus)), items };
  });
  return {
    moveId: move.id,
    prepared,
    today,
    employeeName: personName(employee) ?? "",
    consultantName: personName(consultant),
    editable: move.editable,
    sections,
    counts,
  };
}

/** movehub.view (query): the hub of the caller's move (or the named one). Writes nothing. */
export async function readHub(deps: HubDeps, user: SessionUser, moveId: number | undefined): Promise<TMoveHubView> {
  return viewOf(deps, await hubMoveForCaller(deps.db, user, moveId));
}

/**
 * Materialises the move's generated tasks that are not there yet (all of them on the first call),
 * appended to their sections; parallel calls create one set.
 */
export async function materialiseTasks(db: DB, move: HubMove, now: Date): Promise<number> {
  const tasks = generated(move, await hubServices(db, move));
  if (tasks.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, "moves", move.id);
    const existing = await trx.selectFrom("move_hub_items").select(["source_key", "section", "sort_order"]).where("move_id", "=", move.id).execute();
    const have = new Set(existing.map((e) => e.source_key));
    const missing = tasks.filter((t) => !have.has(t.sourceKey));
    if (missing.length === 0) return 0;
    const next = new Map<number, number>();
    for (const e of existing) next.set(e.section, Math.max(next.get(e.section) ?? 0, e.sort_order + 1));
    const at = now.toISOString();
    const values = missing.map((t) => {
      const order = next.get(t.section) ?? 0;
      next.set(t.section, order + 1);
      return {
        group_id: move.groupId,
        move_id: move.id,
        source_key: t.sourceKey,
        kind: "SERVICE" as const,
        service_key: t.serviceKey,
        move_hub: t.moveHub ? 1 : 0,
        title: t.title,
        dd_text: t.ddText,
        section: t.section,
        sort_order: order,
        due_date: t.dueDate,
        is_done: 0,
        done_at: null,
        created_by: null,
        created_at: at,
        updated_at: at,
      };
    });
    const result = await trx
      .insertInto("move_hub_items")
      .values(values)
      .onConflict((oc) => oc.columns(["move_id", "source_key"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  });
}

/** movehub.prepare (mutation): materialise the generated tasks, then the view. */
export async function prepareHub(deps: HubDeps, user: SessionUser, moveId: number | undefined): Promise<TMoveHubView> {
  const move = await hubMoveForCaller(deps.db, user, moveId);
  await materialiseTasks(deps.db, move, nowOf(deps));
  return viewOf(deps, move);
}

/** POST /movehub/updateMHStatus and movehub.updateStatus: ORDER, DONE or DATE of one task. */
export async function updateStatus(deps: HubDeps, user: SessionUser, input: TUpdateStatusRequest): Promise<TMoveHubView> {
  const { db } = deps;
  const move = await hubMoveOfItem(db, user, input.itemId);
  assertEditable(move);
  if (input.type === "ORDER" && input.section > move.stageCount) throw new AppError("VALIDATION", moveHubMessages.badSection, { section: moveHubMessages.badSection });
  const at = nowOf(deps).toISOString();
  await db.transaction().execute(async (trx) => {
    await lockRow(trx, "moves", move.id);
    switch (input.type) {
      case "ORDER": {
        const items = await trx.selectFrom("move_hub_items").select(["id", "section", "sort_order as order"]).where("move_id", "=", move.id).execute();
        const before = items.find((i) => i.id === input.itemId);
        if (!before) throw new AppError("NOT_FOUND", moveHubMessages.itemNotFound);
        const changes = moveTask(items, input.itemId, input.section, input.order);
        const after = changes.find((c) => c.id === input.itemId);
        if (after && (after.section !== before.section || after.order !== before.order)) {
          await auditHub(trx, user, move, {
            at,
            itemId: input.itemId,
            action: "hub-order",
            oldValues: { section: before.section, order: before.order },
            newValues: { section: after.section, order: after.order },
          });
        }
        for (const change of changes) {
          await trx
            .updateTable("move_hub_items")
            .set({ section: change.section, sort_order: change.order, ...(change.id === input.itemId ? { updated_at: at } : {}) })
            .where("id", "=", change.id)
            .where("move_id", "=", move.id)
            .execute();
        }
        return;
      }
      case "DONE": {
        // Conditional: a repeated toggle to the same value changes nothing (done_at keeps the first time).
        const before = await readItem(trx, move.id, input.itemId);
        const done = await trx
          .updateTable("move_hub_items")
          .set({ is_done: input.isDone ? 1 : 0, done_at: input.isDone ? at : null, updated_at: at })
          .where("id", "=", input.itemId)
          .where("move_id", "=", move.id)
          .where("is_done", "=", input.isDone ? 0 : 1)
          .executeTakeFirst();
        if (before && Number(done.numUpdatedRows) > 0) {
          await auditHub(trx, user, move, {
            at,
            itemId: input.itemId,
            action: "hub-done",
            oldValues: { isDone: before.is_done === 1, doneAt: before.done_at },
            newValues: { isDone: input.isDone, doneAt: input.isDone ? at : null },
          });
        }
        return;
      }
      case "DATE": {
        const before = await readItem(trx, move.id, input.itemId);
        if (before && before.due_date !== input.dueDate) {
          await auditHub(trx, user, move, { at, itemId: input.itemId, action: "hub-date", oldValues: { dueDate: before.due_date }, newValues: { dueDate: input.dueDate } });
        }
        await trx
          .updateTable("move_hub_items")
          .set({ due_date: input.dueDate, updated_at: at })
          .where("id", "=", input.itemId)
          .where("move_id", "=", move.id)
          .execute();
        return;
      }
    }
  });
  return viewOf(deps, move);
}

/**
 * POST /addEditCustomItem and movehub.saveItem: a new custom task (no mhItemId) is placed at `order` in
 * its section (default: last); an existing task gets its title, ddText, dueDate and isDone, and moves
 * when section or order differ.
 */
export async function saveItem(deps: HubDeps, user: SessionUser, input: TSaveItemRequest): Promise<{ mhItemId: number; hub: TMoveHubView }> {
  const { db } = deps;
  const move = input.mhItemId !== undefined ? await hubMoveOfItem(db, user, input.mhItemId) : await hubMoveForCaller(db, user, input.moveId);
  if (input.mhItemId !== undefined && input.moveId !== undefined && input.moveId !== move.id) throw new AppError("NOT_FOUND", moveHubMessages.itemNotFound);
  assertEditable(move);
  if (input.section > move.stageCount) throw new AppError("VALIDATION", moveHubMessages.badSection, { section: moveHubMessages.badSection });
  const at = nowOf(deps).toISOString();
  const id = await db.transaction().execute(async (trx) => {
    await lockRow(trx, "moves", move.id);
    const items = await trx.selectFrom("move_hub_items").select(["id", "section", "sort_order as order", "is_done"]).where("move_id", "=", move.id).execute();
    let itemId: number;
    /** An edit's changed fields, completed with its place once the reorder is done. */
    let edit: { oldValues: Record<string, unknown>; newValues: Record<string, unknown>; section: number; order: number } | null = null;
    if (input.mhItemId === undefined) {
      const inSection = items.filter((i) => i.section === input.section).length;
      const row = await trx
        .insertInto("move_hub_items")
        .values({
          group_id: move.groupId,
          move_id: move.id,
          source_key: null,
          kind: "CUSTOM",
          service_key: null,
          move_hub: 0,
          title: input.title,
          dd_text: input.ddText ?? "",
          section: input.section,
          sort_order: inSection,
          due_date: input.dueDate ?? null,
          is_done: input.isDone ? 1 : 0,
          done_at: input.isDone ? at : null,
          created_by: user.id,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      itemId = row.id;
      items.push({ id: itemId, section: input.section, order: inSection, is_done: input.isDone ? 1 : 0 });
    } else {
      itemId = input.mhItemId;
      const current = items.find((i) => i.id === itemId);
      if (!current) throw new AppError("NOT_FOUND", moveHubMessages.itemNotFound);
      const before = await readItem(trx, move.id, itemId);
      if (before) {
        const was = itemValues(before);
        const will = {
          title: input.title,
          ddText: input.ddText ?? was.ddText,
          dueDate: input.dueDate !== undefined ? input.dueDate : was.dueDate,
          isDone: input.isDone ?? was.isDone,
        };
        const oldValues: Record<string, unknown> = {};
        const newValues: Record<string, unknown> = {};
        for (const key of ["title", "ddText", "dueDate", "isDone"] as const) {
          if (was[key] !== will[key]) {
            oldValues[key] = was[key];
            newValues[key] = will[key];
          }
        }
        edit = { oldValues, newValues, section: current.section, order: current.order };
      }
      const doneChange =
        input.isDone === undefined || (input.isDone ? 1 : 0) === current.is_done ? {} : { is_done: input.isDone ? 1 : 0, done_at: input.isDone ? at : null };
      await trx
        .updateTable("move_hub_items")
        .set({
          title: input.title,
          ...(input.ddText !== undefined ? { dd_text: input.ddText } : {}),
          ...(input.dueDate !== undefined ? { due_date: input.dueDate } : {}),
          ...doneChange,
          updated_at: at,
        })
        .where("id", "=", itemId)
        .where("move_id", "=", move.id)
        .execute();
    }
    const current = items.find((i) => i.id === itemId)!;
    const order = input.order ?? (current.section === input.section ? current.order : Number.MAX_SAFE_INTEGER);
    if (current.section !== input.section || current.order !== order) {
      for (const change of moveTask(items, itemId, input.section, order)) {
        await trx.updateTable("move_hub_items").set({ section: change.section, sort_order: change.order }).where("id", "=", change.id).execute();
      }
    }
    if (input.mhItemId === undefined) {
      const placed = await readItem(trx, move.id, itemId);
      if (placed) await auditHub(trx, user, move, { at, itemId, action: "hub-custom-add", newValues: itemValues(placed) });
    }
    if (edit) {
      const placed = await readItem(trx, move.id, itemId);
      if (placed && (placed.section !== edit.section || placed.sort_order !== edit.order)) {
        edit.oldValues.section = edit.section;
        edit.oldValues.order = edit.order;
        edit.newValues.section = placed.section;
        edit.newValues.order = placed.sort_order;
      }
      if (Object.keys(edit.newValues).length > 0) await auditHub(trx, user, move, { at, itemId, action: "hub-item-edit", oldValues: edit.oldValues, newValues: edit.newValues });
    }
    return itemId;
  });
  return { mhItemId: id, hub: await viewOf(deps, move) };
}

/** The documented delete (answers 'OK') and movehub.deleteItem: removes a custom task, closing its section's gap. */
export async function deleteItem(deps: HubDeps, user: SessionUser, input: TDeleteItemRequest): Promise<"OK"> {
  const { db } = deps;
  const move = await hubMoveOfItem(db, user, input.mhItemId);
  assertEditable(move);
  await db.transaction().execute(async (trx) => {
    await lockRow(trx, "moves", move.id);
    const item = await readItem(trx, move.id, input.mhItemId);
    if (!item) throw new AppError("NOT_FOUND", moveHubMessages.itemNotFound);
    if (item.kind !== "CUSTOM") throw new AppError("FORBIDDEN", moveHubMessages.notCustom);
    await auditHub(trx, user, move, { at: nowOf(deps).toISOString(), itemId: input.mhItemId, action: "hub-custom-delete", oldValues: itemValues(item) });
    await trx.deleteFrom("move_hub_items").where("id", "=", input.mhItemId).execute();
    const rest = await trx.selectFrom("move_hub_items").select(["id", "section", "sort_order as order"]).where("move_id", "=", move.id).where("section", "=", item.section).execute();
    for (const change of closeGap(rest, item.section)) {
      await trx.updateTable("move_hub_items").set({ sort_order: change.order }).where("id", "=", change.id).execute();
    }
  });
  return "OK";
}

/**
 * The message form (POST /movehub/sendMessage, movehub.sendMessage): e-mails the move's consultant
 * through the mail module (the outbox, and SMTP when configured). A mail that cannot be delivered
 * answers success false with the error (the page shows "While mail sending an error occurred." and
 * it); a move with no one to write to answers "Error!. Please contact our customer support.".
 */
export async function sendMessage(
  deps: HubDeps & { mailer: Mailer; config: Pick<Config, "publicUrl" | "host" | "port"> },
  user: SessionUser,
  input: TSendMessageRequest,
): Promise<TSendMessageResponse> {
  const { db } = deps;
  const move = await hubMoveForCaller(db, user, input.moveId);
  const consultant = await consultantOf(db, move);
  if (!consultant) return { success: false, error: moveHubMessages.contactSupport };
  const [employee, group] = await Promise.all([
    db.selectFrom("users").select(["first_name", "last_name", "email"]).where("id", "=", move.employeeUserId).executeTakeFirstOrThrow(),
    db.selectFrom("groups").select(["name"]).where("id", "=", move.groupId).executeTakeFirstOrThrow(),
  ]);
  try {
    await deps.mailer.send(
      db,
      {
        to: consultant.email,
        template: "moveHubMessage",
        vars: {
          consultantName: personName(consultant) ?? "",
          employeeName: personName(employee) ?? "",
          employeeEmail: employee.email,
          senderName: `${user.firstName} ${user.lastName}`.trim(),
          message: input.message,
        },
        groupId: move.groupId,
        groupName: group.name,
        userId: user.id,
      },
      nowOf(deps),
    );
  } catch (error) {
    const reason = error instanceof AppError ? error.message : moveHubMessages.generic;
    return { success: false, error: reason };
  }
  return { success: true, error: "" };
}
