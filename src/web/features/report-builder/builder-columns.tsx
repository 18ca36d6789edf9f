/**
 * The builder's fields and columns (issue 26 "drag fields into columns (dnd-kit, keyboard too)"): the subject's
 * available fields and the report's columns, both dnd-kit lists. A field dragged onto the columns is added where
 * it lands; a column dragged along the columns is reordered, dragged back onto the fields it is removed. With the
 * keyboard: Space picks up, the arrow keys move, Space drops (Escape cancels). Each field also has an Add button,
 * each column Move up / Move down / Remove buttons and its editable title.
 */
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, GripVertical, Plus, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTexts } from "./use-texts.ts";
import type { TStandardField } from "../../../domain/reporting/builder-schemas.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { cn } from "../../lib/utils.ts";
import { addColumn, moveColumn, removeColumn, renameColumn, type BuilderState } from "./builder-state.ts";

const AVAILABLE = "available";
const COLUMNS = "columns";
const availId = (id: string) => `avail:${id}`;
const colId = (id: string) => `col:${id}`;
const fieldOfDnd = (dnd: string) => (dnd.startsWith("avail:") ? dnd.slice(6) : dnd.startsWith("col:") ? dnd.slice(4) : null);

function Sortable({ id, label, children }: { id: string; label: string; children: (handle: ReactNode) => ReactNode }) {
  const { t } = useTexts();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t("reportBuilder.dragHandle", { name: label })}
      className="flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      data-testid={`drag-${id}`}
    >
      <GripVertical aria-hidden="true" className="size-4" />
    </button>
  );
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} className={cn("list-none", isDragging && "opacity-40")}>
      {children(handle)}
    </li>
  );
}

function DropList({ id, labelledBy, children, className }: { id: string; labelledBy: string; children: ReactNode; className?: string }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <ul ref={setNodeRef} aria-labelledby={labelledBy} data-testid={`list-${id}`} className={cn("flex min-h-28 flex-col gap-2 rounded-lg border border-dashed p-2", isOver && "border-primary bg-primary/5", className)}>
      {children}
    </ul>
  );
}

