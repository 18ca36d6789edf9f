import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import type { TFoundUser } from "../../../domain/identity/recovery/schemas.ts";
import { useTranslation } from "react-i18next";
import { parseUserId } from "../../../domain/identity/recovery/rules.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FieldError, Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";

type Outcome = { kind: "success" | "error"; text: string } | null;

/** Numeric-int inputs strip non-digits (part 2 §5). */
const digitsOnly = (value: string) => value.replace(/[^0-9]/g, "");

/** The person search above both tools: name, e-mail or user id; choosing someone fills the user Id fields. */
function FindPerson({ onChoose }: { onChoose: (user: TFoundUser) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [term, setTerm] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({ ...trpc.adminAccounts.findUsers.queryOptions({ search: term }), enabled: term.length >= 2 });
  return (
    <Card className="mb-6 max-w-4xl">
      <CardContent className="flex flex-col gap-3">
        <Label htmlFor="find-person">{t("anonymize.findLabel")}</Label>
        <Input id="find-person" type="search" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} aria-describedby="find-person-hint" />
        <p id="find-person-hint" className="text-sm text-muted-foreground">
          {t("anonymize.findHint")}
        </p>
        <div aria-live="polite">
          {term.length >= 2 && found.data ? (
            found.data.users.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("anonymize.noMatches")}</p>
            ) : (
              <ul className="flex flex-col divide-y divide-border rounded-md border border-border" aria-label={t("anonymize.found")}>
                {found.data.users.map((u) => (
                  <li key={u.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm">
                    <span className="min-w-0 flex-1">
                      <span className="font-medium">{u.name}</span> <span className="break-all text-muted-foreground">{u.email}</span>
                      <span className="block text-muted-foreground">
                        {/* Words a person reads: the group and the role's name, no internal id. */}
                        {[u.groupName, t(`role.${u.role}` as "role.EMPLOYEE", { defaultValue: u.role })].filter(Boolean).join(" · ")}
                      </span>
                    </span>
                    <Button type="button" variant="outline" size="sm" onClick={() => onChoose(u)}>
                      {t("anonymize.choose", { name: u.name })}
                    </Button>
                  </li>
                ))}
              </ul>
            )
          ) : null}
          {found.data?.more ? <p className="mt-2 text-sm text-muted-foreground">{t("anonymize.moreMatches")}</p> : null}
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * part 2 §2 anonymize user (user id required: "Please enter user Id"; confirm "This operation is
 * irreversible...") and disable SSO for a user.
 */
export function AnonymizeUserPage() {
  const { t } = useTranslation();
  const [userId, setUserId] = useState("");
  const [idError, setIdError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  // Who the confirmation names: the person chosen in the search, or looked up by the typed id.
  const [person, setPerson] = useState<TFoundUser | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const anonymize = useMutation(
    trpc.adminAccounts.anonymize.mutationOptions({
      onSuccess: (result) => {
        setOutcome({ kind: result.success ? "success" : "error", text: result.resultMessage });
        if (result.success) setUserId("");
      },
      onError: (error) => setOutcome({ kind: "error", text: errorText(error, t("error.generic")) }),
    }),
  );

  const [ssoId, setSsoId] = useState("");
  const [ssoError, setSsoError] = useState<string | null>(null);
  const [ssoOutcome, setSsoOutcome] = useState<Outcome>(null);
  const disableSso = useMutation(
    trpc.adminAccounts.disableSso.mutationOptions({
      onSuccess: (ok) => setSsoOutcome(ok ? { kind: "success", text: t("anonymize.ssoDone") } : { kind: "error", text: t("anonymize.ssoUnknown") }),
      onError: (error) => setSsoOutcome({ kind: "error", text: errorText(error, t("error.generic")) }),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const id = parseUserId(userId);
    if (id === null) {
      setIdError(t("anonymize.enterUserId"));
      return;
    }
    setIdError(null);
    if (person?.id !== id) {
      setPerson(null);
      void trpcClient.adminAccounts.findUsers
        .query({ search: String(id) })
        .then((r) => setPerson(r.users.find((u) => u.id === id) ?? null))
        .catch(() => setPerson(null));
    }
    setConfirming(id);
  };

  const submitSso = (event: FormEvent) => {
    event.preventDefault();
    setSsoOutcome(null);
    const id = parseUserId(ssoId);
    if (id === null) {
      setSsoError(t("anonymize.enterUserId"));
      return;
    }
    setSsoError(null);
    disableSso.mutate({ userId: id });
  };

  return (
    <>
      <PageHeader title={t("anonymize.title")} description={t("anonymize.description")} />
      <FindPerson
        onChoose={(u) => {
          setPerson(u);
          setUserId(String(u.id));
          setSsoId(String(u.id));
          setIdError(null);
          setSsoError(null);
        }}
      />
      <div className="grid max-w-4xl gap-6 desktop:grid-cols-2">
        <Card>
          <CardContent>
            <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={t("anonymize.title")}>
              <div className="flex flex-col gap-2">
                <Label htmlFor="anonymize-user-id">{t("anonymize.userIdLabel")}</Label>
                <Input
                  id="anonymize-user-id"
                  inputMode="numeric"
                  autoComplete="off"
                  value={userId}
                  aria-invalid={idError ? true : undefined}
                  aria-describedby={idError ? "anonymize-user-id-error" : undefined}
                  onChange={(e) => setUserId(digitsOnly(e.target.value))}
                />
                <FieldError id="anonymize-user-id-error">{idError ?? undefined}</FieldError>
              </div>
              <Button type="submit" variant="destructive" className="self-start" busy={anonymize.isPending}>
                {t("anonymize.submit")}
              </Button>
            </form>
            <div aria-live="polite" className="mt-6 empty:hidden">
              {outcome ? (
                <Alert variant={outcome.kind === "success" ? "success" : "destructive"} role={outcome.kind === "success" ? "status" : "alert"} data-testid="anonymize-outcome">
                  {outcome.text}
                </Alert>
              ) : null}
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("anonymize.ssoTitle")}</CardTitle>
            <CardDescription>{t("anonymize.ssoDescription")}</CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={submitSso} className="flex flex-col gap-5" aria-label={t("anonymize.ssoTitle")}>
              <div className="flex flex-col gap-2">
                <Label htmlFor="sso-user-id">{t("anonymize.userIdLabel")}</Label>
                <Input
                  id="sso-user-id"
                  inputMode="numeric"
                  autoComplete="off"
                  value={ssoId}
                  aria-invalid={ssoError ? true : undefined}
                  aria-describedby={ssoError ? "sso-user-id-error" : undefined}
                  onChange={(e) => setSsoId(digitsOnly(e.target.value))}
                />
                <FieldError id="sso-user-id-error">{ssoError ?? undefined}</FieldError>
              </div>
              <Button type="submit" variant="outline" className="self-start" busy={disableSso.isPending}>
                {t("anonymize.ssoSubmit")}
              </Button>
            </form>
            <div aria-live="polite" className="mt-6 empty:hidden">
              {ssoOutcome ? (
                <Alert variant={ssoOutcome.kind === "success" ? "success" : "destructive"} role={ssoOutcome.kind === "success" ? "status" : "alert"} data-testid="sso-outcome">
                  {ssoOutcome.text}
                </Alert>
              ) : null}
            </div>
          </CardContent>
        </Card>
      </div>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t("anonymize.confirmTitle")}
        description={
          <>
            {confirming !== null && person?.id === confirming ? (
              <span className="mb-2 block font-medium text-foreground" data-testid="anonymize-person">
                {t("anonymize.confirmNamed", { name: person.name, email: person.email, group: person.groupName ? `, ${person.groupName}` : "", id: person.id })}
              </span>
            ) : null}
            {t("anonymize.confirm")}
          </>
        }
        confirmLabel={t("anonymize.submit")}
        cancelLabel={t("app.cancel")}
        destructive
        onConfirm={() => {
          if (confirming !== null) anonymize.mutate({ userId: confirming });
        }}
      />
    </>
  );
}
