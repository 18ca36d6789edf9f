import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, CornerDownLeft, GripVertical, MoreHorizontal, Plus, Undo2 } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TFormField } from "../../../domain/policy/forms/schemas.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "../../components/ui/dropdown-menu.tsx";
import { cn } from "../../lib/utils.ts";
import {
  ADDED_SECTIONS,
  AVAILABLE_FIELDS,
  AVAILABLE_SECTIONS,
  fieldDndId,
  fieldKeyOf,
  fieldsOf,
  locateField,
  moveField,
  moveSection,
  sectionBlocker,
  sectionDndId,
  sectionFieldsId,
  sectionUidOf,
  type BuilderSection,
  type BuilderState,
} from "./builder-state.ts";

type Update = (fn: (state: BuilderState) => BuilderState) => void;
type DndType = "field" | "field-container" | "section" | "section-container";

const typeOf = (data: unknown): DndType | undefined => (data && typeof data === "object" ? (data as { type?: DndType }).type : undefined);

/**
 * Fields drop on fields and field lists, sections on sections and section lists (the board nests
 * field lists inside section cards). Under the pointer an item beats its container; with the
 * keyboard (no pointer) the closest centre wins.
 */
const collision: CollisionDetection = (args) => {
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

/**
 * The board of part 2 §2 "Form builder": available fields and sections on the left, the form's
 * sections (each a drop zone of its fields) in the main area. Mouse and keyboard dragging
 * (dnd-kit), with the same moves behind every card's buttons.
 */
export function BuilderBoard({
  state,
  update,
  announce,
  errors,
  onEdit,
  addFieldButton,
  addSectionForm,
}: {
  state: BuilderState;
  update: Update;
  announce: (text: string) => void;
  errors: Record<string, string>;
  onEdit: (field: TFormField) => void;
  addFieldButton: ReactNode;
  addSectionForm: ReactNode;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const stateRef = useRef(state);
  stateRef.current = state;
  const snapshot = useRef<BuilderState | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  // After a button move the card remounts elsewhere: its actions button gets the focus back.
  const focusTargets = useRef(new Map<string, HTMLElement>());
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (!pendingFocus.current) return;
    const el = focusTargets.current.get(pendingFocus.current);
    pendingFocus.current = null;
    el?.focus();
  }, [state]);
  const registerFocus = (id: string) => (el: HTMLElement | null) => {
    if (el) focusTargets.current.set(id, el);
    else focusTargets.current.delete(id);
  };

  // A prefilled field names the field it is filled from (the form's one master), never an internal term.
  const masters = [...state.sections.flatMap((x) => x.fields), ...state.availableFields].filter((f) => f.master).map((f) => f.label);
  const filledFrom = masters.length === 1 ? t("formBuilder.badge.slaveOf", { name: masters[0]! }) : t("formBuilder.badge.slave");

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

  // Button moves: the same state functions, an announcement, the focus kept on the moved card.
  const moveFieldTo = (field: TFormField, container: string, index: number) => {
    pendingFocus.current = fieldDndId(field.key);
    update((st) => moveField(st, field.key, container, index));
    const total = (fieldsOf(stateRef.current, container)?.length ?? 0) + (locateField(stateRef.current, field.key)?.container === container ? 0 : 1);
    announce(
      container === AVAILABLE_FIELDS
        ? t("formBuilder.announce.fieldRemoved", { name: field.label })
        : t("formBuilder.announce.fieldMoved", { name: field.label, target: containerName(container), position: Math.min(index + 1, total), total }),
    );
  };
  const moveSectionTo = (section: BuilderSection, target: "added" | "available", index: number) => {
    pendingFocus.current = sectionDndId(section.uid);
    update((st) => moveSection(st, section.uid, target, index));
    if (target === "available") announce(t("formBuilder.announce.sectionRemoved", { name: section.name }));
    else if (stateRef.current.sections.some((x) => x.uid === section.uid))
      announce(t("formBuilder.announce.sectionMoved", { name: section.name, position: index + 1, total: stateRef.current.sections.length }));
    else announce(t("formBuilder.announce.sectionAdded", { name: section.name }));
  };

  const active = activeId ? { id: activeId, name: nameOf(activeId), isField: fieldKeyOf(activeId) !== null } : null;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("formBuilder.dnd.instructions") } }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 desktop:grid-cols-[22rem_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <section aria-labelledby="fb-available-fields">
            <Card>
              <CardHeader className="flex-row items-start justify-between gap-3 pb-4">
                <BoardCardHeading id="fb-available-fields" title={t("formBuilder.availableFields")} hint={t("formBuilder.availableFieldsHint")} />
                {addFieldButton}
              </CardHeader>
              <FieldList
                container={AVAILABLE_FIELDS}
                droppableId={AVAILABLE_FIELDS}
                fields={state.availableFields}
                label={t("formBuilder.availableFields")}
                empty={t("formBuilder.availableFieldsEmpty")}
                className="px-4 pb-4"
              >
                {(field, index) => (
                  <FieldCard
                    key={field.key}
                    field={field}
                    filledFrom={filledFrom}
                    error={errors[field.key]}
                    focusRef={registerFocus(fieldDndId(field.key))}
                    onEdit={() => onEdit(field)}
                    menu={
                      <>
                        {state.sections.length === 0 ? <DropdownMenuItem disabled>{t("formBuilder.addSectionFirst")}</DropdownMenuItem> : null}
                        {state.sections.map((s) => (
                          <DropdownMenuItem key={s.uid} onSelect={() => moveFieldTo(field, s.uid, s.fields.length)}>
                            <CornerDownLeft aria-hidden="true" />
                            {t("formBuilder.addTo", { section: s.name })}
                          </DropdownMenuItem>
                        ))}
                        <DropdownMenuSeparator />
                        <MoveUpDownItems index={index} count={state.availableFields.length} onMove={(to) => moveFieldTo(field, AVAILABLE_FIELDS, to)} />
                      </>
                    }
                  />
                )}
              </FieldList>
            </Card>
          </section>

          <section aria-labelledby="fb-available-sections">
            <Card>
              <CardHeader className="pb-4">
                <BoardCardHeading id="fb-available-sections" title={t("formBuilder.availableSections")} hint={t("formBuilder.availableSectionsHint")} />
              </CardHeader>
              <SectionList droppableId={AVAILABLE_SECTIONS} sections={state.availableSections} label={t("formBuilder.availableSections")} empty={t("formBuilder.availableSectionsEmpty")} className="px-4 pb-4">
                {(section) => (
                  <SortableShell key={section.uid} id={sectionDndId(section.uid)} type="section" name={section.name} className="flex items-center gap-2 rounded-lg border border-border bg-surface px-2 py-2">
                    <span className="min-w-0 flex-1 text-sm font-medium [overflow-wrap:anywhere]">{section.name}</span>
                    <Button
                      ref={registerFocus(sectionDndId(section.uid))}
                      variant="outline"
                      size="sm"
                      aria-label={t("formBuilder.addSectionToForm", { name: section.name })}
                      onClick={() => moveSectionTo(section, "added", stateRef.current.sections.length)}
                    >
                      <Plus aria-hidden="true" />
                      {t("formBuilder.addToForm")}
                    </Button>
                  </SortableShell>
                )}
              </SectionList>
            </Card>
          </section>
        </div>

        <section aria-labelledby="fb-form">
          <Card>
            <CardHeader className="gap-3 pb-4">
              <BoardCardHeading id="fb-form" title={t("formBuilder.form")} hint={t("formBuilder.formHint")} />
              {addSectionForm}
            </CardHeader>
            {errors["sections"] ? (
              <p className="px-6 pb-2 text-[13px] font-medium text-destructive">{errors["sections"]}</p>
            ) : null}
            <SectionList droppableId={ADDED_SECTIONS} sections={state.sections} label={t("formBuilder.form")} empty={t("formBuilder.formEmpty")} className="gap-4 px-4 pb-4 tablet:px-6 tablet:pb-6">
              {(section, sIndex) => {
                const blocker = sectionBlocker(section);
                const sectionError = errors[`sections.${sIndex}`] ?? errors[`sections.${sIndex}.name`];
                return (
                  <SortableShell
                    key={section.uid}
                    id={sectionDndId(section.uid)}
                    type="section"
                    name={section.name}
                    className="flex flex-col gap-3 rounded-xl border border-border bg-background p-3"
                    header={
                      <>
                        <div className="min-w-0 flex-1">
                          <h3 className="text-[15px] font-semibold [overflow-wrap:anywhere]">{section.name}</h3>
                          <p className="text-xs text-muted-foreground">{t("formBuilder.sectionFieldsCount", { count: section.fields.length })}</p>
                        </div>
                        <DropdownMenu>
                          <DropdownMenuTrigger asChild>
                            <Button ref={registerFocus(sectionDndId(section.uid))} variant="ghost" size="icon" aria-label={t("formBuilder.sectionActions", { name: section.name })}>
                              <MoreHorizontal aria-hidden="true" />
                            </Button>
                          </DropdownMenuTrigger>
                          <DropdownMenuContent>
                            <MoveUpDownItems index={sIndex} count={state.sections.length} onMove={(to) => moveSectionTo(section, "added", to)} />
                            <DropdownMenuSeparator />
                            <DropdownMenuItem disabled={!!blocker} onSelect={() => moveSectionTo(section, "available", stateRef.current.availableSections.length)}>
                              <Undo2 aria-hidden="true" />
                              {t("formBuilder.removeSection")}
                            </DropdownMenuItem>
                            {blocker ? <DropdownMenuLabel className="max-w-64 text-xs text-muted-foreground">{t("formBuilder.cannotDelete", { label: blocker.label })}</DropdownMenuLabel> : null}
                          </DropdownMenuContent>
                        </DropdownMenu>
                      </>
                    }
                  >
                    {sectionError ? <p className="text-[13px] font-medium text-destructive">{sectionError}</p> : null}
                    <FieldList
                      container={section.uid}
                      droppableId={sectionFieldsId(section.uid)}
                      fields={section.fields}
                      label={section.name}
                      empty={t("formBuilder.sectionEmpty")}
                      dashed
                    >
                      {(field, index) => (
                        <FieldCard
                          key={field.key}
                          field={field}
                          filledFrom={filledFrom}
                          error={errors[field.key]}
                          focusRef={registerFocus(fieldDndId(field.key))}
                          onEdit={() => onEdit(field)}
                          menu={
                            <>
                              {state.sections
                                .filter((s) => s.uid !== section.uid)
                                .map((s) => (
                                  <DropdownMenuItem key={s.uid} onSelect={() => moveFieldTo(field, s.uid, s.fields.length)}>
                                    <CornerDownLeft aria-hidden="true" />
                                    {t("formBuilder.moveTo", { section: s.name })}
                                  </DropdownMenuItem>
                                ))}
                              <MoveUpDownItems index={index} count={section.fields.length} onMove={(to) => moveFieldTo(field, section.uid, to)} />
                              <DropdownMenuSeparator />
                              <DropdownMenuItem disabled={!field.canBeDeleted} onSelect={() => moveFieldTo(field, AVAILABLE_FIELDS, stateRef.current.availableFields.length)}>
                                <Undo2 aria-hidden="true" />
                                {t("formBuilder.removeFromForm")}
                              </DropdownMenuItem>
                              {field.canBeDeleted ? null : (
                                <DropdownMenuLabel className="max-w-64 text-xs text-muted-foreground">{t("formBuilder.cannotDelete", { label: field.label })}</DropdownMenuLabel>
                              )}
                            </>
                          }
                        />
                      )}
                    </FieldList>
                  </SortableShell>
                );
              }}
            </SectionList>
          </Card>
        </section>
      </div>
      <DragOverlay>
        {active ? (
          <div className={cn("flex items-center gap-2 rounded-lg border border-primary bg-surface px-3 py-2 text-sm font-medium shadow-dialog", active.isField ? "" : "py-3")}>
            <GripVertical className="size-4 text-muted-foreground" aria-hidden="true" />
            {active.name}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

/** A board card's title (the id its section is labelled by) and hint. */
function BoardCardHeading({ id, title, hint }: { id: string; title: string; hint: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <CardTitle id={id}>{title}</CardTitle>
      <CardDescription>{hint}</CardDescription>
    </div>
  );
}

/** "Move up" and "Move down" in an item's menu: `onMove` gets the new index. */
function MoveUpDownItems({ index, count, onMove }: { index: number; count: number; onMove: (to: number) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <DropdownMenuItem disabled={index === 0} onSelect={() => onMove(index - 1)}>
        <ArrowUp aria-hidden="true" />
        {t("formBuilder.moveUp")}
      </DropdownMenuItem>
      <DropdownMenuItem disabled={index === count - 1} onSelect={() => onMove(index + 1)}>
        <ArrowDown aria-hidden="true" />
        {t("formBuilder.moveDown")}
      </DropdownMenuItem>
    </>
  );
}

/** A list of fields that is also a drop zone (the available list or a section). */
function FieldList({
  container,
  droppableId,
  fields,
  label,
  empty,
  dashed = false,
  className,
  children,
}: {
  container: string;
  droppableId: string;
  fields: TFormField[];
  label: string;
  empty: string;
  dashed?: boolean;
  className?: string;
  children: (field: TFormField, index: number) => ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: droppableId, data: { type: "field-container" } });
  return (
    <SortableContext id={container} items={fields.map((f) => fieldDndId(f.key))} strategy={verticalListSortingStrategy}>
      <div ref={setNodeRef} data-testid={`field-list-${label}`} className={cn("min-h-14 rounded-lg", dashed && "border border-dashed border-border p-2", isOver && "bg-primary-soft/40", className)}>
        {fields.length === 0 ? <p className="px-2 py-3 text-sm text-muted-foreground">{empty}</p> : null}
        <ul aria-label={label} className="flex flex-col gap-2">
          {fields.map((f, i) => children(f, i))}
        </ul>
      </div>
    </SortableContext>
  );
}

/** A list of sections that is also a drop zone (the form or the available sections). */
function SectionList({
  droppableId,
  sections,
  label,
  empty,
  className,
  children,
}: {
  droppableId: string;
  sections: BuilderSection[];
  label: string;
  empty: string;
  className?: string;
  children: (section: BuilderSection, index: number) => ReactNode;
}) {
  const { setNodeRef } = useDroppable({ id: droppableId, data: { type: "section-container" } });
  return (
    <SortableContext id={droppableId} items={sections.map((s) => sectionDndId(s.uid))} strategy={verticalListSortingStrategy}>
      <div ref={setNodeRef} className={cn("min-h-14", className)}>
        {sections.length === 0 ? <p className="px-2 py-3 text-sm text-muted-foreground">{empty}</p> : null}
        <ul aria-label={label} className={cn("flex flex-col", droppableId === ADDED_SECTIONS ? "gap-4" : "gap-2")}>
          {sections.map((s, i) => children(s, i))}
        </ul>
      </div>
    </SortableContext>
  );
}

/** A sortable item with its drag handle (a real button: Space or Enter picks it up). */
function SortableShell({
  id,
  type,
  name,
  className,
  header,
  children,
}: {
  id: string;
  type: "field" | "section";
  name: string;
  className?: string;
  header?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, data: { type } });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t("formBuilder.drag", { name })}
      className="flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing"
    >
      <GripVertical className="size-4" aria-hidden="true" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      data-testid={`${type}-${name}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(className, isDragging && "opacity-40")}
    >
      {header ? (
        <>
          <div className="flex items-center gap-2">
            {handle}
            {header}
          </div>
          {children}
        </>
      ) : (
        <>
          {handle}
          {children}
        </>
      )}
    </li>
  );
}

/** A badge that may wrap inside a narrow card instead of running under the buttons. */
const BADGE_WRAP = "max-w-full whitespace-normal [overflow-wrap:anywhere]";

function FieldCard({
  field,
  filledFrom,
  error,
  focusRef,
  onEdit,
  menu,
}: {
  field: TFormField;
  /** What the prefilled-field badge says ("Filled from Business unit"). */
  filledFrom: string;
  error?: string;
  focusRef: (el: HTMLElement | null) => void;
  onEdit: () => void;
  menu: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SortableShell
      id={fieldDndId(field.key)}
      type="field"
      name={field.label}
      className="flex flex-col gap-1 rounded-lg border border-border bg-surface px-2 py-2 shadow-xs"
      header={
        <>
          {/* Titles and badges wrap (never cut off at 390 px); the model name is the builder's internal term and stays in the edit dialog. */}
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium [overflow-wrap:anywhere]" data-testid="field-title">
              {field.label}
            </p>
            <div className="mt-1.5 flex min-w-0 flex-wrap gap-1">
              <Badge variant="info" className={BADGE_WRAP}>
                {t(`formBuilder.formType.${field.formType}`)}
              </Badge>
              {field.mandatory ? (
                <Badge variant="warning" className={BADGE_WRAP}>
                  {t("formBuilder.badge.mandatory")}
                </Badge>
              ) : null}
              {field.core ? <Badge className={BADGE_WRAP}>{t("formBuilder.badge.core")}</Badge> : null}
              {field.master ? <Badge className={BADGE_WRAP}>{t("formBuilder.badge.master")}</Badge> : null}
              {field.slave ? <Badge className={BADGE_WRAP}>{filledFrom}</Badge> : null}
              {field.shown ? null : <Badge className={BADGE_WRAP}>{t("formBuilder.badge.hidden")}</Badge>}
            </div>
          </div>
          <Button variant="outline" size="sm" aria-label={t("formBuilder.editNamed", { name: field.label })} onClick={onEdit}>
            {t("formBuilder.edit")}
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button ref={focusRef} variant="ghost" size="icon" className="size-8" aria-label={t("formBuilder.fieldActions", { name: field.label })}>
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>{menu}</DropdownMenuContent>
          </DropdownMenu>
        </>
      }
    >
      {error ? <p className="text-[13px] font-medium text-destructive">{error}</p> : null}
    </SortableShell>
  );
}