export function BuilderColumns({
  state,
  fields,
  onChange,
  announce,
}: {
  state: BuilderState;
  /** The subject's enabled fields. */
  fields: TStandardField[];
  onChange: (fn: (s: BuilderState) => BuilderState) => void;
  announce: (text: string) => void;
}) {
  const { t } = useTexts();
  const [active, setActive] = useState<string | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const byId = new Map(fields.map((f) => [f.id, f]));
  const available = fields.filter((f) => !state.columns.some((c) => c.id === f.id));
  const nameOf = (dnd: string) => {
    const id = fieldOfDnd(dnd);
    return (id && (state.columns.find((c) => c.id === id)?.title || byId.get(id)?.editableName)) || dnd;
  };
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t("reportBuilder.announce.pickedUp", { name: nameOf(String(a.id)) }),
    onDragOver: ({ active: a, over }) => (over && (over.id === COLUMNS || String(over.id).startsWith("col:")) ? t("reportBuilder.announce.over", { name: nameOf(String(a.id)) }) : undefined),
    onDragEnd: ({ active: a }) => t("reportBuilder.announce.dropped", { name: nameOf(String(a.id)) }),
    onDragCancel: () => t("reportBuilder.announce.cancelled"),
  };

  function onDragEnd({ active: a, over, delta, activatorEvent }: DragEndEvent) {
    setActive(null);
    if (!over) return;
    const dragged = String(a.id);
    const target = String(over.id);
    const id = fieldOfDnd(dragged)!;
    const overColumn = target === COLUMNS || target.startsWith("col:");
    const overIndex = target.startsWith("col:") ? state.columns.findIndex((c) => c.id === target.slice(4)) : state.columns.length;
    if (dragged.startsWith("avail:") && overColumn) {
      const field = byId.get(id);
      if (!field) return;
      // Over a column: before it, or after it when let go below the column's middle.
      // Where the pointer let go (a keyboard drop lands before the column it is over).
      const pointerY = activatorEvent && "clientY" in activatorEvent ? (activatorEvent as PointerEvent).clientY + delta.y : null;
      const after = target.startsWith("col:") && pointerY !== null && pointerY > over.rect.top + over.rect.height / 2;
      onChange((s) => addColumn(s, field, overIndex + (after ? 1 : 0)));
      announce(t("reportBuilder.announce.added", { name: field.editableName }));
    } else if (dragged.startsWith("col:")) {
      const from = state.columns.findIndex((c) => c.id === id);
      if (target === AVAILABLE || target.startsWith("avail:")) {
        onChange((s) => removeColumn(s, id));
        announce(t("reportBuilder.announce.removed", { name: nameOf(dragged) }));
      } else if (target.startsWith("col:") && overIndex >= 0 && overIndex !== from) {
        onChange((s) => moveColumn(s, from, overIndex));
        announce(t("reportBuilder.announce.moved", { name: nameOf(dragged), position: overIndex + 1 }));
      }
    }
  }

  const add = (f: TStandardField) => {
    onChange((s) => addColumn(s, f));
    announce(t("reportBuilder.announce.added", { name: f.editableName }));
  };
  const move = (from: number, to: number) => {
    const name = state.columns[from]?.title ?? "";
    onChange((s) => moveColumn(s, from, to));
    announce(t("reportBuilder.announce.moved", { name, position: to + 1 }));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements }}
      onDragStart={({ active: a }) => setActive(String(a.id))}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
    >
      <div className="grid gap-4 desktop:grid-cols-2">
        <section aria-labelledby="rb-available" className="flex min-w-0 flex-col gap-2">
          <h2 id="rb-available" className="text-base font-semibold">
            {t("reportBuilder.available")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("reportBuilder.availableHint")}</p>
          <SortableContext id={AVAILABLE} items={available.map((f) => availId(f.id))} strategy={verticalListSortingStrategy}>
            <DropList id={AVAILABLE} labelledBy="rb-available">
              {available.length === 0 ? <li className="list-none p-2 text-sm text-muted-foreground">{t("reportBuilder.noAvailable")}</li> : null}
              {available.map((f) => (
                <Sortable key={f.id} id={availId(f.id)} label={f.editableName}>
                  {(handle) => (
                    <div className="flex items-center gap-2 rounded-md border bg-card p-1 pr-2" data-testid={`field-${f.id}`}>
                      {handle}
                      <span className="min-w-0 flex-1 truncate text-sm">
                        {f.editableName} <span className="text-muted-foreground">({t(`reportBuilder.kind.${f.kind}`)})</span>
                      </span>
                      <Button type="button" size="sm" variant="outline" onClick={() => add(f)} aria-label={t("reportBuilder.addField", { name: f.editableName })}>
                        <Plus aria-hidden="true" />
                        {t("reportBuilder.add")}
                      </Button>
                    </div>
                  )}
                </Sortable>
              ))}
            </DropList>
          </SortableContext>
        </section>
        <section aria-labelledby="rb-columns" className="flex min-w-0 flex-col gap-2">
          <h2 id="rb-columns" className="text-base font-semibold">
            {t("reportBuilder.columns")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("reportBuilder.columnRequired")}</p>
          <SortableContext id={COLUMNS} items={state.columns.map((c) => colId(c.id))} strategy={verticalListSortingStrategy}>
            <DropList id={COLUMNS} labelledBy="rb-columns" className="bg-muted/30">
              {state.columns.length === 0 ? <li className="list-none p-2 text-sm text-muted-foreground">{t("reportBuilder.columnsEmpty")}</li> : null}
              {state.columns.map((c, i) => {
                const field = byId.get(c.id);
                const name = field?.editableName ?? c.id;
                return (
                  <Sortable key={c.id} id={colId(c.id)} label={c.title || name}>
                    {(handle) => (
                      <div className="flex flex-wrap items-center gap-1 rounded-md border bg-card p-1" data-testid={`column-${c.id}`}>
                        {handle}
                        <Input
                          aria-label={t("reportBuilder.columnTitle", { name })}
                          value={c.title}
                          maxLength={100}
                          onChange={(e) => onChange((s) => renameColumn(s, c.id, e.target.value))}
                          className="h-9 min-w-0 flex-1 basis-32"
                        />
                        <div className="flex items-center">
                          <Button type="button" size="icon" variant="ghost" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t("reportBuilder.moveUp", { name })}>
                            <ArrowUp aria-hidden="true" />
                          </Button>
                          <Button type="button" size="icon" variant="ghost" disabled={i === state.columns.length - 1} onClick={() => move(i, i + 1)} aria-label={t("reportBuilder.moveDown", { name })}>
                            <ArrowDown aria-hidden="true" />
                          </Button>
                          <Button
                            type="button"
                            size="icon"
                            variant="ghost"
                            onClick={() => {
                              onChange((s) => removeColumn(s, c.id));
                              announce(t("reportBuilder.announce.removed", { name }));
                            }}
                            aria-label={t("reportBuilder.removeColumn", { name })}
                          >
                            <X aria-hidden="true" />
                          </Button>
                        </div>
                      </div>
                    )}
                  </Sortable>
                );
              })}
            </DropList>
          </SortableContext>
        </section>
      </div>
      <DragOverlay>{active ? <div className="rounded-md border bg-card px-3 py-2 text-sm shadow-lg">{nameOf(active)}</div> : null}</DragOverlay>
    </DndContext>
  );
}
