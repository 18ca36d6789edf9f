/** The move hub's add / edit form of one task: title (required), description, due date (part 1 §4). */
import { useEffect, useRef, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import type { Draft } from "./hub-items.ts";

export function TaskForm({
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
