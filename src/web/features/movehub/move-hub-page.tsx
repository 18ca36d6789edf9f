/**
 * /movehub — the employee's move hub (part 1 §2 "Move hub task list"; §4 states; §5 texts; §9 touch):
 * sections (move stages) with their tasks, drag ordering within and across sections (dnd-kit: mouse,
 * touch with a 500 ms long press on the handle, keyboard: Space on the handle, arrows, Space), the done
 * checkbox, due dates, the overdue badge, filters All / Open / Overdue / Done, add / edit / delete of
 * tasks (one at a time, discard confirmation, leave warning) and the message form to the consultant.
 * HR of the move's group and admins open it with ?moveId=.
 */
import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useMutation, useQuery } from "@tanstack/react-query";
import { GripVertical, ListTodo, Pencil, Plus, Send, Trash2 } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { completeStatusOf, matchesFilter, MOVE_HUB_FILTERS, type MoveHubFilter } from "../../../domain/employee/movehub/rules.ts";
import type { TMoveHubItem, TMoveHubSection, TMoveHubView } from "../../../domain/employee/movehub/schemas.ts";
import { useLeaveGuard } from "../../components/leave-guard.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";
import { isTap, LONG_PRESS_MS, LONG_PRESS_TOLERANCE_PX } from "./touch.ts";
import { formatDate } from "../../lib/format.ts";

const statusVariant = { OPEN: "info", OVERDUE: "destructive", DONE: "success" } as const;

type Draft = { id: number | "NEW"; section: number; title: string; ddText: string; dueDate: string; original: { title: string; ddText: string; dueDate: string } };

const itemKey = (id: number) => `item:${id}`;
const sectionKey = (section: number) => `section:${section}`;
const idOfKey = (key: string) => (key.startsWith("item:") ? Number(key.slice(5)) : null);

function isDirty(d: Draft | null): boolean {
  if (!d) return false;
  return d.id === "NEW" || d.title !== d.original.title || d.ddText !== d.original.ddText || d.dueDate !== d.original.dueDate;
}


export function MoveHubPage({ moveId }: { moveId?: number }) {
  const user = useSignedInUser();
  // HR and admins have no hub of their own: they open an employee's from the move page (?moveId=).
  if (moveId === undefined && user.role !== "EMPLOYEE") return <NoMoveChosen />;
  return <MoveHubView moveId={moveId} />;
}

function NoMoveChosen() {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader title={t("movehub.title")} />
      <Card>
        <EmptyState icon={ListTodo} title={t("movehub.noMoveChosen")} description={t("movehub.noMoveChosenBody")} className="py-16" />
      </Card>
    </div>
  );
}

function MoveHubView({ moveId }: { moveId?: number }) {
  const { t, i18n } = useTranslation();
  const input = moveId === undefined ? {} : { moveId };
  const viewOptions = trpc.movehub.view.queryOptions(input);
  const query = useQuery({ ...viewOptions, refetchOnWindowFocus: false });
  const setHub = (hub: TMoveHubView) => queryClient.setQueryData(viewOptions.queryKey, hub);

  const prepare = useMutation(trpc.movehub.prepare.mutationOptions({ onSuccess: setHub }));
  const prepared = useRef(false);
  useEffect(() => {
    if (query.data && !query.data.prepared && !prepared.current) {
      prepared.current = true;
      prepare.mutate(input);
    }
  });

  const hub = query.data;
  if (query.isPending || (hub && !hub.prepared && !prepare.isError)) {
    return (
      <div>
        <PageHeader title={t("movehub.title")} />
        <Card>
          <CardContent className="py-6">
            <p className="sr-only" role="status">
              {hub ? t("movehub.preparing") : t("movehub.loading")}
            </p>
            <LoadingRows rows={5} />
          </CardContent>
        </Card>
      </div>
    );
  }
  if (query.isError || prepare.isError || !hub) {
    const error = query.error ?? prepare.error;
    const notFound = (error as { data?: { code?: string } } | null)?.data?.code === "NOT_FOUND";
    return (
      <div>
        <PageHeader title={t("movehub.title")} />
        <Card>
          {notFound ? (
            <EmptyState icon={ListTodo} title={t("movehub.noMove")} className="py-16" />
          ) : (
            <ErrorState message={serverMessage(error) ?? t("movehub.error.generic")} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
          )}
        </Card>
      </div>
    );
  }
  return <MoveHub hub={hub} setHub={setHub} lang={i18n.language} />;
}

