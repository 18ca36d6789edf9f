import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { parseUserId } from "../../../domain/recovery/rules.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FieldError, Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

type Outcome = { kind: "success" | "error"; text: string } | null;

/** Numeric-int inputs strip non-digits (part 2 §5). */
const digitsOnly = (value: string) => value.replace(/[^0-9]/g, "");

/**
 * part 2 §2 anonymize user (user id required: "Please enter user Id"; confirm "This operation is
 * irreversible...") and disable SSO for a user.
 */
export function AnonymizeUserPage() {
  const { t } = useTranslation();
  const [userId, setUserId] = useState("");
  const [idError, setIdError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
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
        description={t("anonymize.confirm")}
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
