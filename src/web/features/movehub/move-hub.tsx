/**
 * The move hub itself (part 1 §2 "Move hub task list", §4 states): the filters All / Open / Overdue /
 * Done with their counts, the sections in one drag context (dnd-kit: mouse, touch with a 500 ms long
 * press on the handle, keyboard: Space on the handle, arrows, Space; the screen reader hears each
 * move), done and due-date updates, add / edit / delete of tasks (one at a time, discard
 * confirmation, leave warning) and the message form.
 */
import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { completeStatusOf, matchesFilter, MOVE_HUB_FILTERS, type MoveHubFilter } from "../../../domain/employee/movehub/rules.ts";
import type { TMoveHubItem, TMoveHubSection, TMoveHubView } from "../../../domain/employee/movehub/schemas.ts";
import { useLeaveGuard } from "../../components/leave-guard.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { idOfKey, isDirty, type Draft } from "./hub-items.ts";
import { MessageForm } from "./message-form.tsx";
import { SectionCard } from "./section-card.tsx";
import { LONG_PRESS_MS, LONG_PRESS_TOLERANCE_PX } from "./touch.ts";

export function MoveHub({ hub, setHub, lang }: { hub: TMoveHubView; setHub: (hub: TMoveHubView) => void; lang: string }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<MoveHubFilter>("ALL");
  const [sections, setSections] = useState<TMoveHubSection[]>(hub.sections);
  const [dragging, setDragging] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [secondEdit, setSecondEdit] = useState(false);
  const [askDiscard, setAskDiscard] = useState(false);
  const [toDelete, setToDelete] = useState<TMoveHubItem | null>(null);
  const [notice, setNotice] = useState<{ kind: "status" | "error"; text: string } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const sectionsRef = useRef(sections);
  sectionsRef.current = sections;
  const before = useRef<TMoveHubSection[] | null>(null);

  // The server's view replaces the local one whenever it changes (not in the middle of a drag).
  const draggingRef = useRef(dragging);
  draggingRef.current = dragging;
  useEffect(() => {
    if (draggingRef.current === null) setSections(hub.sections);
  }, [hub]);

  const failed = (error: unknown) => {
    setSections(hub.sections);
    setNotice({ kind: "error", text: serverMessage(error) ?? t("movehub.error.generic") });
  };
  const update = useMutation(trpc.movehub.updateStatus.mutationOptions({ onSuccess: (r) => setHub(r.hub), onError: failed }));
  const save = useMutation(trpc.movehub.saveItem.mutationOptions());
  const remove = useMutation(trpc.movehub.deleteItem.mutationOptions());

  const leave = useLeaveGuard(() => isDirty(draft), {
    title: t("movehub.leaveTitle"),
    description: t("movehub.leaveBody"),
    leave: t("movehub.leave"),
    stay: t("movehub.stay"),
  });

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: LONG_PRESS_MS, tolerance: LONG_PRESS_TOLERANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const allItems = sections.flatMap((s) => s.items);
  const titleOf = (key: string | number) => {
    const id = typeof key === "number" ? key : idOfKey(key);
    return allItems.find((i) => i.id === id)?.title ?? "";
  };
  const locate = (id: number) => {
    for (const s of sectionsRef.current) {
      const index = s.items.findIndex((i) => i.id === id);
      if (index >= 0) return { section: s.section, index };
    }
    return null;
  };
  const sectionTitle = (n: number) => sectionsRef.current.find((s) => s.section === n)?.title ?? String(n);
  const placeOf = (key: string) => {
    const id = idOfKey(key);
    if (id === null) return { section: sectionTitle(Number(key.slice(8))), position: 1 };
    const loc = locate(id);
    return loc ? { section: sectionTitle(loc.section), position: loc.index + 1 } : { section: "", position: 0 };
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("movehub.dnd.picked", { title: titleOf(String(active.id)) }),
    onDragOver: ({ active, over }) => (over ? t("movehub.dnd.over", { title: titleOf(String(active.id)), ...placeOf(String(over.id)) }) : undefined),
    // The drop lands where the task is over (before the page moves it).
    onDragEnd: ({ active, over }) => t("movehub.dnd.dropped", { title: titleOf(String(active.id)), ...placeOf(String(over?.id ?? active.id)) }),
    onDragCancel: ({ active }) => t("movehub.dnd.cancelled", { title: titleOf(String(active.id)) }),
  };

  /** Moves a task in the local view (the server is told on drop). */
  const moveLocal = (id: number, section: number, index: number) =>
    setSections((all) => {
      const item = all.flatMap((s) => s.items).find((i) => i.id === id);
      if (!item) return all;
      return all.map((s) => {
        const items = s.items.filter((i) => i.id !== id);
        if (s.section === section) items.splice(Math.max(0, Math.min(index, items.length)), 0, { ...item, section });
        return { ...s, items };
      });
    });

  function onDragStart({ active }: DragStartEvent) {
    before.current = sectionsRef.current;
    setDragging(idOfKey(String(active.id)));
    setNotice(null);
  }
  function onDragOver({ active, over }: DragOverEvent) {
    const id = idOfKey(String(active.id));
    if (id === null || !over) return;
    const from = locate(id);
    const overKey = String(over.id);
    const overId = idOfKey(overKey);
    const to = overId !== null ? locate(overId) : { section: Number(overKey.slice(8)), index: sectionsRef.current.find((s) => s.section === Number(overKey.slice(8)))?.items.length ?? 0 };
    if (!from || !to || from.section === to.section) return;
    moveLocal(id, to.section, to.index);
  }
  function onDragEnd({ active, over }: DragEndEvent) {
    const id = idOfKey(String(active.id));
    setDragging(null);
    if (id === null || !over) {
      if (before.current) setSections(before.current);
      return;
    }
    const from = locate(id);
    const overId = idOfKey(String(over.id));
    const to = overId !== null && overId !== id ? locate(overId) : from;
    if (!from || !to) return;
    if (to.section === from.section && to.index !== from.index) moveLocal(id, to.section, to.index);
    const original = before.current?.flatMap((s) => s.items).find((i) => i.id === id);
    const finalPlace = to;
    if (original && (original.section !== finalPlace.section || original.order !== finalPlace.index)) {
      update.mutate({ type: "ORDER", itemId: id, section: finalPlace.section, order: finalPlace.index });
      setAnnouncement(t("movehub.dnd.dropped", { title: original.title, section: sectionTitle(finalPlace.section), position: finalPlace.index + 1 }));
    }
  }
  function onDragCancel() {
    setDragging(null);
    if (before.current) setSections(before.current);
  }

  // ── editing: one task at a time (§4) ──
  const startEdit = (next: Draft) => {
    if (draft) {
      setSecondEdit(true);
      return;
    }
    setSecondEdit(false);
    setDraftError(null);
    setNotice(null);
    setDraft(next);
  };
  const editItem = (item: TMoveHubItem) => {
    const values = { title: item.title, ddText: item.ddText, dueDate: item.dueDate ?? "" };
    startEdit({ id: item.id, section: item.section, ...values, original: values });
  };
  const addItem = (section: number) => startEdit({ id: "NEW", section, title: "", ddText: "", dueDate: "", original: { title: "", ddText: "", dueDate: "" } });
  const closeDraft = () => {
    setDraft(null);
    setSecondEdit(false);
    setDraftError(null);
  };
  const cancelDraft = () => (isDirty(draft) ? setAskDiscard(true) : closeDraft());
  const submitDraft = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    if (draft.title.trim() === "") {
      setDraftError(t("movehub.error.titleRequired"));
      return;
    }
    setDraftError(null);
    // An unsaved task (id NEW) sends no mhItemId (§4 "An item with id NEW is unsaved and sends no update").
    save.mutate(
      {
        ...(draft.id === "NEW" ? { moveId: hub.moveId } : { mhItemId: draft.id }),
        title: draft.title,
        ddText: draft.ddText,
        dueDate: draft.dueDate === "" ? null : draft.dueDate,
        section: draft.section,
      },
      {
        onSuccess: (r) => {
          setHub(r.hub);
          closeDraft();
          setNotice({ kind: "status", text: t("movehub.saved") });
        },
        onError: (error) => setDraftError(serverMessage(error) ?? t("movehub.error.generic")),
      },
    );
  };

  const confirmDelete = () => {
    const item = toDelete;
    setToDelete(null);
    if (!item) return;
    remove.mutate(
      { mhItemId: item.id },
      {
        onSuccess: () => {
          setSections((all) => all.map((s) => ({ ...s, items: s.items.filter((i) => i.id !== item.id) })));
          setNotice({ kind: "status", text: t("movehub.deleted") });
          void queryClient.invalidateQueries({ queryKey: trpc.movehub.view.pathKey() });
        },
        onError: failed,
      },
    );
  };

  const toggleDone = (item: TMoveHubItem, isDone: boolean) => {
    // Shown at once; the server's answer replaces it.
    setSections((all) =>
      all.map((s) => ({
        ...s,
        items: s.items.map((i) => (i.id === item.id ? { ...i, isDone, completeStatus: completeStatusOf({ isDone, dueDate: i.dueDate }, hub.today) } : i)),
      })),
    );
    update.mutate({ type: "DONE", itemId: item.id, isDone });
  };
  const setDue = (item: TMoveHubItem, value: string) => {
    if ((item.dueDate ?? "") === value) return;
    update.mutate({ type: "DATE", itemId: item.id, dueDate: value === "" ? null : value });
  };

  const sortable = filter === "ALL" && hub.editable && draft === null;
  const counts = hub.counts;

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        eyebrow={t("movehub.eyebrow", { name: hub.employeeName })}
        title={t("movehub.title")}
        description={t("movehub.intro")}
      />
      {leave.dialog}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      <div className="flex flex-col gap-3 tablet:flex-row tablet:items-center tablet:justify-between">
        <div role="group" aria-label={t("movehub.filters")} className="flex flex-wrap gap-2">
          {MOVE_HUB_FILTERS.map((f) => {
            const n = f === "ALL" ? counts.all : f === "OPEN" ? counts.open : f === "OVERDUE" ? counts.overdue : counts.done;
            return (
              <Button key={f} type="button" size="sm" variant={filter === f ? "default" : "outline"} aria-pressed={filter === f} onClick={() => setFilter(f)}>
                {t(`movehub.filter.${f}`)} <span className="tabular-nums">({n})</span>
              </Button>
            );
          })}
        </div>
        <p className="text-sm text-muted-foreground">{t("movehub.counts", counts)}</p>
      </div>

      {!hub.editable ? <Alert>{t("movehub.readOnly")}</Alert> : null}
      {secondEdit ? (
        <Alert variant="destructive" role="alert">
          {t("movehub.error.editingSecond")}
        </Alert>
      ) : null}
      {notice ? (
        notice.kind === "error" ? (
          <Alert variant="destructive" role="alert">
            {notice.text}
          </Alert>
        ) : (
          <Alert variant="success" role="status">
            {notice.text}
          </Alert>
        )
      ) : null}

      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t("movehub.dnd.instructions") } }}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
      >
        {sections.map((section) => {
          const visible = section.items.filter((i) => matchesFilter(i.completeStatus, filter));
          return (
            <SectionCard
              key={section.section}
              section={section}
              items={visible}
              sortable={sortable}
              filtered={filter !== "ALL"}
              editable={hub.editable}
              draft={draft && draft.section === section.section ? draft : null}
              draftError={draftError}
              saving={save.isPending}
              lang={lang}
              onAdd={() => addItem(section.section)}
              onEdit={editItem}
              onDelete={setToDelete}
              onToggle={toggleDone}
              onDue={setDue}
              onDraft={(d) => setDraft(d)}
              onCancel={cancelDraft}
              onSubmit={submitDraft}
            />
          );
        })}
      </DndContext>

      <MessageForm hub={hub} />

      <ConfirmDialog
        open={askDiscard}
        onOpenChange={setAskDiscard}
        title={t("movehub.discardTitle")}
        description={t("movehub.discardBody")}
        confirmLabel={t("movehub.discard")}
        cancelLabel={t("movehub.keepEditing")}
        destructive
        onConfirm={() => {
          setAskDiscard(false);
          closeDraft();
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t("movehub.deleteTitle")}
        description={t("movehub.deleteBody", { title: toDelete?.title ?? "" })}
        confirmLabel={t("movehub.delete")}
        cancelLabel={t("movehub.cancel")}
        destructive
        onConfirm={confirmDelete}
      />
    </div>
  );
}
