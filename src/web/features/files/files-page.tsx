/**
 * Employee files (issue 14; part 1 §2 "File upload area; HR employee files page with add, update and
 * delete file popups", §3 File, §5 upload rules, §8 upload failure text).
 * - `FilesPage mode="hr"`: /{group}/employeefile/files?employeeId= for HR of the group and admins.
 * - `FilesPage mode="mine"`: /files, the employee's own documents, phone first (390 px).
 * Uploads go to the streamed documented path POST /hr/json/employee/files/upload (never through a
 * JSON body); reads and changes through the `files` tRPC router; downloads are plain links to
 * /download?hash=, which checks access on the server.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Camera, Download, FileText, Pencil, Plus, Trash2, Upload } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { MAX_FILE_BYTES } from "../../../domain/employee/files/limits.ts";
import { SHARE_TARGETS, type TFile, type TFileCategory, type TShareTarget } from "../../../domain/employee/files/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { useGroupDisplayName } from "../../lib/group-name.ts";
import { fullName, useSignedInUser } from "../../lib/session.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

const linkClasses = "font-medium text-primary underline-offset-4 hover:underline focus-visible:underline";
const UPLOAD_PATH = "/hr/json/employee/files/upload";
const ACCEPT = "application/pdf,image/png,image/jpeg,image/gif,image/webp,image/heic,.heic,.doc,.docx,.xls,.xlsx,.txt,text/plain";

type Mode = "hr" | "mine";
type Props = { mode: Mode; group?: string; employeeId?: number };

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 102.4) / 10)} KB`;
  return `${formatNumber(Math.round(bytes / (1024 * 102.4)) / 10)} MB`;
}

export function FilesPage({ mode, group, employeeId }: Props) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const groupName = useGroupDisplayName(group ?? me.group?.name ?? "");
  const [status, setStatus] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  if (mode === "hr" && employeeId === undefined) {
    return (
      <div className="mx-auto w-full max-w-5xl">
        <PageHeader title={t("files.title")} />
        <Card>
          <EmptyState title={t("files.missingTitle")} description={t("files.missingBody")} />
        </Card>
      </div>
    );
  }

  const listInput = mode === "hr" ? { employeeId } : {};
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.files.list.queryKey(listInput) });

  return (
    <div className="mx-auto flex w-full min-w-0 max-w-5xl flex-col gap-6">
      <PageHeader
        eyebrow={mode === "hr" ? t("files.eyebrowHr", { group: groupName }) : t("files.eyebrowMine", { name: fullName(me) })}
        title={mode === "hr" ? t("files.title") : t("files.myTitle")}
        description={mode === "hr" ? t("files.introHr") : t("files.introMine")}
        actions={
          mode === "hr" ? (
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              {t("files.add")}
            </Button>
          ) : undefined
        }
      />
      <p role="status" aria-live="polite" className={status ? "text-sm font-medium text-success" : "sr-only"}>
        {status ?? ""}
      </p>
      {mode === "mine" ? (
        <Card>
          <section aria-labelledby="upload-area-title">
            <CardHeader>
              <CardTitle id="upload-area-title">{t("files.uploadArea")}</CardTitle>
            </CardHeader>
            <CardContent>
              <UploadForm
                mode={mode}
                onUploaded={(name) => {
                  setStatus(t("files.uploadSuccess", { name }));
                  void refresh();
                }}
              />
            </CardContent>
          </section>
        </Card>
      ) : (
        <Dialog open={adding} onOpenChange={setAdding}>
          <DialogContent closeLabel={t("files.close")} className="max-h-[90vh] overflow-y-auto">
            <DialogTitle className="text-lg font-semibold">{t("files.addTitle")}</DialogTitle>
            <DialogDescription className="text-sm text-muted-foreground">{t("files.addDescription")}</DialogDescription>
            <UploadForm
              mode={mode}
              employeeId={employeeId}
              onCancel={() => setAdding(false)}
              onUploaded={(name) => {
                setAdding(false);
                setStatus(t("files.uploadSuccess", { name }));
                void refresh();
              }}
            />
          </DialogContent>
        </Dialog>
      )}
      <FileList mode={mode} listInput={listInput} onStatus={setStatus} onAdd={mode === "hr" ? () => setAdding(true) : undefined} />
      {mode === "hr" && group && employeeId !== undefined ? (
        <p>
          <Link to="/$group/employeefile/summaryView" params={{ group }} search={{ employeeId }} className={linkClasses}>
            {t("files.backToMove")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function useCategories() {
  return useQuery(trpc.files.categories.queryOptions(undefined, { staleTime: 10 * 60_000 }));
}

function ShareBoxes({ value, onChange, disabled }: { value: TShareTarget[]; onChange: (next: TShareTarget[]) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-foreground">{t("files.shareWith")}</legend>
      {SHARE_TARGETS.map((target) => (
        <div key={target} className="flex items-center gap-2">
          <Checkbox
            id={`${id}-${target}`}
            checked={value.includes(target)}
            disabled={disabled}
            onCheckedChange={(checked) => onChange(checked === true ? [...new Set([...value, target])] : value.filter((v) => v !== target))}
          />
          <Label htmlFor={`${id}-${target}`} className="font-normal">
            {t(`files.share.${target}`)}
          </Label>
        </div>
      ))}
    </fieldset>
  );
}

function CategorySelect({ id, value, onChange, categories }: { id: string; value: string; onChange: (v: string) => void; categories: TFileCategory[] }) {
  const { t } = useTranslation();
  return (
    <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t("files.noCategory")}</option>
      {categories.map((c) => (
        <option key={c.id} value={String(c.id)}>
          {c.label}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The file upload area (inline for the employee, in the add popup for HR). */
