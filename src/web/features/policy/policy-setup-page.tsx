import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import { ArrowRight, Check, CircleAlert, TriangleAlert } from "lucide-react";
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Archetype, MoveType } from "../../../domain/policy/catalogue.ts";
import type { TDropdownsResponse, TPolicySetup } from "../../../domain/policy/schemas.ts";
import { parsePolicyOrder, setupWarnings, validatePolicyName } from "../../../domain/policy/setup.ts";
import { useLeaveGuard } from "../../components/leave-guard.tsx";
import { ForbiddenPage, NotFoundPage } from "../../components/status-pages.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { SaveBar } from "../../components/save-bar.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { errorCode, serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { useAutosave, type Autosave } from "../../lib/use-autosave.ts";
import { cn } from "../../lib/utils.ts";
import { labelledOptions, policyLeaveTexts } from "./policy-format.ts";
import { PolicyLoadFailure } from "./details-load-failure.tsx";
import { PolicySteps } from "./policy-steps.tsx";
import { PolicyVersionsCard } from "./policy-versions.tsx";

type Option = { value: string; label: string };

/**
 * /policy/setup?policyId=&editDraft= (part 2 §2 "Policy setup"). Without a policy id: the new
 * policy form (name, order, group, move type, archetype, number of move stages), which creates the
 * policy and continues where the server sends it. With one: every setting, each saved as soon as it
 * changes (text fields when they lose focus); a failed save shows "Update failed - there was an
 * error." and puts the old value back.
 */
export function PolicySetupPage({
  policyId,
  editDraft,
  group,
  released,
}: {
  policyId: number | undefined;
  editDraft: boolean;
  group: string | undefined;
  /** The version number just released on the confirm page. */
  released?: number;
}) {
  const { t } = useTranslation();
  // The same query the form below runs: the policy's name heads the page, as on the other steps.
  const policy = useQuery({ ...trpc.policy.policies.get.queryOptions({ policyId: policyId ?? 0 }), enabled: policyId !== undefined, refetchOnWindowFocus: false });
  // A policy that does not exist (or is not the caller's) gets the status page alone, as on the other steps.
  const code = policy.isError ? errorCode(policy.error) : undefined;
  if (code === "FORBIDDEN") return <ForbiddenPage />;
  if (code === "NOT_FOUND") return <NotFoundPage />;
  return (
    <>
      <PageHeader
        eyebrow={policyId ? policy.data?.name : undefined}
        title={policyId ? t("policy.setup.titleEdit") : t("policy.setup.titleNew")}
        description={t("policy.setup.description")}
      />
      <PolicySteps current="setup" policyId={policyId} editDraft={editDraft} />
      {policyId && released && policy.data ? (
        <Alert variant="success" role="status" className="mb-6" data-testid="policy-released">
          {t("policy.confirm.releasedVersion", { number: released, policy: policy.data.name })}
        </Alert>
      ) : null}
      {policyId ? <ExistingPolicySetup policyId={policyId} editDraft={editDraft} /> : <NewPolicyForm initialGroup={group} />}
      {policyId && policy.data ? (
        <div className="mt-6">
          <PolicyVersionsCard policy={policy.data} />
        </div>
      ) : null}
    </>
  );
}

function SetupSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" role="status" className="flex flex-col gap-6">
      <span className="sr-only">{t("app.loading")}</span>
      <Skeleton className="h-72 rounded-xl" />
      <Skeleton className="h-56 rounded-xl" />
    </div>
  );
}


