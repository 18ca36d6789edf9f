/**
 * The form builder board's building blocks (part 2 §2 "Form builder"): a card's heading, the Move up /
 * Move down menu items, the field and section lists (each a drop zone), the sortable shell with its
 * drag handle, and a field's card with its badges, Edit button and actions menu.
 */
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, GripVertical, MoreHorizontal } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TFormField } from "../../../domain/policy/forms/schemas.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { CardDescription, CardTitle } from "../../components/ui/card.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/dropdown-menu.tsx";
import { cn } from "../../lib/utils.ts";
import { ADDED_SECTIONS, fieldDndId, sectionDndId, type BuilderSection } from "./builder-state.ts";

/** A board card's title (the id its section is labelled by) and hint. */
export function BoardCardHeading({ id, title, hint }: { id: string; title: string; hint: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <CardTitle id={id}>{title}</CardTitle>
      <CardDescription>{hint}</CardDescription>
    </div>
  );
}

/** "Move up" and "Move down" in an item's menu: `onMove` gets the new index. */
export function MoveUpDownItems({ index, count, onMove }: { index: number; count: number; onMove: (to: number) => void }) {
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
export function FieldList({
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
export function SectionList({
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
export function SortableShell({
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

export function FieldCard({
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
