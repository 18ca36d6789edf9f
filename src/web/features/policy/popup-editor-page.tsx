import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TPopupResponse } from "../../../domain/policy/benefit-schemas.ts";
import { POPUP_VARIABLES, type PopupTextType } from "../../../domain/policy/catalogue.ts";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, LoadingRows } from "../../components/ui/states.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc, trpcClient } from "../../lib/trpc.ts";
import { SaveOnBlurText } from "./details-fields.tsx";
import { ServicePicker } from "./service-picker.tsx";
import { PolicyLoadFailure } from "./details-load-failure.tsx";
import { UnsavedChangesProvider } from "./details-unsaved.tsx";
import { PolicySteps } from "./policy-steps.tsx";

type PopupStage = TPopupResponse["popupMoveStages"][number];

/**
 * /policy/details/next?policyId=&editDraft=: the popup an employee sees about their benefits
 * (part 2 §2 "Policy popup editor"): on/off, header and paragraphs, per move stage a header, a blurb
 * and the service items, with a preview rendered by the server after each save.
 */
export function PopupEditorPage({ policyId, editDraft }: { policyId: number; editDraft: boolean }) {
  const { t } = useTranslation();
  const policy = useQuery(trpc.policy.policies.get.queryOptions({ policyId }));
  if (policy.isPending) return <LoadingRows rows={5} rowClassName="h-14" />;
  if (policy.isError) return <PolicyLoadFailure error={policy.error} onRetry={() => void policy.refetch()} />;
  const versionId = editDraft ? policy.data.draftVersionId : (policy.data.releasedVersionId ?? policy.data.draftVersionId);
  return (
    <>
      <PageHeader eyebrow={policy.data.name} title={t("policyConfig.popup.title")} description={t("policyConfig.popup.description")} />
      <PolicySteps current="popup" policyId={policyId} editDraft={editDraft} />
      {versionId == null ? (
        <Card>
          <EmptyState title={editDraft ? policyMessages.noDraft : t("policyConfig.details.noVersion")} />
        </Card>
      ) : (
        <UnsavedChangesProvider>
          <PopupEditor key={versionId} policyId={policyId} policyVersionId={versionId} editDraft={editDraft} />
        </UnsavedChangesProvider>
      )}
    </>
  );
}

const refreshPopup = () => queryClient.invalidateQueries(trpc.policy.popup.get.pathFilter());

