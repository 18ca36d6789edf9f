/**
 * Dragging on the form builder board (part 2 §2 "Form builder", dnd-kit): mouse and keyboard sensors,
 * which drop targets a dragged field or section may land on, what the screen reader hears, and the
 * moves themselves: a field crossing into another list moves there at once, a drop outside puts the
 * board back as it was.
 */
import {
  closestCenter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  ADDED_SECTIONS,
  AVAILABLE_FIELDS,
  AVAILABLE_SECTIONS,
  fieldKeyOf,
  fieldsOf,
  locateField,
  moveField,
  moveSection,
  sectionUidOf,
  type BuilderState,
} from "./builder-state.ts";

export type Update = (fn: (state: BuilderState) => BuilderState) => void;
type DndType = "field" | "field-container" | "section" | "section-container";

const typeOf = (data: unknown): DndType | undefined => (data && typeof data === "object" ? (data as { type?: DndType }).type : undefined);

/**
 * Fields drop on fields and field lists, sections on sections and section lists (the board nests
 * field lists inside section cards). Under the pointer an item beats its container; with the
 * keyboard (no pointer) the closest centre wins.
 */
export const collision: CollisionDetection = (args) => {
  const dragged = typeOf(args.active.data.current);
  const accepts: DndType[] = dragged === "section" ? ["section", "section-container"] : ["field", "field-container"];
  const scoped = { ...args, droppableContainers: args.droppableContainers.filter((c) => accepts.includes(typeOf(c.data.current)!)) };
  const within = pointerWithin(scoped);
  if (within.length > 0) {
    const items = within.filter((c) => {
      const hit = scoped.droppableContainers.find((d) => d.id === c.id);
      return typeOf(hit?.data.current) === dragged;
    });
    return items.length > 0 ? items : within;
  }
  return closestCenter(scoped);
};

export function useBoardDrag(state: BuilderState, update: Update) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const stateRef = useRef(state);
  stateRef.current = state;
  const snapshot = useRef<BuilderState | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);

  const nameOf = (id: UniqueIdentifier): string => {
    const s = stateRef.current;
    const key = fieldKeyOf(String(id));
    if (key) return locateField(s, key)?.field.label ?? key;
    const uid = sectionUidOf(String(id));
    return [...s.sections, ...s.availableSections].find((x) => x.uid === uid)?.name ?? String(id);
  };
  const containerName = (container: string) =>
    container === AVAILABLE_FIELDS ? t("formBuilder.availableFields") : (stateRef.current.sections.find((s) => s.uid === container)?.name ?? container);
  const placeOf = (id: UniqueIdentifier): string => {
    const s = stateRef.current;
    const text = String(id);
    if (text === AVAILABLE_FIELDS) return t("formBuilder.availableFields");
    if (text === ADDED_SECTIONS) return t("formBuilder.form");
    if (text === AVAILABLE_SECTIONS) return t("formBuilder.availableSections");
    const key = fieldKeyOf(text);
    if (key) {
      const loc = locateField(s, key);
      if (!loc) return key;
      const total = fieldsOf(s, loc.container)?.length ?? 0;
      return t("formBuilder.dnd.position", { target: containerName(loc.container), position: loc.index + 1, total });
    }
    if (text.startsWith("fields:")) return containerName(text.slice(7));
    const uid = sectionUidOf(text);
    const inAdded = s.sections.findIndex((x) => x.uid === uid);
    if (inAdded >= 0) return t("formBuilder.dnd.position", { target: t("formBuilder.form"), position: inAdded + 1, total: s.sections.length });
    const inAvailable = s.availableSections.findIndex((x) => x.uid === uid);
    return t("formBuilder.dnd.position", { target: t("formBuilder.availableSections"), position: inAvailable + 1, total: s.availableSections.length });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("formBuilder.dnd.picked", { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t("formBuilder.dnd.over", { name: nameOf(active.id), target: placeOf(over.id) }) : t("formBuilder.dnd.outside", { name: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over ? t("formBuilder.dnd.dropped", { name: nameOf(active.id), target: placeOf(over.id) }) : t("formBuilder.dnd.droppedOutside", { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t("formBuilder.dnd.cancelled", { name: nameOf(active.id) }),
  };

  function onDragStart({ active }: DragStartEvent) {
    snapshot.current = stateRef.current;
    setActiveId(String(active.id));
  }

  /** A field crossing into another list moves there at once, so its list makes room while dragging. */
  function onDragOver({ active, over }: DragOverEvent) {
    const key = fieldKeyOf(String(active.id));
    if (!key || !over) return;
    const s = stateRef.current;
    const from = locateField(s, key);
    if (!from) return;
    const overId = String(over.id);
    const overKey = fieldKeyOf(overId);
    let to: string;
    let index: number;
    if (overKey) {
      const loc = locateField(s, overKey);
      if (!loc) return;
      to = loc.container;
      const rect = active.rect.current.translated;
      index = loc.index + (rect && rect.top > over.rect.top + over.rect.height / 2 ? 1 : 0);
    } else if (overId === AVAILABLE_FIELDS) {
      to = AVAILABLE_FIELDS;
      index = s.availableFields.length;
    } else if (overId.startsWith("fields:")) {
      to = overId.slice(7);
      index = fieldsOf(s, to)?.length ?? 0;
    } else return;
    if (to === from.container) return;
    if (to === AVAILABLE_FIELDS && !from.field.canBeDeleted) return;
    update((st) => moveField(st, key, to, index));
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    const id = String(active.id);
    if (!over) {
      const before = snapshot.current;
      if (before) update(() => before);
      return;
    }
    const s = stateRef.current;
    const overId = String(over.id);
    const key = fieldKeyOf(id);
    if (key) {
      const from = locateField(s, key);
      const overKey = fieldKeyOf(overId);
      const to = overKey ? locateField(s, overKey) : null;
      if (from && to && to.container === from.container && to.index !== from.index) update((st) => moveField(st, key, to.container, to.index));
      return;
    }
    const uid = sectionUidOf(id);
    if (!uid) return;
    const listOf = (u: string) => (s.sections.some((x) => x.uid === u) ? "added" : "available");
    let target: "added" | "available";
    let index: number;
    if (overId.startsWith("section:")) {
      const overUid = overId.slice(8);
      target = listOf(overUid);
      index = (target === "added" ? s.sections : s.availableSections).findIndex((x) => x.uid === overUid);
    } else if (overId === ADDED_SECTIONS) {
      target = "added";
      index = s.sections.length;
    } else if (overId === AVAILABLE_SECTIONS) {
      target = "available";
      index = s.availableSections.length;
    } else return;
    const fromList = listOf(uid);
    const fromIndex = (fromList === "added" ? s.sections : s.availableSections).findIndex((x) => x.uid === uid);
    if (fromList === target && fromIndex === index) return;
    update((st) => moveSection(st, uid, target, index));
  }

  function onDragCancel() {
    setActiveId(null);
    const before = snapshot.current;
    if (before) update(() => before);
  }

  const active = activeId ? { id: activeId, name: nameOf(activeId), isField: fieldKeyOf(activeId) !== null } : null;

  return { sensors, stateRef, active, announcements, containerName, onDragStart, onDragOver, onDragEnd, onDragCancel };
}
