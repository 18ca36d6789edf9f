import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronLeft } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TManagerView } from "../../../domain/manager/managers/schemas.ts";
import { creationRestrictions, onOff, viewRestrictions } from "../../../domain/manager/managers/restrictions.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryView } from "../../components/ui/states.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { GeoRestrictions } from "./geo-restrictions.tsx";

type Outcome = { kind: "success" | "error"; text: string } | null;

/**
 * The manager page (part 1 §4 "Manager detail page with restrictions, name, external spend, tags and
 * activation"): each change is saved at once and confirmed ("… updated successfully.") or reported ("Failed
 * to update …."); the geographic restrictions below (part 1 §2).
 */
export function ManagerPage({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const manager = useQuery(trpc.managers.get.queryOptions({ userId }));
  return (
    <>
      <Link to="/admin/managers/list" className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ChevronLeft aria-hidden="true" className="size-4" />
        {t("managers.back")}
      </Link>
      <QueryView query={manager}>
        {(m) => (
          <>
            <PageHeader eyebrow={m.groupDisplayName} title={`${m.firstName} ${m.lastName}`} description={m.email} actions={<ActivationButton manager={m} />} />
            <div className="grid gap-6 desktop:grid-cols-2">
              <RestrictionsCard manager={m} />
              <NameCard manager={m} />
            </div>
            <div className="mt-6">
              <GeoRestrictions userId={m.userId} />
            </div>
          </>
        )}
      </QueryView>
    </>
  );
}

function useManagerUpdate() {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function run(what: string, call: () => Promise<unknown>) {
    setOutcome(null);
    try {
      await call();
      await queryClient.invalidateQueries(trpc.managers.pathFilter());
      setOutcome({ kind: "success", text: t("managers.updated", { what }) });
    } catch {
      setOutcome({ kind: "error", text: t("managers.failed", { what: what.toLowerCase() }) });
    }
  }
  const view = (
    <div aria-live="polite" className="empty:hidden">
      {outcome ? (
        <Alert variant={outcome.kind === "success" ? "success" : "destructive"} role={outcome.kind === "success" ? "status" : "alert"} data-testid="manager-outcome">
          {outcome.text}
        </Alert>
      ) : null}
    </div>
  );
  return { run, view };
}

function RestrictionsCard({ manager: m }: { manager: TManagerView }) {
  const { t } = useTranslation();
  const { run, view } = useManagerUpdate();
  const updateView = useMutation(trpc.managers.updateView.mutationOptions());
  const updateCreation = useMutation(trpc.managers.updateCreation.mutationOptions());
  const updateReporting = useMutation(trpc.managers.updateReporting.mutationOptions());
  const updateDashboard = useMutation(trpc.managers.updateDashboard.mutationOptions());
  const updateSpend = useMutation(trpc.managers.updateExternalSpend.mutationOptions());
  const ids = { view: useId(), creation: useId(), reporting: useId(), dashboard: useId(), spend: useId() };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("managers.restrictions")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {view}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.view}>{t("managers.view")}</Label>
          <NativeSelect id={ids.view} value={m.viewRestriction} onChange={(e) => void run(t("managers.view"), () => updateView.mutateAsync({ userId: m.userId, viewRestriction: e.target.value as "ALL" }))}>
            {viewRestrictions.map((v) => (
              <option key={v} value={v}>
                {t(`managers.view.${v}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.creation}>{t("managers.creation")}</Label>
          <NativeSelect id={ids.creation} value={m.readOnlyRestriction} onChange={(e) => void run(t("managers.creation"), () => updateCreation.mutateAsync({ userId: m.userId, readOnlyRestriction: e.target.value as "VIEW" }))}>
            {creationRestrictions.map((v) => (
              <option key={v} value={v}>
                {t(`managers.creation.${v}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.reporting}>{t("managers.reporting")}</Label>
          <NativeSelect id={ids.reporting} value={m.reportingRestriction} onChange={(e) => void run(t("managers.reporting"), () => updateReporting.mutateAsync({ userId: m.userId, reportingRestriction: e.target.value as "ON" }))}>
            {onOff.map((v) => (
              <option key={v} value={v}>
                {v === "ON" ? t("managers.on") : t("managers.off")}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.dashboard}>{t("managers.dashboard")}</Label>
          <NativeSelect id={ids.dashboard} value={m.dashboardRestriction} onChange={(e) => void run(t("managers.dashboard"), () => updateDashboard.mutateAsync({ userId: m.userId, dashboardRestriction: e.target.value as "ON" }))}>
            {onOff.map((v) => (
              <option key={v} value={v}>
                {v === "ON" ? t("managers.on") : t("managers.off")}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex items-center gap-3">
          <Switch id={ids.spend} checked={m.turnExternalSpend} onCheckedChange={(on) => void run(t("managers.externalSpend"), () => updateSpend.mutateAsync({ userId: m.userId, turnExternalSpend: on }))} />
          <Label htmlFor={ids.spend}>{t("managers.externalSpend")}</Label>
        </div>
      </CardContent>
    </Card>
  );
}

function NameCard({ manager: m }: { manager: TManagerView }) {
  const { t } = useTranslation();
  const { run, view } = useManagerUpdate();
  const update = useMutation(trpc.managers.updateName.mutationOptions());
  const [first, setFirst] = useState(m.firstName);
  const [last, setLast] = useState(m.lastName);
  useEffect(() => {
    setFirst(m.firstName);
    setLast(m.lastName);
  }, [m.firstName, m.lastName]);
  const firstId = useId();
  const lastId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("managers.name")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void run(t("managers.name"), () => update.mutateAsync({ userId: m.userId, firstName: first, lastName: last }));
          }}
        >
          {view}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={firstId}>{t("managers.firstName")}</Label>
            <Input id={firstId} value={first} required maxLength={100} onChange={(e) => setFirst(e.target.value)} autoComplete="off" />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={lastId}>{t("managers.lastName")}</Label>
            <Input id={lastId} value={last} required maxLength={100} onChange={(e) => setLast(e.target.value)} autoComplete="off" />
          </div>
          <div>
            <Button type="submit" busy={update.isPending}>
              {t("managers.saveName")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** Send Activation → Sending Activation → removed on success (a note) or restored on failure; Activation Sent is disabled. */
function ActivationButton({ manager: m }: { manager: TManagerView }) {
  const { t } = useTranslation();
  const send = useMutation(trpc.managers.activate.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  if (m.activationState !== "PENDING") return null;
  if (send.isSuccess && send.data === true) {
    return (
      <span role="status" className="text-sm text-success-foreground" data-testid="activation-done">
        {t("managers.activationDone", { email: m.email })}
      </span>
    );
  }
  if (m.activationSent && !send.isPending) {
    return (
      <Button variant="outline" disabled>
        {t("managers.activationSent")}
      </Button>
    );
  }
  return (
    <span className="flex flex-col items-start gap-1">
      <Button
        variant="outline"
        disabled={send.isPending}
        onClick={() => {
          setError(null);
          send.mutate(
            { userId: m.userId },
            {
              // "A false or empty answer is failure."
              onSuccess: (ok) => {
                if (ok !== true) setError(t("managers.activationFailed"));
                else void queryClient.invalidateQueries(trpc.managers.pathFilter());
              },
              onError: (e) => setError(errorText(e, t("managers.activationFailed"))),
            },
          );
        }}
      >
        {send.isPending ? t("managers.sendingActivation") : t("managers.sendActivation")}
      </Button>
      {error ? (
        <span role="alert" className="text-sm text-destructive">
          {error}
        </span>
      ) : null}
    </span>
  );
}
