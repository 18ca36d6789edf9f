/**
 * Stage 2, the initiation form (part 1 §2, §5, §8): the group's form for the chosen policy,
 * section by section. The same `validateInitiationForm` as the server checks it first; every
 * error shows beside its field and the first one takes the focus. "Save as draft" (draft-mandatory
 * flags) returns to the group home; "Continue" goes to the next stage with the move in the URL.
 * A master select prefills its slaves; a geo answer opens the city picker; leaving with unsaved
 * changes asks first. In the form-builder preview nothing is sent.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ClipboardList } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import {
  PREVIEW_SAVING_PROHIBITED,
  type TCreateNewEmployeeResponse,
  type TFormComponentItem,
  type TInitiationComponent,
  type TInitiationFormResponse,
  type TPolicySelectFormResponse,
} from "../../../domain/moves/wizard/schemas.ts";
import { isUsToUs, validateInitiationForm } from "../../../domain/moves/wizard/validation.ts";
import { useLeaveGuard } from "../../components/leave-guard.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { EmptyState, LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { reportHandledFailure } from "../../lib/report-error.ts";
import { trpc } from "../../lib/trpc.ts";
import { controlId, InitiationField, type FieldValue } from "./initiation-fields.tsx";
import { setWizardNotice } from "../../lib/wizard-notice.ts";
import { StageLoadFailure } from "./stage-load-failure.tsx";
import { applyPrefill, createPrefillTracker, isCurrentPrefill, noteEdit, startPrefill } from "./prefill-state.ts";

type PolicyChoice = TPolicySelectFormResponse["policies"][number];
type Geo = NonNullable<TCreateNewEmployeeResponse["geo"]>[number];

const EMPTY: FieldValue = { formValue: null, formValueId: null, rateFrequency: null, currency: null, countryCode: null, state: null };

/** Today in the browser's calendar, YYYY-MM-DD. */
function todayText(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** Where a handled initiation failure happened, as the error report names it (part 1 §8). */
const SAVE_FAILURE = "New move stage 2 (createNewEmployee)";
const LOAD_FAILURE = "New move stage 2 form (initiationForm)";

/** The §8 initiation failure: the server's text first, then the contact sentence. */
function failureText(serverText: string | null): string {
  return serverText ? `${serverText} ${wizardMessages.initiationContact}` : wizardMessages.initiationFailure;
}

export function InitiationStage({
  group,
  policy,
  employeeId,
  moveId,
  preview,
  skipCE,
  externalImport = false,
  onBack,
  onDraftSaved,
  onContinue,
}: {
  group: string;
  policy: PolicyChoice;
  employeeId: number | undefined;
  moveId: number | undefined;
  preview: boolean;
  skipCE: boolean;
  /** The move came from an external (bulk) import: the form opens checked (see InitiationForm). */
  externalImport?: boolean;
  onBack: () => void;
  onDraftSaved: () => void;
  onContinue: (stage: number, ids: { employeeId: number; moveId: number }) => void;
}) {
  const { t } = useTranslation();
  const form = useQuery({
    ...trpc.wizard.initiationForm.queryOptions({ group, policyVersionId: policy.policyVersionId, employeeId, moveId, preview }),
    // A resumed draft must show what was saved, not an older copy.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  const hasPlaces = form.data?.sections.some((s) => s.components.some((c) => c.formType === "countryStateCity")) ?? false;
  const countries = useQuery({ ...trpc.wizard.countriesStates.queryOptions(), enabled: hasPlaces, staleTime: 30 * 60_000 });

  const loadFailed = form.isError || (form.data !== undefined && !form.data.success);
  useEffect(() => {
    if (loadFailed) reportHandledFailure(LOAD_FAILURE, failureText(form.isError ? serverMessage(form.error) : null), form.error ?? undefined);
  }, [loadFailed, form.error]);

  if (form.isPending) {
    return (
      <Card>
        <LoadingRows rows={6} />
      </Card>
    );
  }
  if (form.isError || !form.data.success) {
    return <StageLoadFailure message={failureText(form.isError ? serverMessage(form.error) : null)} onRetry={() => void form.refetch()} onBack={onBack} />;
  }
  return (
    <InitiationForm
      group={group}
      data={form.data}
      employeeId={employeeId}
      moveId={moveId}
      preview={preview}
      skipCE={skipCE}
      externalImport={externalImport}
      countries={countries.data?.countries}
      countriesFailed={hasPlaces && countries.isError}
      onBack={onBack}
      onDraftSaved={onDraftSaved}
      onContinue={onContinue}
    />
  );
}

function InitiationForm({
  group,
  data,
  employeeId,
  moveId,
  preview,
  skipCE,
  externalImport,
  countries,
  countriesFailed,
  onBack,
  onDraftSaved,
  onContinue,
}: {
  group: string;
  data: TInitiationFormResponse;
  employeeId: number | undefined;
  moveId: number | undefined;
  preview: boolean;
  skipCE: boolean;
  externalImport: boolean;
  countries: Parameters<typeof InitiationField>[0]["countries"];
  countriesFailed: boolean;
  onBack: () => void;
  onDraftSaved: () => void;
  onContinue: (stage: number, ids: { employeeId: number; moveId: number }) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const components = useMemo(() => data.sections.flatMap((s) => s.components), [data]);
  const [values, setValues] = useState<Record<string, FieldValue>>(() => Object.fromEntries(components.map((c) => [c.modelName, { ...EMPTY, ...c.value }])));
  const [options, setOptions] = useState<Record<string, string[]>>({});
  // part 1 §2 `externalImport` (issue 23 item 22): a move an import saved opens with its form already
  // checked as for Continue, so what the import left out or got wrong is marked before anyone edits.
  const [errors, setErrors] = useState<Record<string, string>>(() =>
    externalImport
      ? validateInitiationForm(
          components,
          components.map((c) => ({ modelName: c.modelName, formType: c.formType, ...EMPTY, ...c.value })),
          { draft: false, today: todayText(), estimateType: data.estimateType },
        )
      : {},
  );
  const [dirty, setDirty] = useState(false);
  const [notice, setNotice] = useState<{ variant: "info" | "destructive"; text: string } | null>(() =>
    externalImport ? { variant: "info", text: t(Object.keys(errors).length > 0 ? "wizard.form.importedCheck" : "wizard.form.importedComplete") } : null,
  );
  const [geo, setGeo] = useState<{ answers: Geo[]; draft: boolean } | null>(null);
  const [prefilling, setPrefilling] = useState(0);
  const prefillTracker = useRef(createPrefillTracker()).current;
  const save = useMutation(trpc.wizard.createNewEmployee.mutationOptions());
  const guard = useLeaveGuard(dirty, {
    title: t("wizard.leaveTitle"),
    description: t("wizard.unsavedChanges"),
    leave: t("wizard.leave"),
    stay: t("wizard.stay"),
  });
  const noticeRef = useRef<HTMLDivElement>(null);
  const pendingMode = useRef<boolean | null>(null);

  const items = (from: Record<string, FieldValue>): TFormComponentItem[] =>
    components.map((c) => ({ modelName: c.modelName, formType: c.formType, ...EMPTY, ...from[c.modelName] }));
  const usToUs = isUsToUs(items(values));

  // The first field in error takes the focus once the form is enabled again (after a save).
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null);
  const focusFirst = (errs: Record<string, string>) => {
    const first = components.find((c) => errs[c.modelName]);
    if (first) setFocusTarget({ id: controlId(first) });
  };
  const showNotice = (n: { variant: "info" | "destructive"; text: string }) => {
    setNotice(n);
    setTimeout(() => noticeRef.current?.focus(), 0);
  };

  const change = (c: TInitiationComponent, patch: Partial<FieldValue>) => {
    noteEdit(prefillTracker, c.modelName);
    setValues((v) => ({ ...v, [c.modelName]: { ...EMPTY, ...v[c.modelName], ...patch } }));
    setDirty(true);
    if (errors[c.modelName]) {
      setErrors((e) => {
        const { [c.modelName]: _gone, ...rest } = e;
        return rest;
      });
    }
    if (c.master && patch.formValue !== undefined) void runPrefill(c, patch.formValue ?? "");
  };

  /**
   * A master field's answer fills its slave fields (GET /form/prefill). Only the answer to the
   * master's latest choice applies, and never to a field the user edited since that choice.
   */
  const runPrefill = async (c: TInitiationComponent, value: string) => {
    const request = startPrefill(prefillTracker, c.modelName);
    if (value.trim() === "") return;
    setPrefilling((n) => n + 1);
    try {
      const res = await queryClient.fetchQuery(
        trpc.wizard.prefill.queryOptions({ formGroupId: c.formGroupId, value, policyVersionId: data.policyVersionId }),
      );
      if (!isCurrentPrefill(prefillTracker, c.modelName, request)) return;
      if (!res.success) throw new Error("prefill");
      const byId = new Map(components.map((k) => [k.formGroupId, k]));
      const edited = prefillTracker.editedSince.get(c.modelName) ?? new Set<string>();
      const single: { modelName: string; value: string }[] = [];
      const multiple: Record<string, string[]> = {};
      for (const f of res.fields) {
        const slave = byId.get(f.formGroupId) ?? components.find((k) => k.modelName === f.modelName);
        if (!slave) continue;
        if (f.values.length === 1) single.push({ modelName: slave.modelName, value: f.values[0]! });
        else if ((slave.formType === "select" || slave.formType === "radio") && f.values.length > 1) multiple[slave.modelName] = f.values;
      }
      setValues((v) => applyPrefill(v, single, edited, EMPTY));
      setOptions((o) => ({ ...o, ...multiple }));
    } catch {
      if (isCurrentPrefill(prefillTracker, c.modelName, request)) showNotice({ variant: "destructive", text: wizardMessages.generic });
    } finally {
      setPrefilling((n) => n - 1);
    }
  };

  /** An initiated move's stage 2 saves in place ("Saved"): there is no draft to go back to. */
  const saveOnly = useRef(false);
  const submit = (draft: boolean, from: Record<string, FieldValue> = values, inPlace = false) => {
    saveOnly.current = inPlace;
    setNotice(null);
    if (preview) {
      showNotice({ variant: "info", text: t("wizard.form.previewSavingProhibited") });
      return;
    }
    const list = items(from);
    const errs = validateInitiationForm(components, list, { draft, today: todayText(), estimateType: data.estimateType });
    setErrors(errs);
    if (Object.keys(errs).length > 0) {
      focusFirst(errs);
      return;
    }
    pendingMode.current = draft;
    save.mutate(
      { group, policyVersionId: data.policyVersionId, items: list, saveAsDraft: draft, skipCE, employeeId: employeeId ?? data.employeeId ?? undefined, moveId: moveId ?? data.moveId ?? undefined },
      {
        onSuccess: (res) => {
          if (res.geo && res.geo.length > 0) {
            setErrors(res.errors);
            setGeo({ answers: res.geo, draft });
            return;
          }
          if (!res.success) {
            setErrors(res.errors);
            if (res.message === PREVIEW_SAVING_PROHIBITED) showNotice({ variant: "info", text: t("wizard.form.previewSavingProhibited") });
            else if (res.message) {
              const text = failureText(res.message);
              showNotice({ variant: "destructive", text });
              reportHandledFailure(SAVE_FAILURE, text);
            } else if (Object.keys(res.errors).length === 0) {
              showNotice({ variant: "destructive", text: wizardMessages.initiationFailure });
              reportHandledFailure(SAVE_FAILURE, wizardMessages.initiationFailure);
            }
            if (Object.keys(res.errors).length > 0) focusFirst(res.errors);
            return;
          }
          if (saveOnly.current) {
            setDirty(false);
            showNotice({ variant: "info", text: t("wizard.form.saved") });
            return;
          }
          guard.allowNextNavigation();
          setDirty(false);
          if (draft) {
            setWizardNotice(wizardMessages.draftSaved);
            onDraftSaved();
            return;
          }
          if (res.employeeId === null || res.moveId === null) {
            showNotice({ variant: "destructive", text: wizardMessages.initiationFailure });
            reportHandledFailure(SAVE_FAILURE, `${wizardMessages.initiationFailure} (no employee or move id)`);
            return;
          }
          onContinue(res.nextStage ?? 3, { employeeId: res.employeeId, moveId: res.moveId });
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (fields) {
            setErrors(fields);
            focusFirst(fields);
          }
          const text = failureText(serverMessage(error));
          showNotice({ variant: "destructive", text });
          // Field errors are the person's to correct; anything else is a failure to report (part 1 §8).
          if (!fields) reportHandledFailure(SAVE_FAILURE, text, error);
        },
      },
    );
  };

  /** The city picker's choice: the city is set and the form is sent again in the same mode. */
  const pickCity = (answer: Geo, city: { id: number; name: string; state: string | null } | null) => {
    const current = { ...EMPTY, ...values[answer.modelName] };
    const patch: FieldValue = city
      ? { ...current, formValueId: city.id, formValue: city.name, state: current.state || city.state }
      : { ...current, formValueId: 0, formValue: answer.query };
    const nextValues = { ...values, [answer.modelName]: patch };
    setValues(nextValues);
    setDirty(true);
    const rest = geo ? geo.answers.filter((g) => g.modelName !== answer.modelName) : [];
    if (rest.length > 0 && geo) {
      setGeo({ answers: rest, draft: geo.draft });
      return;
    }
    const draft = geo?.draft ?? pendingMode.current ?? false;
    setGeo(null);
    submit(draft, nextValues);
  };

  const errorCount = Object.keys(errors).length;
  const busy = save.isPending;
  useEffect(() => {
    if (!focusTarget || busy) return;
    const el = document.getElementById(focusTarget.id);
    el?.focus();
    el?.scrollIntoView({ block: "center" });
    setFocusTarget(null);
  }, [focusTarget, busy]);
  const currentGeo = geo?.answers[0] ?? null;

  return (
    <Card>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit(false);
        }}
        aria-labelledby="initiation-title"
      >
        <CardHeader>
          <CardTitle id="initiation-title">{t("wizard.form.title")}</CardTitle>
          <CardDescription>
            {t("wizard.form.policy", { name: data.policyName })} · {t("wizard.form.description")}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {notice ? (
            <div ref={noticeRef} tabIndex={-1} className="outline-none">
              <Alert variant={notice.variant} role={notice.variant === "destructive" ? "alert" : "status"} data-testid="initiation-notice">
                {notice.text}
              </Alert>
            </div>
          ) : null}
          {errorCount > 0 ? (
            <p className="text-sm font-medium text-destructive" data-testid="error-summary">
              {t("wizard.form.errorSummary", { count: errorCount })}
            </p>
          ) : null}
          {data.employeeActivated ? <Alert variant="info">{t("wizard.form.activated")}</Alert> : null}
          {countriesFailed ? <Alert variant="destructive">{t("wizard.form.countriesFailure")}</Alert> : null}
          {prefilling > 0 ? (
            <p role="status" className="text-sm text-muted-foreground">
              {t("wizard.form.prefilling")}
            </p>
          ) : null}
          {components.filter((c) => c.formType !== "hidden").length === 0 ? (
            <EmptyState icon={ClipboardList} title={t("wizard.form.empty")} description={t("wizard.form.emptyBody")} headingLevel={3} />
          ) : (
            data.sections.map((section) => {
              const shown = section.components.filter((c) => c.formType !== "hidden" && (!c.usToUsOnly || usToUs));
              if (shown.length === 0) return null;
              return (
                <section key={section.id} aria-labelledby={`section-${section.id}`} className="flex flex-col gap-4">
                  <h3 id={`section-${section.id}`} className="border-b border-border pb-2 text-sm font-semibold text-foreground">
                    {section.name}
                  </h3>
                  <div className="grid gap-x-6 gap-y-5 desktop:grid-cols-2">
                    {shown.map((c) => (
                      <div key={c.key} className={c.formType === "countryStateCity" ? "desktop:col-span-2" : undefined}>
                        <InitiationField
                          component={options[c.modelName] ? { ...c, availableValues: options[c.modelName]! } : c}
                          value={values[c.modelName] ?? EMPTY}
                          error={errors[c.modelName]}
                          onChange={(patch) => change(c, patch)}
                          currencyCodes={data.currencyCodes}
                          countries={countries}
                          disabled={busy}
                        />
                      </div>
                    ))}
                  </div>
                </section>
              );
            })
          )}
        </CardContent>
        <CardFooter className="flex-wrap justify-between">
          <Button variant="outline" onClick={onBack} disabled={busy}>
            {t("wizard.back")}
          </Button>
          <div className="flex flex-wrap gap-2">
            {data.initiated ? (
              <Button variant="secondary" onClick={() => submit(false, values, true)} busy={busy && saveOnly.current}>
                {t("wizard.form.save")}
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => submit(true)} busy={busy && pendingMode.current === true}>
                {t("wizard.form.saveDraft")}
              </Button>
            )}
            <Button type="submit" busy={busy && pendingMode.current === false && !saveOnly.current}>
              {t("wizard.form.continue")}
            </Button>
          </div>
        </CardFooter>
      </form>
      <Dialog open={currentGeo !== null} onOpenChange={(open) => !open && setGeo(null)}>
        {currentGeo ? (
          <DialogContent closeLabel={t("app.close")} aria-describedby="geo-description">
            <DialogTitle>{t("wizard.geo.title")}</DialogTitle>
            <DialogDescription id="geo-description">{wizardMessages.cityPicker.replace("{label}", currentGeo.label)}</DialogDescription>
            {currentGeo.cities.length === 0 ? <p className="text-sm text-muted-foreground">{t("wizard.geo.none")}</p> : null}
            <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto" aria-label={t("wizard.geo.title")}>
              {currentGeo.cities.map((city) => (
                <li key={city.id}>
                  <Button variant="ghost" className="w-full justify-start" onClick={() => pickCity(currentGeo, city)}>
                    {city.name}
                    {city.state ? <span className="text-muted-foreground">, {city.state}</span> : null}
                    <span className="text-muted-foreground">· {city.countryCode}</span>
                  </Button>
                </li>
              ))}
              <li>
                <Button variant="link" className="w-full justify-start" onClick={() => pickCity(currentGeo, null)}>
                  {t("wizard.geo.keep", { q: currentGeo.query })}
                </Button>
              </li>
            </ul>
          </DialogContent>
        ) : null}
      </Dialog>
      {guard.dialog}
    </Card>
  );
}

/** Field errors a VALIDATION error carries (keyed by model name), if any. */
function fieldErrorsOf(error: unknown): Record<string, string> | null {
  const data = (error as { data?: { fields?: Record<string, string> | null } } | null)?.data;
  return data?.fields && Object.keys(data.fields).length > 0 ? data.fields : null;
}
