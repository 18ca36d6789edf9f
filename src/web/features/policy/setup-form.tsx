/**
 * The settings form of an existing policy on /policy/setup (part 2 §2 "Policy setup"): every
 * setting, each saved as soon as it changes (text fields when they lose focus) through its own
 * autosave queue; a failed save shows "Update failed - there was an error." and puts the old value
 * back (part 2 §8). A group change (which removes the tags) and a move type change ask first.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowRight, Check } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MoveType } from "../../../domain/policy/catalogue.ts";
import type { TDropdownsResponse, TPolicySetup } from "../../../domain/policy/schemas.ts";
import { parsePolicyOrder, setupWarnings, validatePolicyName } from "../../../domain/policy/setup.ts";
import { useLeaveGuard } from "../../components/leave-guard.tsx";
import { SaveBar } from "../../components/save-bar.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { trpc } from "../../lib/trpc.ts";
import { useAutosave, type Autosave } from "../../lib/use-autosave.ts";
import { PolicyLoadFailure } from "./details-load-failure.tsx";
import { labelledOptions, policyLeaveTexts } from "./policy-format.ts";
import { EstimateAuthorisationNote, LabelWithStatus, OptionSelect, SaveStatus, Section, SetupSkeleton, Warnings, type Option, type SaveState } from "./setup-parts.tsx";
import { SETTINGS, valuesOf, type SelectSetting, type Setting, type SwitchSetting, type TextSetting, type Values } from "./setup-settings.ts";

export function ExistingPolicySetup({ policyId, editDraft }: { policyId: number; editDraft: boolean }) {
  const policy = useQuery({ ...trpc.policy.policies.get.queryOptions({ policyId }), refetchOnWindowFocus: false });
  const dropdowns = useQuery({ ...trpc.policy.policies.dropdowns.queryOptions({ policyId }), refetchOnWindowFocus: false });
  if (policy.isPending || dropdowns.isPending) return <SetupSkeleton />;
  if (policy.isError) return <PolicyLoadFailure error={policy.error} onRetry={() => void policy.refetch()} />;
  if (dropdowns.isError) return <PolicyLoadFailure error={dropdowns.error} onRetry={() => void dropdowns.refetch()} />;
  return <SetupForm policy={policy.data} options={dropdowns.data} editDraft={editDraft} />;
}

type Pending = { kind: "group"; value: string } | { kind: "moveType"; value: string; message: string } | null;

function SetupForm({ policy, options, editDraft }: { policy: TPolicySetup; options: TDropdownsResponse; editDraft: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const policyId = policy.policyId;
  const [values, setValues] = useState<Values>(() => valuesOf(policy));
  const [texts, setTexts] = useState({ name: policy.name, order: policy.order === null ? "" : String(policy.order) });
  const [errors, setErrors] = useState<Partial<Record<Setting, string>>>({});
  const [warnings, setWarnings] = useState<string[]>(policy.warnings);
  const [pending, setPending] = useState<Pending>(null);
  const [checkingMoveType, setCheckingMoveType] = useState(false);
  const update = useMutation(trpc.policy.policies.updateSetting.mutationOptions());
  const readOnly = !editDraft;
  const dirty = texts.name !== values.name || texts.order !== values.order;
  const guard = useLeaveGuard(dirty && !readOnly, policyLeaveTexts(t));
  /** The values the server confirmed (a failed save goes back to them, part 2 §8). */
  const confirmed = useRef<Values>(values);
  const latest = useRef(values);
  latest.current = values;
  /** Sends one setting; its autosave queue keeps that setting's saves in order, the latest last. */
  const sendSetting = async (setting: Setting, wire: string) => {
    const result = await update.mutateAsync({ policyId, setting, value: wire });
    if (!result.success) throw new Error(result.message ?? "");
    const after = latest.current;
    setWarnings(result.warnings?.filter((w) => w !== t("policy.setup.tagsRemoved")) ?? setupWarnings({ moveStagesCount: Number(after.moveStagesCount), estimatePackage: after.estimatePackage || null }));
    await queryClient.invalidateQueries({ queryKey: trpc.policy.policies.search.pathKey() });
  };
  // One record per setting (a fixed list, so the hooks keep their order).
  const autosaves = {} as Record<Setting, Autosave<string>>;
  for (const setting of SETTINGS) {
    autosaves[setting] = useAutosave<string>(`policy-setup:${policyId}:${setting}`, (wire) => sendSetting(setting, wire));
  }
  const stateOf = (setting: Setting): SaveState | undefined => {
    const error = errors[setting];
    if (error) return { kind: "error", message: error };
    const status = autosaves[setting].status;
    return status === "saving" ? { kind: "saving" } : status === "saved" ? { kind: "saved" } : undefined;
  };
  const saving = SETTINGS.some((setting) => autosaves[setting].status === "saving");
  const lastSaved = SETTINGS.some((setting) => autosaves[setting].status === "saved");

  // The tags offered are those of the policy's group: after a group change, load the new group's.
  const tagOptions = useQuery({
    ...trpc.policy.policies.dropdowns.queryOptions({ policyId }),
    initialData: options,
    refetchOnWindowFocus: false,
    select: (d) => d.tags,
  });

  const setError = (setting: Setting, message: string | undefined) => setErrors((s) => ({ ...s, [setting]: message }));

  /**
   * Saves one setting through its autosave queue (in order, the latest value last; the field stays
   * usable meanwhile). On failure the setting goes back to the value the server last confirmed and
   * shows the spec's text (part 2 §8), so the queue forgets the refused value.
   */
  async function save<K extends Setting>(setting: K, next: Values[K], wire: string): Promise<boolean> {
    setValues((v) => ({ ...v, [setting]: next }));
    setError(setting, undefined);
    try {
      await autosaves[setting].save(wire);
      confirmed.current = { ...confirmed.current, [setting]: next };
      return true;
    } catch {
      autosaves[setting].discard();
      setValues((v) => ({ ...v, [setting]: confirmed.current[setting] }));
      setError(setting, t("policy.setup.saveFailed"));
      return false;
    }
  }

  const saveText = async (setting: TextSetting) => {
    const text = texts[setting];
    if (text === values[setting]) return;
    if (setting === "name") {
      const error = validatePolicyName(text);
      if (error) return setError("name", error);
      const ok = await save("name", text.trim(), text.trim());
      if (ok) setTexts((x) => ({ ...x, name: text.trim() }));
      else setTexts((x) => ({ ...x, name: values.name }));
    } else {
      const parsed = parsePolicyOrder(text);
      if (!parsed.ok) return setError("order", parsed.message);
      const normalised = parsed.order === null ? "" : String(parsed.order);
      const ok = await save("order", normalised, normalised);
      setTexts((x) => ({ ...x, order: ok ? normalised : values.order }));
    }
  };

  const onSelect = async (setting: SelectSetting, value: string) => {
    if (value === values[setting]) return;
    if (setting === "group") return setPending({ kind: "group", value });
    if (setting === "moveType") {
      setCheckingMoveType(true);
      try {
        const impact = await queryClient.fetchQuery(trpc.policy.policies.moveTypeImpact.queryOptions({ policyId, moveType: value as MoveType }, { staleTime: 0 }));
        setPending({ kind: "moveType", value, message: impact.message });
      } catch {
        setError("moveType", t("policy.setup.saveFailed"));
      } finally {
        setCheckingMoveType(false);
      }
      return;
    }
    await save(setting, value, value);
  };

  const confirmPending = async () => {
    const p = pending;
    setPending(null);
    if (!p) return;
    if (p.kind === "moveType") {
      await save("moveType", p.value, p.value);
      return;
    }
    // Moving the policy to another group removes its tags (part 2 §5).
    const previousTags = values.tags;
    const ok = await save("group", p.value, p.value);
    if (ok) {
      confirmed.current = { ...confirmed.current, tags: [] };
      setValues((v) => ({ ...v, tags: [] }));
      await queryClient.invalidateQueries({ queryKey: trpc.policy.policies.dropdowns.queryKey({ policyId }) });
      await queryClient.invalidateQueries({ queryKey: trpc.policy.policies.get.queryKey({ policyId }) });
    } else {
      setValues((v) => ({ ...v, tags: previousTags }));
    }
  };

  const toggleTag = (tagId: number, on: boolean) => {
    const next = on ? [...values.tags, tagId] : values.tags.filter((id) => id !== tagId);
    void save("tags", next, next.join(","));
  };

  const status = (setting: Setting) => <SaveStatus state={stateOf(setting)} />;
  const errorOf = (setting: Setting) => errors[setting] ?? null;
  const select = (setting: SelectSetting, label: string, opts: Option[], extra?: { allowNone?: boolean }) => (
    <OptionSelect
      label={label}
      options={opts}
      value={values[setting]}
      onChange={(v) => void onSelect(setting, v)}
      error={errorOf(setting)}
      allowNone={extra?.allowNone}
      disabled={readOnly || (setting === "moveType" && checkingMoveType)}
      status={status(setting)}
    />
  );
  const toggle = (setting: SwitchSetting, label: string) => (
    <FormField label={<LabelWithStatus label={label} status={status(setting)} />} error={errorOf(setting)} layout="inline">
      {(field) => (
        <Switch
          {...field}
          checked={values[setting]}
          disabled={readOnly}
          onCheckedChange={(on) => void save(setting, on, on ? "true" : "false")}
        />
      )}
    </FormField>
  );
  // part 1 §6 "Cost estimate authorisation is per group (a server check enables the checkbox)".
  const authorisation = useQuery({ ...trpc.estimate.admin.authorisation.queryOptions({ groupName: policy.group }), retry: false });
  const estimateAllowed = authorisation.data?.authorised === true;
  const estimateTypeSelect = (
    <OptionSelect
      label={t("policy.setup.estimateType")}
      options={labelledOptions(t, "estimateType", options.estimateTypes).filter((o) => estimateAllowed || o.value === "NONE" || o.value === values.estimateType)}
      value={values.estimateType}
      onChange={(v) => void onSelect("estimateType", v)}
      error={errorOf("estimateType")}
      disabled={readOnly || authorisation.isPending}
      status={status("estimateType")}
    />
  );
  const groupOptions = options.groups.map((g) => ({ value: String(g.id), label: g.displayName }));
  const durationOptions = options.welcomeCallDurations.map((o) => ({ value: o.value, label: t("policy.setup.minutes", { count: Number(o.value) }) }));
  const version = policy.versions.find((v) => v.id === (policy.draftVersionId ?? policy.releasedVersionId));

  return (
    <div className="flex flex-col gap-6">
      <SaveBar className="flex flex-wrap items-center justify-between gap-3">
        {/* The same version badge as the details page. */}
        {version ? (
          <Badge variant={version.status === "DRAFT" ? "warning" : "success"}>
            {t("policy.setup.versionLine", { number: version.versionNumber, status: t(version.status === "DRAFT" ? "policy.version.DRAFT" : "policy.version.RELEASED") })}
          </Badge>
        ) : (
          <span />
        )}
        <p aria-live="polite" className="flex min-h-5 items-center gap-1.5 text-sm text-muted-foreground" data-testid="setup-save-state">
          {saving ? (
            <>
              <Spinner className="size-3.5" />
              {t("policy.saving")}
            </>
          ) : lastSaved ? (
            <>
              <Check aria-hidden="true" className="size-4 text-success-foreground" />
              {t("policy.saved")}
            </>
          ) : null}
        </p>
      </SaveBar>
      {readOnly ? (
        <Alert variant="info">
          {t("policy.setup.readOnlyVersion")}{" "}
          <Link to="/policy/search" search={{ group: policy.group }} className="font-medium underline underline-offset-4">
            {t("policy.search.title")}
          </Link>
        </Alert>
      ) : null}
      <Warnings warnings={warnings} />

      <Section title={t("policy.setup.basics")}>
        <FormField label={<LabelWithStatus label={t("policy.setup.name")} status={status("name")} />} error={errorOf("name")} required className="tablet:col-span-2">
          {(field) => (
            <Input
              {...field}
              autoComplete="off"
              maxLength={200}
              readOnly={readOnly}
              value={texts.name}
              onChange={(e) => setTexts((x) => ({ ...x, name: e.target.value }))}
              onBlur={() => void saveText("name")}
              onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), void saveText("name"))}
            />
          )}
        </FormField>
        {select("group", t("policy.setup.group"), groupOptions)}
        <FormField label={<LabelWithStatus label={t("policy.setup.order")} status={status("order")} />} hint={t("policy.setup.orderHint")} error={errorOf("order")}>
          {(field) => (
            <Input
              {...field}
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              readOnly={readOnly}
              value={texts.order}
              onChange={(e) => setTexts((x) => ({ ...x, order: e.target.value }))}
              onBlur={() => void saveText("order")}
              onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), void saveText("order"))}
            />
          )}
        </FormField>
        {select("moveType", t("policy.setup.moveType"), labelledOptions(t, "moveType", options.moveTypes))}
        {select("archetype", t("policy.setup.archetype"), labelledOptions(t, "archetype", options.archetypes))}
        {select("moveStagesCount", t("policy.setup.moveStagesCount"), options.moveStagesCounts)}
        {select("status", t("policy.setup.status"), labelledOptions(t, "status", options.statuses))}
        <fieldset className="flex flex-col gap-2 tablet:col-span-2">
          <legend className="mb-2 flex items-center gap-2 text-sm font-medium leading-none">
            {t("policy.setup.tags")}
            {status("tags")}
          </legend>
          {(tagOptions.data ?? []).length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("policy.setup.noTags")}</p>
          ) : (
            <ul className="flex flex-wrap gap-x-5 gap-y-3">
              {(tagOptions.data ?? []).map((tag) => (
                <li key={tag.id} className="flex items-center gap-2">
                  <Checkbox
                    id={`setup-tag-${tag.id}`}
                    checked={values.tags.includes(tag.id)}
                    disabled={readOnly}
                    onCheckedChange={(on) => toggleTag(tag.id, on === true)}
                  />
                  <Label htmlFor={`setup-tag-${tag.id}`} className="font-normal">
                    {tag.name}
                  </Label>
                </li>
              ))}
            </ul>
          )}
          {errorOf("tags") ? <p className="text-[13px] font-medium text-destructive">{errorOf("tags")}</p> : null}
        </fieldset>
      </Section>

      <Section title={t("policy.setup.estimates")}>
        <EstimateAuthorisationNote authorisation={authorisation} />
        {estimateTypeSelect}
        {select("estimateProvider", t("policy.setup.estimateProvider"), labelledOptions(t, "estimateProvider", options.estimateProviders), { allowNone: true })}
        {select("estimatePackage", t("policy.setup.estimatePackage"), labelledOptions(t, "estimatePackage", options.estimatePackages), { allowNone: true })}
        <div className="flex items-end pb-2">{toggle("excludeCompensation", t("policy.setup.excludeCompensation"))}</div>
        {toggle("balanceSheetEnabled", t("policy.setup.balanceSheetEnabled"))}
        {select("balanceSheetCurrencyType", t("policy.setup.balanceSheetCurrencyType"), labelledOptions(t, "balanceSheetCurrencyType", options.balanceSheetCurrencyTypes), { allowNone: true })}
      </Section>

      <Section title={t("policy.setup.programme")}>
        {select("programmeType", t("policy.setup.programmeType"), labelledOptions(t, "programmeType", options.programmeTypes))}
        {select("welcomeCallDuration", t("policy.setup.welcomeCallDuration"), durationOptions, { allowNone: true })}
      </Section>

      <Card>
        <section aria-labelledby="setup-options-title">
          <CardHeader className="border-b border-border pb-4">
            <CardTitle id="setup-options-title">{t("policy.setup.options")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-5 tablet:grid-cols-2 desktop:grid-cols-3">
            {toggle("hrDashboard", t("policy.setup.hrDashboard"))}
            {toggle("noMaOwner", t("policy.setup.noMaOwner"))}
            {toggle("usesEwallet", t("policy.setup.usesEwallet"))}
            {toggle("noWelcomeCall", t("policy.setup.noWelcomeCall"))}
            {toggle("noWelcomeEmail", t("policy.setup.noWelcomeEmail"))}
            {toggle("cityGuideOnly", t("policy.setup.cityGuideOnly"))}
            {toggle("includeUserPreferences", t("policy.setup.includeUserPreferences"))}
          </CardContent>
        </section>
      </Card>

      <div className="flex flex-wrap justify-between gap-3">
        <Link to="/policy/search" search={{ group: policy.group }} className={buttonVariants({ variant: "outline" })}>
          {t("policy.back")}
        </Link>
        <Button
          disabled={saving}
          onClick={() => void navigate({ to: "/policy/details", search: { policyId, editDraft: !readOnly } })}
        >
          {t("policy.next")}
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === "moveType" ? t("policy.setup.moveTypeTitle") : t("policy.setup.groupChangeTitle")}
        description={pending?.kind === "moveType" ? pending.message : t("policy.setup.tagsRemoved")}
        confirmLabel={pending?.kind === "moveType" ? t("policy.setup.moveTypeConfirm") : t("policy.setup.groupChangeConfirm")}
        cancelLabel={t("app.cancel")}
        onConfirm={() => void confirmPending()}
      />
      {guard.dialog}
    </div>
  );
}