function PopupEditor({ policyId, policyVersionId, editDraft }: { policyId: number; policyVersionId: number; editDraft: boolean }) {
  const { t } = useTranslation();
  const popup = useQuery(trpc.policy.popup.get.queryOptions({ policyVersionId }));
  const [confirmOff, setConfirmOff] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const display = useMutation(
    trpc.policy.popup.setDisplayed.mutationOptions({
      onSuccess: async () => {
        setError(null);
        await refreshPopup();
      },
      onError: (e, vars) => setError(errorText(e, vars.displayed ? policyMessages.unableToCreatePopup : policyMessages.unableToDeletePopup)),
    }),
  );
  const ongoing = useMutation(
    trpc.policy.popup.setDisplayRelocationAndOngoing.mutationOptions({
      onSuccess: () => refreshPopup(),
      onError: (e) => setError(errorText(e, policyMessages.unableToUpdatePopup)),
    }),
  );

  if (popup.isPending) return <LoadingRows rows={4} rowClassName="h-14" />;
  if (popup.isError) return <PolicyLoadFailure error={popup.error} onRetry={() => void popup.refetch()} />;
  const data = popup.data;
  const ro = !data.editable || !editDraft;
  const next = (
    <Button asChild>
      <Link to="/policy/confirm" search={{ policyId, versionId: policyVersionId }}>
        {t("policyConfig.next")}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div className="flex items-center gap-3">
              <Switch
                id="popup-displayed"
                checked={data.displayed}
                disabled={ro || display.isPending}
                onCheckedChange={(on) => (on ? display.mutate({ policyVersionId, displayed: true }) : setConfirmOff(true))}
              />
              <Label htmlFor="popup-displayed">{t("policyConfig.popup.display")}</Label>
            </div>
            {ro ? <Badge variant="neutral">{t("policyConfig.details.readOnly")}</Badge> : null}
          </div>
          {data.displayed && data.exists ? (
            <div className="flex items-center gap-3">
              <Switch
                id="popup-ongoing"
                checked={data.displayRelocationAndOngoingBenefits}
                disabled={ro || ongoing.isPending}
                onCheckedChange={(on) => ongoing.mutate({ policyVersionId, displayed: on })}
              />
              <Label htmlFor="popup-ongoing">{t("policyConfig.popup.displayOngoing")}</Label>
            </div>
          ) : null}
          <div aria-live="polite" className="empty:hidden">
            {error ? (
              <Alert variant="destructive" role="alert">
                {error}
              </Alert>
            ) : null}
          </div>
        </CardContent>
      </Card>

      {data.displayed && data.exists ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 desktop:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="flex flex-col gap-6">
            <Card>
              <CardHeader>
                <CardTitle>{t("policyConfig.popup.texts")}</CardTitle>
                <CardDescription>{t("policyConfig.popup.variables", { variables: POPUP_VARIABLES.join(" ") })}</CardDescription>
              </CardHeader>
              <CardContent className="flex flex-col gap-4">
                <PopupText policyVersionId={policyVersionId} type="HEADER" label={t("policyConfig.popup.header")} value={data.header} readOnly={ro} />
                <PopupText policyVersionId={policyVersionId} type="PARAGRAPH_TOP" label={t("policyConfig.popup.paragraphTop")} value={data.paragraphTop} readOnly={ro} multiline />
                <PopupText
                  policyVersionId={policyVersionId}
                  type="PARAGRAPH_BOTTOM"
                  label={t("policyConfig.popup.paragraphBottom")}
                  value={data.paragraphBottom}
                  readOnly={ro}
                  multiline
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{t("policyConfig.popup.stages")}</CardTitle>
              </CardHeader>
              <CardContent>
                {data.popupMoveStages.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t("policyConfig.details.noStages")}</p>
                ) : (
                  <Tabs defaultValue={String(data.popupMoveStages[0]!.moveStage.id)}>
                    <TabsList aria-label={t("policyConfig.popup.stages")}>
                      {data.popupMoveStages.map((s) => (
                        <TabsTrigger key={s.moveStage.id} value={String(s.moveStage.id)}>
                          {s.moveStage.name}
                        </TabsTrigger>
                      ))}
                    </TabsList>
                    {data.popupMoveStages.map((s) => (
                      <TabsContent key={s.moveStage.id} value={String(s.moveStage.id)}>
                        <StageEditor policyVersionId={policyVersionId} stage={s} readOnly={ro} />
                      </TabsContent>
                    ))}
                  </Tabs>
                )}
              </CardContent>
            </Card>
          </div>
          <PopupPreview preview={data.preview} />
        </div>
      ) : (
        <Card>
          <EmptyState title={t("policyConfig.popup.off")} description={t("policyConfig.popup.offHint")} />
        </Card>
      )}

      <div className="flex flex-wrap justify-between gap-3">
        <Button variant="outline" asChild>
          <Link to="/policy/details" search={{ policyId, editDraft }}>
            <ArrowLeft aria-hidden="true" />
            {t("policyConfig.back")}
          </Link>
        </Button>
        {next}
      </div>

      <ConfirmDialog
        open={confirmOff}
        onOpenChange={setConfirmOff}
        title={t("policyConfig.popup.offTitle")}
        description={t("policyConfig.popup.offDescription")}
        confirmLabel={t("policyConfig.popup.offConfirm")}
        cancelLabel={t("app.cancel")}
        destructive
        onConfirm={() => display.mutate({ policyVersionId, displayed: false })}
      />
    </div>
  );
}