function MoveHub({ hub, setHub, lang }: { hub: TMoveHubView; setHub: (hub: TMoveHubView) => void; lang: string }) {
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

type SectionProps = {
  section: TMoveHubSection;
  items: TMoveHubItem[];
  sortable: boolean;
  filtered: boolean;
  editable: boolean;
  draft: Draft | null;
  draftError: string | null;
  saving: boolean;
  lang: string;
  onAdd: () => void;
  onEdit: (item: TMoveHubItem) => void;
  onDelete: (item: TMoveHubItem) => void;
  onToggle: (item: TMoveHubItem, done: boolean) => void;
  onDue: (item: TMoveHubItem, value: string) => void;
  onDraft: (d: Draft) => void;
  onCancel: () => void;
  onSubmit: (e: FormEvent) => void;
};

function SectionCard(p: SectionProps) {
  const { t } = useTranslation();
  const { setNodeRef } = useDroppable({ id: sectionKey(p.section.section), disabled: !p.sortable });
  const headingId = `movehub-section-${p.section.section}`;
  return (
    <Card aria-labelledby={headingId} role="region" data-testid={`section-${p.section.section}`}>
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <CardTitle id={headingId}>{p.section.title}</CardTitle>
          <Badge variant={statusVariant[p.section.status]}>{t(`movehub.status.${p.section.status}`)}</Badge>
        </div>
        {p.editable ? (
          <Button type="button" size="sm" variant="outline" onClick={p.onAdd} aria-label={t("movehub.addTaskTo", { section: p.section.title })}>
            <Plus className="size-4" aria-hidden="true" />
            <span className="hidden tablet:inline">{t("movehub.addTask")}</span>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        <SortableContext id={sectionKey(p.section.section)} items={p.items.map((i) => itemKey(i.id))} strategy={verticalListSortingStrategy}>
          <ul ref={setNodeRef} className="flex min-h-12 flex-col gap-2" aria-label={p.section.title}>
            {p.items.map((item) =>
              p.draft && p.draft.id === item.id ? (
                <li key={item.id}>
                  <TaskForm draft={p.draft} error={p.draftError} saving={p.saving} onDraft={p.onDraft} onCancel={p.onCancel} onSubmit={p.onSubmit} />
                </li>
              ) : (
                <TaskRow key={item.id} item={item} {...p} />
              ),
            )}
            {p.items.length === 0 && !(p.draft && p.draft.id === "NEW") ? (
              <li className="rounded-md border border-dashed border-border px-3 py-4 text-center text-sm text-muted-foreground">
                {p.filtered ? t("movehub.filteredEmpty") : t("movehub.sectionEmpty")}
              </li>
            ) : null}
            {p.draft && p.draft.id === "NEW" ? (
              <li>
                <TaskForm draft={p.draft} error={p.draftError} saving={p.saving} onDraft={p.onDraft} onCancel={p.onCancel} onSubmit={p.onSubmit} />
              </li>
            ) : null}
          </ul>
        </SortableContext>
      </CardContent>
    </Card>
  );
}

function TaskRow({ item, sortable, editable, lang, onEdit, onDelete, onToggle, onDue }: SectionProps & { item: TMoveHubItem }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: itemKey(item.id),
    disabled: !sortable,
  });
  const [open, setOpen] = useState(false);
  const touch = useRef<{ at: number; x: number; y: number; moved: boolean } | null>(null);
  const checkboxId = `task-done-${item.id}`;
  const dueId = `task-due-${item.id}`;
  const textId = `task-text-${item.id}`;
  // A description cut at two lines (a phone) opens with a tap on the title, or with the More button
  // for a mouse or the keyboard; the button shows only while the text is cut (or opened).
  const textRef = useRef<HTMLParagraphElement>(null);
  const [clamped, setClamped] = useState(false);
  useEffect(() => {
    const el = textRef.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const measure = () => setClamped(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [item.ddText, open]);
  return (
    <li
      ref={setNodeRef}
      data-testid={`task-${item.id}`}
      data-status={item.completeStatus}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn("rounded-md border border-border bg-surface px-2 py-2", isDragging && "opacity-50", item.isDone && "bg-muted/50")}
    >
      <div className="flex items-start gap-2">
        {sortable ? (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t("movehub.dragHandle", { title: item.title })}
            className="flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing"
          >
            <GripVertical className="size-4" aria-hidden="true" />
          </button>
        ) : (
          <span className="size-9 shrink-0" aria-hidden="true" />
        )}
        <div className="flex size-9 shrink-0 items-center justify-center">
          <Checkbox
            id={checkboxId}
            checked={item.isDone}
            disabled={!editable}
            onCheckedChange={(v) => onToggle(item, v === true)}
            aria-label={t("movehub.doneLabel", { title: item.title })}
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1 py-1.5">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span
              className={cn("min-w-0 break-words font-medium text-foreground", item.isDone && "text-muted-foreground line-through")}
              onTouchStart={(e) => {
                const p = e.touches[0]!;
                touch.current = { at: performance.now(), x: p.clientX, y: p.clientY, moved: false };
              }}
              onTouchMove={(e) => {
                const p = e.touches[0]!;
                const s = touch.current;
                if (s && Math.hypot(p.clientX - s.x, p.clientY - s.y) > LONG_PRESS_TOLERANCE_PX) s.moved = true;
              }}
              onTouchEnd={() => {
                const s = touch.current;
                touch.current = null;
                if (s && item.ddText && isTap(s.at, performance.now(), s.moved)) setOpen((o) => !o);
              }}
            >
              {item.title}
            </span>
            {item.completeStatus === "OVERDUE" ? <Badge variant="destructive">{t("movehub.status.OVERDUE")}</Badge> : null}
            {item.completeStatus === "DONE" ? <Badge variant="success">{t("movehub.status.DONE")}</Badge> : null}
            {item.moveHub ? <Badge variant="info">{t("movehub.moveHubService")}</Badge> : null}
            {item.custom ? <Badge>{t("movehub.custom")}</Badge> : null}
          </div>
          {item.ddText ? (
            <p ref={textRef} id={textId} className={cn("break-words text-sm text-muted-foreground", !open && "line-clamp-2")} data-testid="task-text">
              {item.ddText}
            </p>
          ) : null}
          {item.ddText && (open || clamped) ? (
            <button
              type="button"
              className="self-start rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-expanded={open}
              aria-controls={textId}
              aria-label={open ? t("movehub.lessLabel", { title: item.title }) : t("movehub.moreLabel", { title: item.title })}
              onClick={() => setOpen((o) => !o)}
              data-testid="task-text-toggle"
            >
              {open ? t("movehub.less") : t("movehub.more")}
            </button>
          ) : null}
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <label htmlFor={dueId} className="text-muted-foreground">
              {item.dueDate ? t("movehub.due", { date: formatDate(item.dueDate) }) : t("movehub.noDue")}
            </label>
            <Input
              id={dueId}
              type="date"
              className="h-8 w-40"
              defaultValue={item.dueDate ?? ""}
              key={item.dueDate ?? ""}
              disabled={!editable}
              aria-label={t("movehub.dueLabel", { title: item.title })}
              onBlur={(e) => onDue(item, e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") onDue(item, e.currentTarget.value);
              }}
            />
          </div>
        </div>
        {editable ? (
          <div className="flex shrink-0 flex-col gap-1 tablet:flex-row">
            <Button type="button" size="icon" variant="ghost" onClick={() => onEdit(item)} aria-label={t("movehub.editLabel", { title: item.title })}>
              <Pencil className="size-4" aria-hidden="true" />
            </Button>
            {item.custom ? (
              <Button type="button" size="icon" variant="ghost" onClick={() => onDelete(item)} aria-label={t("movehub.deleteLabel", { title: item.title })}>
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

function TaskForm({
  draft,
  error,
  saving,
  onDraft,
  onCancel,
  onSubmit,
}: {
  draft: Draft;
  error: string | null;
  saving: boolean;
  onDraft: (d: Draft) => void;
  onCancel: () => void;
  onSubmit: (e: FormEvent) => void;
}) {
  const { t } = useTranslation();
  const base = `task-form-${draft.id}`;
  const titleRef = useRef<HTMLInputElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 rounded-md border border-primary/40 bg-surface p-3" aria-label={draft.id === "NEW" ? t("movehub.newTask") : t("movehub.editLabel", { title: draft.original.title })}>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${base}-title`}>{t("movehub.taskTitle")}</Label>
        <Input
          ref={titleRef}
          id={`${base}-title`}
          value={draft.title}
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${base}-error` : undefined}
          onChange={(e) => onDraft({ ...draft, title: e.target.value })}
        />
        {error ? (
          <p id={`${base}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${base}-text`}>{t("movehub.taskText")}</Label>
        <Textarea id={`${base}-text`} rows={3} maxLength={2000} value={draft.ddText} onChange={(e) => onDraft({ ...draft, ddText: e.target.value })} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${base}-due`}>{t("movehub.taskDue")}</Label>
        <Input id={`${base}-due`} type="date" className="w-44" value={draft.dueDate} onChange={(e) => onDraft({ ...draft, dueDate: e.target.value })} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={saving}>
          {t("movehub.save")}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t("movehub.cancel")}
        </Button>
      </div>
    </form>
  );
}

function MessageForm({ hub }: { hub: TMoveHubView }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState("");
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const send = useMutation(trpc.movehub.sendMessage.mutationOptions());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    send.mutate(
      { moveId: hub.moveId, message },
      {
        onSuccess: (r) => {
          if (r.success) {
            setMessage("");
            setResult({ ok: true, text: t("movehub.messageSent") });
          } else if (r.error === t("movehub.error.contactSupport")) {
            setResult({ ok: false, text: r.error });
          } else {
            setResult({ ok: false, text: `${t("movehub.error.mailFailed")} ${r.error}` });
          }
        },
        onError: (error) => setResult({ ok: false, text: serverMessage(error) ?? t("movehub.error.generic") }),
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("movehub.messageTitle")}</CardTitle>
        {hub.consultantName ? <p className="text-sm text-muted-foreground">{t("movehub.messageTo", { name: hub.consultantName })}</p> : null}
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="movehub-message">{t("movehub.messageLabel")}</Label>
            <Textarea id="movehub-message" rows={4} maxLength={5000} value={message} onChange={(e) => setMessage(e.target.value)} />
          </div>
          {result ? (
            <Alert variant={result.ok ? "success" : "destructive"} role={result.ok ? "status" : "alert"}>
              {result.text}
            </Alert>
          ) : null}
          <div>
            <Button type="submit" busy={send.isPending}>
              <Send className="size-4" aria-hidden="true" />
              {t("movehub.messageSend")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
