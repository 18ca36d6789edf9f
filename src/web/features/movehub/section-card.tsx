/**
 * One move hub section (a move stage, part 1 §2 "Move hub task list") with its tasks: the section's
 * status, its drop area, and each task's row with drag handle (dnd-kit sortable; §9 touch), done
 * checkbox, overdue badge, description (cut at two lines, opened with a tap or More), due date, and
 * edit / delete buttons; the task being edited shows its form instead.
 */
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TMoveHubItem, TMoveHubSection } from "../../../domain/employee/movehub/schemas.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Input } from "../../components/ui/input.tsx";
import { formatDate } from "../../lib/format.ts";
import { cn } from "../../lib/utils.ts";
import { itemKey, sectionKey, type Draft } from "./hub-items.ts";
import { TaskForm } from "./task-form.tsx";
import { isTap, LONG_PRESS_TOLERANCE_PX } from "./touch.ts";

const statusVariant = { OPEN: "info", OVERDUE: "destructive", DONE: "success" } as const;

export type SectionProps = {
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

export function SectionCard(p: SectionProps) {
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