/** One popup text saved on blur; an invalid variable leaves the text unsaved with the server's message. */
function PopupText({
  policyVersionId,
  type,
  label,
  value,
  readOnly,
  multiline = false,
  moveStageId,
  service,
}: {
  policyVersionId: number;
  type: PopupTextType;
  label: string;
  value: string;
  readOnly: boolean;
  multiline?: boolean;
  moveStageId?: number;
  service?: string;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const update = useMutation(
    trpc.policy.popup.updateText.mutationOptions({
      onSuccess: async () => {
        setError(null);
        await refreshPopup();
      },
      onError: (e) => setError(errorText(e, policyMessages.unableToUpdatePopup)),
    }),
  );
  const fieldId = `popup-${type.toLowerCase()}-${moveStageId ?? 0}-${service ?? ""}${id.replace(/:/g, "")}`;
  return (
    <FormField id={fieldId} label={label} error={error}>
      {(field) => (
        <SaveOnBlurText
          {...field}
          unsavedKey={fieldId}
          multiline={multiline}
          {...(multiline ? { rows: 3 } : {})}
          value={value}
          disabled={readOnly}
          onSave={(text) => update.mutate({ policyVersionId, type, text, moveStageId, service })}
        />
      )}
    </FormField>
  );
}

function StageEditor({ policyVersionId, stage, readOnly }: { policyVersionId: number; stage: PopupStage; readOnly: boolean }) {
  const { t } = useTranslation();
  const moveStageId = stage.moveStage.id;
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PopupStage["popupItems"][number] | null>(null);
  const run = async (call: () => Promise<unknown>, fallback: string) => {
    try {
      await call();
      setError(null);
      await refreshPopup();
    } catch (e) {
      setError(errorText(e, fallback));
    }
  };
  // Keep the focus on the moved item once the new order is shown: the same button, or the other one at an end.
  const focusAfterMove = useRef<{ key: string; direction: "up" | "down" } | null>(null);
  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = null;
    const button = (direction: string) => document.getElementById(`popup-move-${moveStageId}-${pending.key}-${direction}`) as HTMLButtonElement | null;
    const same = button(pending.direction);
    (same && !same.disabled ? same : button(pending.direction === "up" ? "down" : "up"))?.focus();
  }, [stage, moveStageId]);
  const move = (index: number, delta: number) => {
    const keys = stage.popupItems.map((i) => i.service);
    const [key] = keys.splice(index, 1);
    keys.splice(index + delta, 0, key!);
    focusAfterMove.current = { key: key!, direction: delta < 0 ? "up" : "down" };
    void run(() => trpcClient.policy.popup.reorder.mutate({ policyVersionId, moveStageId, services: keys }), policyMessages.unableToReorderPopup);
  };

  return (
    <div className="flex flex-col gap-5">
      <PopupText policyVersionId={policyVersionId} type="MOVE_STAGE_HEADER" moveStageId={moveStageId} label={t("policyConfig.popup.moveStageHeader")} value={stage.moveStageHeader} readOnly={readOnly} />
      <PopupText policyVersionId={policyVersionId} type="BLURB" moveStageId={moveStageId} label={t("policyConfig.popup.blurb")} value={stage.blurb} readOnly={readOnly} multiline />

      <section className="flex flex-col gap-3" aria-labelledby={`popup-items-${moveStageId}`}>
        <h3 id={`popup-items-${moveStageId}`} className="text-sm font-semibold">
          {t("policyConfig.popup.items")}
        </h3>
        {stage.popupItems.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">{t("policyConfig.popup.noItems")}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {stage.popupItems.map((item, index) => (
              <li key={item.service} className="flex flex-col gap-3 rounded-lg border border-border p-4" data-testid={`popup-item-${moveStageId}-${item.service}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm font-semibold">
                    {index + 1}. {item.name}
                  </p>
                  {readOnly ? null : (
                    <div className="flex items-center gap-1">
                      <Button
                        id={`popup-move-${moveStageId}-${item.service}-up`}
                        variant="ghost"
                        size="icon"
                        aria-label={t("policyConfig.popup.moveUp", { service: item.name })}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        id={`popup-move-${moveStageId}-${item.service}-down`}
                        variant="ghost"
                        size="icon"
                        aria-label={t("policyConfig.popup.moveDown", { service: item.name })}
                        disabled={index === stage.popupItems.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                      <Button variant="ghost" size="icon" aria-label={t("policyConfig.popup.remove", { service: item.name })} onClick={() => setRemoving(item)}>
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  )}
                </div>
                <div className="grid gap-3">
                  <PopupText
                    policyVersionId={policyVersionId}
                    type="TITLE"
                    moveStageId={moveStageId}
                    service={item.service}
                    label={t("policyConfig.popup.itemTitle", { service: item.name })}
                    value={item.title}
                    readOnly={readOnly}
                  />
                  <PopupText
                    policyVersionId={policyVersionId}
                    type="DESCRIPTION"
                    moveStageId={moveStageId}
                    service={item.service}
                    label={t("policyConfig.popup.itemDescription", { service: item.name })}
                    value={item.description}
                    readOnly={readOnly}
                    multiline
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
        <div aria-live="polite" className="empty:hidden">
          {error ? (
            <Alert variant="destructive" role="alert">
              {error}
            </Alert>
          ) : null}
        </div>
        {readOnly ? null : <AddPopupService policyVersionId={policyVersionId} stage={stage} />}
      </section>

      <ConfirmDialog
        open={removing != null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("policyConfig.popup.removeTitle", { service: removing?.name ?? "" })}
        description={t("policyConfig.popup.removeDescription", { stage: stage.moveStage.name })}
        confirmLabel={t("policyConfig.popup.removeConfirm")}
        cancelLabel={t("app.cancel")}
        destructive
        onConfirm={() => {
          const item = removing;
          setRemoving(null);
          if (item) void run(() => trpcClient.policy.popup.removeService.mutate({ policyVersionId, moveStageId, service: item.service }), policyMessages.unableToRemoveFromPopup);
        }}
      />
    </div>
  );
}

function AddPopupService({ policyVersionId, stage }: { policyVersionId: number; stage: PopupStage }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const add = useMutation(
    trpc.policy.popup.addService.mutationOptions({
      onSuccess: () => refreshPopup(),
      onError: (e) => setError(errorText(e, policyMessages.unableToAddServiceToPopup)),
    }),
  );
  return (
    <ServicePicker
      className="border-t border-border pt-4"
      label={t("policyConfig.popup.addService", { stage: stage.moveStage.name })}
      submitLabel={t("policyConfig.popup.addItem")}
      options={stage.availableServices.map((s) => ({ key: s.service, name: s.name }))}
      busy={add.isPending}
      error={error}
      onError={setError}
      onAdd={(service) => add.mutateAsync({ policyVersionId, moveStageId: stage.moveStage.id, service })}
    />
  );
}

/** The popup as the employee sees it, placeholders filled in by the server (a sample city). */
function PopupPreview({ preview }: { preview: TPopupResponse["preview"] }) {
  const { t } = useTranslation();
  return (
    // Sticky beside the editor and scrollable on its own, so the whole preview stays reachable while editing far down (focusable for keyboard scrolling).
    <aside
      aria-labelledby="popup-preview-title"
      tabIndex={0}
      className="rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-ring desktop:sticky desktop:top-20 desktop:max-h-[calc(100vh-6rem)] desktop:self-start desktop:overflow-y-auto"
    >
      <Card>
        <CardHeader>
          <CardTitle id="popup-preview-title">{t("policyConfig.popup.preview")}</CardTitle>
          <CardDescription>{t("policyConfig.popup.previewHint")}</CardDescription>
        </CardHeader>
        <CardContent data-testid="popup-preview">
          {preview ? (
            <div className="flex flex-col gap-4 rounded-lg border border-border bg-background p-5">
              <p className="text-lg font-semibold">{preview.header}</p>
              <p className="whitespace-pre-line text-sm leading-relaxed">{preview.paragraphTop}</p>
              {preview.moveStages.map((s) => (
                <div key={s.moveStageId} className="flex flex-col gap-2">
                  <p className="text-sm font-semibold text-primary">{s.moveStageHeader || s.name}</p>
                  <p className="whitespace-pre-line text-sm text-muted-foreground">{s.blurb}</p>
                  {s.items.length > 0 ? (
                    <ul className="flex flex-col gap-2">
                      {s.items.map((i) => (
                        <li key={i.service} className="rounded-md bg-muted/60 px-3 py-2 text-sm">
                          <span className="font-medium">{i.title}</span>
                          {i.description ? <span className="block text-muted-foreground">{i.description}</span> : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              ))}
              <p className="whitespace-pre-line text-sm leading-relaxed">{preview.paragraphBottom}</p>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{t("policyConfig.popup.noPreview")}</p>
          )}
        </CardContent>
      </Card>
    </aside>
  );
}