function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = `setup-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <Card className={className}>
      <section aria-labelledby={id}>
        <CardHeader className="border-b border-border pb-4">
          <CardTitle id={id}>{title}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5 tablet:grid-cols-2">{children}</CardContent>
      </section>
    </Card>
  );
}

function Warnings({ warnings }: { warnings: string[] }) {
  const { t } = useTranslation();
  return (
    <div aria-live="polite" className="empty:hidden">
      {warnings.length > 0 ? (
        <div role="status" className="flex gap-3 rounded-lg border border-warning-border bg-warning-soft px-4 py-3 text-sm text-warning-foreground" data-testid="setup-warnings">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">{t("policy.setup.warnings")}</p>
            <ul className="flex flex-col gap-1">
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </div>
  );
}

// ── New policy ──────────────────────────────────────────────────────────────────────────────

type NewValues = { name: string; order: string; group: string; moveType: string; archetype: string; moveStagesCount: string };
type NewErrors = Partial<Record<keyof NewValues, string>>;

function NewPolicyForm({ initialGroup }: { initialGroup: string | undefined }) {
  const dropdowns = useQuery(trpc.policy.policies.dropdowns.queryOptions({}));
  if (dropdowns.isPending) return <SetupSkeleton />;
  if (dropdowns.isError) return <PolicyLoadFailure error={dropdowns.error} onRetry={() => void dropdowns.refetch()} />;
  return <NewPolicyFormBody options={dropdowns.data} initialGroup={initialGroup} />;
}

function NewPolicyFormBody({ options, initialGroup }: { options: TDropdownsResponse; initialGroup: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const groupKnown = options.groups.some((g) => g.name === initialGroup);
  const [values, setValues] = useState<NewValues>({
    name: "",
    order: "",
    group: groupKnown && initialGroup ? initialGroup : "",
    moveType: options.moveTypes[0]?.value ?? "",
    archetype: options.archetypes[0]?.value ?? "",
    moveStagesCount: options.moveStagesCounts[0]?.value ?? "1",
  });
  const [errors, setErrors] = useState<NewErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useMutation(trpc.policy.policies.create.mutationOptions());
  const dirty = values.name.trim() !== "" || values.order.trim() !== "";
  const guard = useLeaveGuard(dirty && !create.isSuccess, policyLeaveTexts(t));
  const set = (key: keyof NewValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const warnings = setupWarnings({ moveStagesCount: Number(values.moveStagesCount), estimatePackage: null });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: NewErrors = {};
    const nameError = validatePolicyName(values.name);
    if (nameError) next.name = nameError;
    const order = parsePolicyOrder(values.order);
    if (!order.ok) next.order = order.message;
    if (values.group === "") next.group = t("policy.search.cloneGroupRequired");
    setErrors(next);
    if (Object.keys(next).length > 0) {
      // Take the keyboard to the first field to fix, once React has marked it invalid.
      const form = event.currentTarget as HTMLFormElement;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      const result = await create.mutateAsync({
        group: values.group,
        name: values.name.trim(),
        moveType: values.moveType as MoveType,
        archetype: values.archetype as Archetype,
        moveStagesCount: Number(values.moveStagesCount),
        order: values.order.trim() || undefined,
      });
      await queryClient.invalidateQueries({ queryKey: trpc.policy.policies.search.pathKey() });
      guard.allowNextNavigation();
      await navigate({ href: result.redirectUrl, replace: true });
    } catch (error) {
      const fields = (error as { data?: { fields?: Record<string, string> | null } }).data?.fields ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).filter(([k]) => k in values)) as NewErrors);
      setFailure(serverMessage(error) ?? t("policy.setup.saveFailed"));
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-6">
      <Section title={t("policy.setup.basics")}>
        <FormField label={t("policy.setup.name")} error={errors.name} required className="tablet:col-span-2">
          {(field) => <Input {...field} autoComplete="off" maxLength={200} value={values.name} onChange={(e) => set("name")(e.target.value)} />}
        </FormField>
        <FormField label={t("policy.setup.group")} error={errors.group} required>
          {(field) => (
            <NativeSelect {...field} value={values.group} onChange={(e) => set("group")(e.target.value)}>
              <option value="">{t("policy.chooseGroup")}</option>
              {options.groups.map((g) => (
                <option key={g.id} value={g.name}>
                  {g.displayName}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t("policy.setup.order")} hint={t("policy.setup.orderHint")} error={errors.order}>
          {(field) => <Input {...field} inputMode="numeric" autoComplete="off" maxLength={9} value={values.order} onChange={(e) => set("order")(e.target.value)} />}
        </FormField>
        <OptionSelect label={t("policy.setup.moveType")} options={labelledOptions(t, "moveType", options.moveTypes)} value={values.moveType} onChange={set("moveType")} error={errors.moveType} />
        <OptionSelect label={t("policy.setup.archetype")} options={labelledOptions(t, "archetype", options.archetypes)} value={values.archetype} onChange={set("archetype")} error={errors.archetype} />
        <OptionSelect label={t("policy.setup.moveStagesCount")} options={options.moveStagesCounts} value={values.moveStagesCount} onChange={set("moveStagesCount")} error={errors.moveStagesCount} />
      </Section>
      <Warnings warnings={warnings} />
      <p className="text-sm text-muted-foreground">{t("policy.setup.createHint")}</p>
      {failure ? (
        <Alert variant="destructive" role="alert">
          {failure}
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" busy={create.isPending}>
          {create.isPending ? t("policy.setup.creating") : t("policy.setup.create")}
        </Button>
      </div>
      {guard.dialog}
    </form>
  );
}

function OptionSelect({
  label,
  options,
  value,
  onChange,
  error,
  hint,
  allowNone,
  disabled,
  status,
}: {
  label: string;
  options: Option[];
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  allowNone?: boolean;
  disabled?: boolean;
  status?: ReactNode;
}) {
  const { t } = useTranslation();
  // A stored value the options no longer list still shows (and stays selected).
  const known = value === "" || options.some((o) => o.value === value);
  return (
    <FormField label={<LabelWithStatus label={label} status={status} />} error={error} hint={hint}>
      {(field) => (
        <NativeSelect {...field} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
          {allowNone || value === "" ? <option value="">{allowNone ? t("policy.none") : t("policy.notSet")}</option> : null}
          {known ? null : <option value={value}>{value}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

// ── Existing policy ─────────────────────────────────────────────────────────────────────────

const SWITCHES = [
  "balanceSheetEnabled",
  "hrDashboard",
  "noMaOwner",
  "usesEwallet",
  "noWelcomeCall",
  "noWelcomeEmail",
  "cityGuideOnly",
  "includeUserPreferences",
  "excludeCompensation",
] as const;
type SwitchSetting = (typeof SWITCHES)[number];

const SELECTS = [
  "group",
  "moveType",
  "archetype",
  "moveStagesCount",
  "estimateType",
  "estimateProvider",
  "estimatePackage",
  "balanceSheetCurrencyType",
  "status",
  "welcomeCallDuration",
  "programmeType",
] as const;
type SelectSetting = (typeof SELECTS)[number];
type TextSetting = "name" | "order";
type Setting = SwitchSetting | SelectSetting | TextSetting | "tags";
const SETTINGS: readonly Setting[] = [...SWITCHES, ...SELECTS, "name", "order", "tags"];

type Values = Record<SwitchSetting, boolean> & Record<SelectSetting | TextSetting, string> & { tags: number[] };

function valuesOf(p: TPolicySetup): Values {
  return {
    name: p.name,
    order: p.order === null ? "" : String(p.order),
    group: String(p.groupId),
    moveType: p.moveType,
    archetype: p.archetype,
    moveStagesCount: String(p.moveStagesCount),
    estimateType: p.estimateType,
    estimateProvider: p.estimateProvider ?? "",
    estimatePackage: p.estimatePackage ?? "",
    balanceSheetCurrencyType: p.balanceSheetCurrencyType ?? "",
    status: p.status,
    welcomeCallDuration: p.welcomeCallDuration === null ? "" : String(p.welcomeCallDuration),
    programmeType: p.programmeType,
    balanceSheetEnabled: p.balanceSheetEnabled,
    excludeCompensation: p.excludeCompensation,
    hrDashboard: p.hrDashboard,
    noMaOwner: p.noMaOwner,
    usesEwallet: p.usesEwallet,
    noWelcomeCall: p.noWelcomeCall,
    noWelcomeEmail: p.noWelcomeEmail,
    cityGuideOnly: p.cityGuideOnly,
    includeUserPreferences: p.includeUserPreferences,
    tags: p.tags.map((tag) => tag.id),
  };
}

function ExistingPolicySetup({ policyId, editDraft }: { policyId: number; editDraft: boolean }) {
  const policy = useQuery({ ...trpc.policy.policies.get.queryOptions({ policyId }), refetchOnWindowFocus: false });
  const dropdowns = useQuery({ ...trpc.policy.policies.dropdowns.queryOptions({ policyId }), refetchOnWindowFocus: false });
  if (policy.isPending || dropdowns.isPending) return <SetupSkeleton />;
  if (policy.isError) return <PolicyLoadFailure error={policy.error} onRetry={() => void policy.refetch()} />;
  if (dropdowns.isError) return <PolicyLoadFailure error={dropdowns.error} onRetry={() => void dropdowns.refetch()} />;
  return <SetupForm policy={policy.data} options={dropdowns.data} editDraft={editDraft} />;
}

type SaveState = { kind: "saving" } | { kind: "saved" } | { kind: "error"; message: string };
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

function LabelWithStatus({ label, status }: { label: string; status?: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-2">
      {label}
      {status}
    </span>
  );
}

/** The per-field save state: a spinner while saving, a tick once saved, an icon on failure (the text shows below the field). */
function SaveStatus({ state }: { state: SaveState | undefined }) {
  const { t } = useTranslation();
  if (!state) return null;
  if (state.kind === "saving") return <Spinner className="size-3.5 text-muted-foreground" />;
  if (state.kind === "saved")
    return (
      <span className={cn("inline-flex items-center text-success-foreground")}>
        <Check aria-hidden="true" className="size-3.5" />
        <span className="sr-only">{t("policy.saved")}</span>
      </span>
    );
  return <CircleAlert aria-hidden="true" className="size-3.5 text-destructive" />;
}

/** Why the estimate types are limited: the group is not authorised, or the check failed (part 1 §8 text). */
function EstimateAuthorisationNote({ authorisation }: { authorisation: { isError: boolean; data?: { authorised: boolean } } }) {
  const { t } = useTranslation();
  if (authorisation.isError) {
    return (
      <Alert variant="destructive" className="tablet:col-span-2 desktop:col-span-3" data-testid="estimate-authorisation">
        {estimateMessages.authorisationFailure}
      </Alert>
    );
  }
  if (authorisation.data && !authorisation.data.authorised) {
    return (
      <Alert variant="info" className="tablet:col-span-2 desktop:col-span-3" data-testid="estimate-authorisation">
        {t("policy.setup.estimateNotAuthorised")}
      </Alert>
    );
  }
  return null;
}
