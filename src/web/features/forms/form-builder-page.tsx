import { useMutation, useQuery } from "@tanstack/react-query";
import { ExternalLink, LayoutList, Plus, RotateCcw, Save } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TFormField, TGroupFormResponse } from "../../../domain/policy/forms/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { GroupSelect } from "../../components/group-select.tsx";
import { useLeaveGuard } from "../../components/leave-guard.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { SaveBar } from "../../components/save-bar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { FieldError, Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { EmptyState, ErrorState } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { BuilderBoard } from "./builder-board.tsx";
import { addSection, fromResponse, modelNamesOf, replaceField, saveBlocker, toRequest, type BuilderState } from "./builder-state.ts";
import { FieldDialog, type FieldDialogMode } from "./field-dialog.tsx";

type Working = { group: string; state: BuilderState; baseline: BuilderState };
type Outcome = { kind: "success" | "error"; text: string; details?: string[] } | null;

const formQuery = (groupName: string) => ({ ...trpc.formBuilder.groupForm.queryOptions({ groupName }), staleTime: Infinity, refetchOnWindowFocus: false });

/**
 * /admin/form-builder?group= (part 2 §2 "Form builder", §3, §4 line 153, §5, §8): an administrator
 * picks a group and arranges its initiation form — fields between the available list and the
 * sections, sections between the available and added lists — edits or adds fields, saves (after a
 * confirmation), resets, and previews the form in the wizard.
 */
export function FormBuilderPage({ group, onGroupChange }: { group: string | undefined; onGroupChange: (group: string | undefined) => void }) {
  const { t } = useTranslation();
  const form = useQuery({ ...formQuery(group ?? ""), enabled: !!group });
  const [working, setWorking] = useState<Working | null>(null);
  // The outcome belongs to the group it was for: another group shows none.
  const [outcomeOf, setOutcomeOf] = useState<{ group: string | undefined; outcome: Outcome }>({ group, outcome: null });
  const outcome = outcomeOf.group === group ? outcomeOf.outcome : null;
  const setOutcome = (next: Outcome) => setOutcomeOf({ group, outcome: next });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState("");
  const [dialog, setDialog] = useState<FieldDialogMode>(null);
  const [confirm, setConfirm] = useState<"save" | "reset" | null>(null);
  const [reloading, setReloading] = useState(false);
  const submit = useMutation(trpc.formBuilder.submitForm.mutationOptions());

  const init = useCallback((groupName: string, data: TGroupFormResponse) => {
    const state = fromResponse(data);
    setWorking({ group: groupName, state, baseline: state });
    setServerErrors({});
  }, []);

  // A group's form arrives: it becomes the working copy (later refetches never overwrite edits).
  useEffect(() => {
    if (group && form.data && working?.group !== group) init(group, form.data);
  }, [group, form.data, working?.group, init]);

  const current = working && working.group === group ? working : null;
  const dirty = useMemo(() => !!current && JSON.stringify(current.state) !== JSON.stringify(current.baseline), [current]);
  const leaveDialog = useLeaveGuard(dirty, {
    title: t("formBuilder.leaveTitle"),
    description: t("formBuilder.leaveWarning"),
    leave: t("formBuilder.leave"),
    stay: t("formBuilder.stay"),
  }).dialog;

  const update = useCallback((fn: (s: BuilderState) => BuilderState) => {
    setWorking((w) => (w ? { ...w, state: fn(w.state) } : w));
  }, []);
  const announce = useCallback((text: string) => setAnnouncement((prev) => (prev === text ? `${text}\u00a0` : text)), []);

  async function reload(groupName: string): Promise<boolean> {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...formQuery(groupName), staleTime: 0 });
      init(groupName, fresh);
      return true;
    } catch (error) {
      setOutcome({ kind: "error", text: errorText(error, t("formBuilder.errorLoading")) });
      return false;
    } finally {
      setReloading(false);
    }
  }

  async function onCreated(id: number, label: string) {
    if (!group) return;
    const fresh = await queryClient.fetchQuery({ ...formQuery(group), staleTime: 0 }).catch(() => null);
    const field = fresh ? [...fresh.availableFields, ...fresh.sections.flatMap((s) => s.fields)].find((f) => f.frmGrpId === id) : undefined;
    if (field) {
      // Saved on the server already: part of the baseline too, so it does not count as unsaved.
      setWorking((w) =>
        w && w.group === group
          ? {
              ...w,
              state: { ...w.state, availableFields: [...w.state.availableFields, field] },
              baseline: { ...w.baseline, availableFields: [...w.baseline.availableFields, field] },
            }
          : w,
      );
    } else if (fresh) {
      init(group, fresh);
    }
    announce(t("formBuilder.announce.fieldAdded", { name: label }));
  }

  function save() {
    if (!current || !group) return;
    setOutcome(null);
    setServerErrors({});
    submit.mutate(toRequest(group, current.state), {
      onSuccess: async (result) => {
        if (result.success) {
          await reload(group);
          setOutcome({ kind: "success", text: t("formBuilder.saved") });
        } else {
          setServerErrors(result.errors);
          const details = [...new Set(Object.values(result.errors))].filter((d) => d !== result.resultMessage);
          setOutcome({ kind: "error", text: result.resultMessage || t("formBuilder.errorSaving"), details });
        }
      },
      onError: (error) => setOutcome({ kind: "error", text: errorText(error, t("formBuilder.errorSaving")) }),
    });
  }

  const blocker = current ? saveBlocker(current.state) : null;
  const blockerText = blocker ? (blocker.reason === "noSections" ? t("formBuilder.noSections") : t("formBuilder.emptySection", { section: blocker.section })) : null;

  return (
    <>
      <PageHeader title={t("formBuilder.title")} description={t("formBuilder.description")} />
      <div aria-live="polite" role="status" className="sr-only">
        {announcement}
      </div>

      <Card className="mb-6 flex flex-col gap-4 p-4 tablet:flex-row tablet:items-end tablet:justify-between">
        <GroupPicker value={group} onChange={onGroupChange} />
        {group ? (
          <SaveBar className="flex flex-col items-start gap-2 tablet:items-end">
            <div className="flex flex-wrap items-center gap-2">
              {dirty ? <Badge variant="warning" dot>{t("formBuilder.unsaved")}</Badge> : null}
              <Button asChild variant="outline">
                <a href={`/${encodeURIComponent(group)}/admin/new-move?stage=1`} target="_blank" rel="noopener">
                  <ExternalLink aria-hidden="true" />
                  {t("formBuilder.preview")}
                  <span className="sr-only"> {t("formBuilder.opensInNewTab")}</span>
                </a>
              </Button>
              <Button variant="outline" disabled={!current || reloading || submit.isPending} busy={reloading} onClick={() => setConfirm("reset")}>
                <RotateCcw aria-hidden="true" />
                {t("formBuilder.reset")}
              </Button>
              <Button
                disabled={!current || !!blocker || reloading}
                busy={submit.isPending}
                aria-describedby={blockerText ? "fb-save-reason" : undefined}
                onClick={() => setConfirm("save")}
              >
                <Save aria-hidden="true" />
                {t("formBuilder.save")}
              </Button>
            </div>
            {blockerText ? (
              <p id="fb-save-reason" data-testid="save-reason" className="text-[13px] font-medium text-muted-foreground">
                {blockerText}
              </p>
            ) : null}
          </SaveBar>
        ) : null}
      </Card>

      <div aria-live="polite" className="mb-6 empty:hidden">
        {outcome ? (
          <Alert variant={outcome.kind === "success" ? "success" : "destructive"} role={outcome.kind === "success" ? "status" : "alert"} data-testid="form-builder-outcome">
            {outcome.text}
            {outcome.details && outcome.details.length > 0 ? (
              <ul className="mt-1 list-disc pl-5">
                {outcome.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
      </div>

      {!group ? (
        <Card>
          <EmptyState
            icon={LayoutList}
            title={t("formBuilder.noGroupTitle")}
            description={t("formBuilder.noGroupDescription")}
            action={<AddSectionForm onAdd={() => false} noGroup />}
          />
        </Card>
      ) : form.isError && !current ? (
        <Card>
          <ErrorState message={errorText(form.error, t("formBuilder.errorLoading"))} retryLabel={t("app.retry")} onRetry={() => void form.refetch()} />
        </Card>
      ) : !current ? (
        <BoardSkeleton />
      ) : (
        <BuilderBoard
          state={current.state}
          update={update}
          announce={announce}
          errors={serverErrors}
          onEdit={(field) => setDialog({ kind: "edit", field })}
          addFieldButton={
            <Button variant="outline" size="sm" onClick={() => setDialog({ kind: "new" })}>
              <Plus aria-hidden="true" />
              {t("formBuilder.addField")}
            </Button>
          }
          addSectionForm={
            <AddSectionForm
              onAdd={(name) => {
                update((s) => addSection(s, name));
                announce(t("formBuilder.announce.sectionAdded", { name }));
                return true;
              }}
            />
          }
        />
      )}

      {group && current ? (
        <FieldDialog
          mode={dialog}
          onClose={() => setDialog(null)}
          groupName={group}
          policies={form.data?.policies ?? []}
          takenModelNames={modelNamesOf(current.state)}
          onApply={(field: TFormField) => {
            update((s) => replaceField(s, field));
            announce(t("formBuilder.announce.fieldUpdated", { name: field.label }));
          }}
          onCreated={onCreated}
        />
      ) : null}

      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm === "reset" ? t("formBuilder.resetTitle") : t("formBuilder.saveTitle")}
        description={confirm === "reset" ? t("formBuilder.confirmReset") : t("formBuilder.confirmSave")}
        confirmLabel={confirm === "reset" ? t("formBuilder.reset") : t("formBuilder.save")}
        cancelLabel={t("app.cancel")}
        destructive={confirm === "reset"}
        onConfirm={() => {
          if (confirm === "save") save();
          else if (group) {
            setOutcome(null);
            void reload(group);
          }
        }}
      />
      {leaveDialog}
    </>
  );
}

function GroupPicker({ value, onChange }: { value: string | undefined; onChange: (group: string | undefined) => void }) {
  const { t } = useTranslation();
  const id = useId().replace(/:/g, "");
  const groups = useQuery({ ...trpc.formBuilder.groups.queryOptions(), staleTime: 5 * 60_000 });
  return (
    <GroupSelect
      id={id}
      label={t("formBuilder.group")}
      chooseLabel={t("formBuilder.chooseGroup")}
      groups={groups}
      rows={groups.data?.groups ?? []}
      value={value}
      onChange={onChange}
      emptyText={t("formBuilder.noGroups")}
      className="w-full max-w-sm"
    />
  );
}

/** "Add section" (a name). Without a group it only says a group comes first (part 2 §5, §8). */
function AddSectionForm({ onAdd, noGroup = false }: { onAdd: (name: string) => boolean; noGroup?: boolean }) {
  const { t } = useTranslation();
  const id = useId().replace(/:/g, "");
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (noGroup) return setError(t("formBuilder.selectGroupFirst"));
    if (name.trim() === "") return setError(t("formBuilder.sectionNameRequired"));
    if (onAdd(name.trim())) {
      setName("");
      setError(null);
    }
  }
  return (
    <form noValidate onSubmit={submit} className="flex w-full max-w-md flex-col gap-1.5 text-left">
      <Label htmlFor={id}>{t("formBuilder.newSectionName")}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={name}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setName(e.target.value);
            if (error && !noGroup) setError(null);
          }}
        />
        <Button type="submit" variant="outline">
          <Plus aria-hidden="true" />
          {t("formBuilder.addSection")}
        </Button>
      </div>
      <div role={noGroup ? "alert" : undefined}>
        <FieldError id={errorId}>{error ?? undefined}</FieldError>
      </div>
    </form>
  );
}

function BoardSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className="grid grid-cols-[minmax(0,1fr)] gap-6 desktop:grid-cols-[22rem_minmax(0,1fr)]">
      <span className="sr-only">{t("formBuilder.loadingForm")}</span>
      <div className="flex flex-col gap-6">
        <Skeleton className="h-72 rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
      </div>
      <Skeleton className="h-[28rem] rounded-xl" />
    </div>
  );
}