function UploadForm({ mode, employeeId, onUploaded, onCancel }: { mode: Mode; employeeId?: number; onUploaded: (name: string) => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const categories = useCategories();
  const defaults = useQuery(trpc.files.defaultPermissions.queryOptions());
  const [file, setFile] = useState<File | null>(null);
  const [category, setCategory] = useState("");
  const [notes, setNotes] = useState("");
  const [share, setShare] = useState<TShareTarget[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cameraRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const shareWith = share ?? defaults.data?.shareWith ?? ["MG", "HR"];

  function choose(list: FileList | null) {
    const chosen = list?.[0] ?? null;
    setFile(chosen);
    setError(chosen && chosen.size > MAX_FILE_BYTES ? t("files.fileTooLarge") : null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file || file.size === 0) return setError(t("files.fileMandatory"));
    if (file.size > MAX_FILE_BYTES) return setError(t("files.fileTooLarge"));
    const body = new FormData();
    if (mode === "hr" && employeeId !== undefined) body.append("empId", String(employeeId));
    if (category) body.append("categoryId", category);
    if (notes) body.append("notes", notes);
    body.append("shareWith", shareWith.join(","));
    body.append("file", file, file.name);
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(UPLOAD_PATH, { method: "POST", body, credentials: "same-origin" });
      const answer = (await res.json().catch(() => null)) as { success?: boolean; errorMessage?: string | null } | null;
      if (!res.ok || !answer?.success) {
        setError(answer?.errorMessage || t("files.uploadFailed"));
        return;
      }
      const name = file.name;
      setFile(null);
      setNotes("");
      setCategory("");
      if (cameraRef.current) cameraRef.current.value = "";
      if (fileRef.current) fileRef.current.value = "";
      onUploaded(name);
    } catch {
      setError(t("files.uploadFailed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-4" aria-describedby={error ? `${id}-error` : undefined}>
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium text-foreground" id={`${id}-file-label`}>
          {t("files.file")}
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        </span>
        <div className="flex flex-wrap gap-2">
          {/* The camera input opens the phone's camera; the other picks any allowed file. Both are real inputs behind labelled buttons. */}
          <input ref={cameraRef} id={`${id}-camera`} type="file" accept="image/*" capture="environment" className="sr-only" onChange={(e) => choose(e.target.files)} data-testid="file-camera" tabIndex={-1} aria-hidden="true" />
          <input ref={fileRef} id={`${id}-picker`} type="file" accept={ACCEPT} className="sr-only" onChange={(e) => choose(e.target.files)} data-testid="file-picker" tabIndex={-1} aria-hidden="true" />
          <Button type="button" variant="outline" onClick={() => cameraRef.current?.click()}>
            <Camera aria-hidden="true" />
            {t("files.takePhoto")}
          </Button>
          <Button type="button" variant="outline" onClick={() => fileRef.current?.click()}>
            <FileText aria-hidden="true" />
            {t("files.chooseFile")}
          </Button>
        </div>
        <p className="break-all text-sm text-muted-foreground" aria-live="polite">
          {file ? t("files.chosen", { name: file.name, size: sizeText(file.size) }) : t("files.noneChosen")}
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-category`}>{t("files.category")}</Label>
        <CategorySelect id={`${id}-category`} value={category} onChange={setCategory} categories={categories.data ?? []} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-notes`}>{t("files.notes")}</Label>
        <Textarea id={`${id}-notes`} value={notes} maxLength={2000} rows={2} onChange={(e) => setNotes(e.target.value)} />
      </div>
      <ShareBoxes value={shareWith} onChange={setShare} />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t("files.cancel")}
          </Button>
        ) : null}
        <Button type="submit" busy={busy} disabled={busy}>
          <Upload aria-hidden="true" />
          {busy ? t("files.uploading") : t("files.upload")}
        </Button>
      </div>
    </form>
  );
}

