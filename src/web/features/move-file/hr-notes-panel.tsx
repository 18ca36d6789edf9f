/**
 * The HR notes of the HR move page (issue 14; part 2 §7 "POST .../saveHRNotes {notesText, userId,
 * moveId}"; §3 "HR notes (userId, hrNotes)"): one text per move, saved as HR types through the
 * record's autosave queue (src/web/lib/use-autosave.ts: in order, one save in flight, the latest text
 * sent last) with Saving… / Saved / the error and Retry. Each save carries the time its text was
 * typed, so the server never lets an older save overwrite a newer one. The field shows the server's
 * text only when a save's answer differs from what was sent and nothing was typed since, so typing is
 * never overwritten.
 */
import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { HR_NOTES_MAX } from "../../../domain/moves/employee-file/schemas.ts";
import { AutosaveStatus } from "../../components/autosave-status.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { queryClient, trpc, trpcClient } from "../../lib/trpc.ts";
import { useAutosave, type Autosave } from "../../lib/use-autosave.ts";

type Ref = { group: string; employeeId: number; moveId: number };
type Draft = { notesText: string; savedAt: string };

export function HrNotesPanel(refs: Ref) {
  const { t } = useTranslation();
  const input = { group: refs.group, userId: refs.employeeId, moveId: refs.moveId };
  const query = useQuery({ ...trpc.employeeFile.hrNotes.queryOptions(input), retry: false, refetchOnWindowFocus: false });
  return (
    <Card className="min-w-0" data-testid="panel-hr-notes">
      <section aria-labelledby="panel-hr-notes-title">
        <CardHeader>
          <CardTitle id="panel-hr-notes-title">{t("employeeFile.hrNotes")}</CardTitle>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <LoadingRows rows={2} />
          ) : query.isError ? (
            <ErrorState message={serverMessage(query.error) ?? t("employeeFile.hrNotesLoadFailed")} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
          ) : (
            <NotesEditor refs={refs} stored={query.data} />
          )}
        </CardContent>
      </section>
    </Card>
  );
}

function NotesEditor({ refs, stored }: { refs: Ref; stored: { notesText: string; version: number; updatedAt: string | null; updatedBy: string | null } }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(stored.notesText);
  /** The field's text as typed (read by the save's answer, after any keystroke since). */
  const typed = useRef(stored.notesText);
  const input = { group: refs.group, userId: refs.employeeId, moveId: refs.moveId };
  const autosave = useAutosave<Draft>(`hr-notes:${refs.moveId}`, async (draft) => {
    const res = await trpcClient.employeeFile.saveHrNotes.mutate({ ...input, ...draft });
    queryClient.setQueryData(trpc.employeeFile.hrNotes.queryKey(input), res.notes);
    // The server kept a later text (another HR user's): show it, unless HR has typed since this save.
    if (res.notes.notesText !== draft.notesText && typed.current === draft.notesText) {
      typed.current = res.notes.notesText;
      setText(res.notes.notesText);
    }
    return res;
  });
  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-notes`} className="text-sm font-medium">
        {t("employeeFile.hrNotesLabel")}
      </label>
      <Textarea
        id={`${id}-notes`}
        rows={5}
        value={text}
        maxLength={HR_NOTES_MAX}
        aria-describedby={hintId}
        onChange={(e) => {
          const value = e.target.value;
          typed.current = value;
          setText(value);
          void autosave.save({ notesText: value, savedAt: new Date().toISOString() }).catch(() => undefined);
        }}
        data-testid="hr-notes-text"
      />
      <p id={hintId} className="text-[13px] text-muted-foreground">
        {t("employeeFile.hrNotesHint", { count: text.length, max: HR_NOTES_MAX })}
      </p>
      <NotesStatus autosave={autosave} stored={stored} />
    </div>
  );
}

function NotesStatus({ autosave, stored }: { autosave: Autosave<Draft>; stored: { version: number; updatedAt: string | null; updatedBy: string | null } }) {
  const { t } = useTranslation();
  if (autosave.status !== "idle") return <AutosaveStatus autosave={autosave as unknown as Autosave<never>} failureText={t("employeeFile.hrNotesFailed")} />;
  // Before anything is typed on this page: when the notes were last saved.
  return (
    <p aria-live="polite" className="text-[13px] text-muted-foreground" data-testid="hr-notes-saved">
      {stored.version > 0 && stored.updatedAt
        ? t("employeeFile.hrNotesLastSaved", { date: formatDateTime(stored.updatedAt), name: stored.updatedBy ?? "—" })
        : t("employeeFile.hrNotesNever")}
    </p>
  );
}