function FileList({ mode, listInput, onStatus, onAdd }: { mode: Mode; listInput: { employeeId?: number }; onStatus: (s: string) => void; onAdd?: () => void }) {
  const { t } = useTranslation();
  const list = useQuery(trpc.files.list.queryOptions(listInput));
  const [editing, setEditing] = useState<TFile | null>(null);
  const [deleting, setDeleting] = useState<TFile | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.files.list.queryKey(listInput) });
  const remove = useMutation(
    trpc.files.delete.mutationOptions({
      onSuccess: (_r, input) => {
        const name = list.data?.files.find((f) => f.id === input.fileId)?.name ?? "";
        onStatus(t("files.deleted", { name }));
        void refresh();
      },
      onError: (error) => setFailure(serverMessage(error) ?? t("files.actionFailed")),
    }),
  );

  return (
    <Card className="min-w-0">
      <section aria-labelledby="files-list-title">
        <CardHeader>
          <CardTitle id="files-list-title">{t("files.listTitle")}</CardTitle>
        </CardHeader>
        <CardContent className="min-w-0">
          {failure ? (
            <Alert variant="destructive" className="mb-4">
              {failure}
            </Alert>
          ) : null}
          {list.isPending ? (
            <LoadingRows rows={3} />
          ) : list.isError ? (
            <ErrorState message={serverMessage(list.error) ?? t("files.loadFailed")} retryLabel={t("files.retry")} onRetry={() => void list.refetch()} />
          ) : list.data.files.length === 0 ? (
            <EmptyState
              headingLevel={3}
              title={t("files.emptyTitle")}
              description={mode === "hr" ? t("files.emptyHr") : t("files.emptyMine")}
              action={
                onAdd ? (
                  <Button variant="outline" onClick={onAdd}>
                    <Plus aria-hidden="true" />
                    {t("files.add")}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <ul className="flex min-w-0 flex-col divide-y divide-border" data-testid="files-list">
              {list.data.files.map((file) => (
                <li key={file.id} className="flex min-w-0 flex-col gap-3 py-4 tablet:flex-row tablet:items-start tablet:justify-between" data-testid="file-row">
                  <div className="flex min-w-0 flex-col gap-1">
                    <span className="break-all font-medium text-foreground">{file.name}</span>
                    <span className="text-sm text-muted-foreground">
                      {[file.category?.label, sizeText(file.size), t("files.uploadedOn", { date: formatDate(file.uploadedAt) })].filter(Boolean).join(" · ")}
                    </span>
                    <div className="flex flex-wrap gap-1.5">
                      {file.shareWith.length === 0 ? <Badge variant="neutral">{t("files.sharedWithNobody")}</Badge> : null}
                      {file.shareWith.map((s) => (
                        <Badge key={s} variant="info">
                          {t(`files.share.${s}.short`)}
                        </Badge>
                      ))}
                      {mode === "mine" && file.uploadedByRole !== "EMPLOYEE" ? <Badge variant="neutral">{t("files.byStaff")}</Badge> : null}
                    </div>
                    {file.notes ? <p className="whitespace-pre-wrap break-words text-sm text-foreground">{file.notes}</p> : null}
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <Button asChild variant="outline" size="sm">
                      <a href={file.downloadUrl} download={file.name} aria-label={t("files.download", { name: file.name })}>
                        <Download aria-hidden="true" />
                      </a>
                    </Button>
                    {file.canEdit ? (
                      <>
                        <Button variant="outline" size="sm" aria-label={t("files.edit", { name: file.name })} onClick={() => setEditing(file)}>
                          <Pencil aria-hidden="true" />
                        </Button>
                        <Button variant="outline" size="sm" aria-label={t("files.delete", { name: file.name })} onClick={() => setDeleting(file)}>
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </section>
      {editing ? (
        <EditDialog
          file={editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            onStatus(t("files.saved", { name }));
            void refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("files.deleteTitle")}
        description={t("files.deleteBody", { name: deleting?.name ?? "" })}
        confirmLabel={t("files.deleteConfirm")}
        cancelLabel={t("files.cancel")}
        destructive
        onConfirm={() => {
          if (deleting) remove.mutate({ fileId: deleting.id });
          setDeleting(null);
        }}
      />
    </Card>
  );
}

/** The update popup: category, notes and (for the side that filed it) share permissions, in one changeData call. */
function EditDialog({ file, onClose, onSaved }: { file: TFile; onClose: () => void; onSaved: (name: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const categories = useCategories();
  const [category, setCategory] = useState(file.category ? String(file.category.fileCategoryId) : "");
  const [notes, setNotes] = useState(file.notes);
  const [share, setShare] = useState<TShareTarget[]>(file.shareWith);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.files.changeData.mutationOptions({
      onSuccess: () => onSaved(file.name),
      onError: (e) => setError(serverMessage(e) ?? t("files.actionFailed")),
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("files.close")} className="max-h-[90vh] overflow-y-auto">
        <DialogTitle className="text-lg font-semibold">{t("files.editTitle")}</DialogTitle>
        <DialogDescription className="break-all text-sm text-muted-foreground">
          {file.name} · {t("files.editDescription")}
        </DialogDescription>
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ fileId: file.id, categoryId: category ? Number(category) : null, notes, ...(file.canShare ? { shareWith: share } : {}) });
          }}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-category`}>{t("files.category")}</Label>
            <CategorySelect id={`${id}-category`} value={category} onChange={setCategory} categories={categories.data ?? []} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-notes`}>{t("files.notes")}</Label>
            <Textarea id={`${id}-notes`} value={notes} maxLength={2000} rows={3} onChange={(e) => setNotes(e.target.value)} />
          </div>
          <ShareBoxes value={share} onChange={setShare} disabled={!file.canShare} />
          {!file.canShare ? <p className="text-sm text-muted-foreground">{t("files.shareFixed")}</p> : null}
          {error ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t("files.cancel")}
            </Button>
            <Button type="submit" busy={save.isPending} disabled={save.isPending}>
              {t("files.save")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
