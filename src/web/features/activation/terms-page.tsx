import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { FieldError } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryView } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { TermsText } from "./activation-page.tsx";
import { fieldErrorsOf } from "./field-errors.ts";

/** /user/terms-and-conditions: the terms text with an accept checkbox (part 2 §2, §7). */
export function TermsPage() {
  const { t, i18n } = useTranslation();
  const status = useQuery(trpc.account.terms.queryOptions());
  const accept = useMutation(trpc.account.acceptTerms.mutationOptions());
  const [ticked, setTicked] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setFieldError(undefined);
    try {
      const result = await accept.mutateAsync({ accept: ticked });
      window.location.assign(result.redirectUrl ?? "/");
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setFieldError(fields["accept"]);
      setFormError(serverMessage(error) ?? t("activation.signupFailed"));
    }
  };
  const busy = accept.isPending || accept.isSuccess;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t("terms.title")} description={t("terms.intro")} />
      <QueryView query={status}>
        {(data) => (
          <Card>
            <CardContent className="pt-6">
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t("terms.version", { version: data.version })}</p>
              <TermsText />
              {data.accepted && data.acceptedAt ? (
                <div className="mt-6 flex flex-col gap-4">
                  <Alert variant="success">
                    {t("terms.acceptedOn", {
                      version: data.acceptedVersion ?? data.version,
                      date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(data.acceptedAt)),
                    })}
                  </Alert>
                </div>
              ) : (
                <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4 border-t border-border pt-6">
                  <div className="flex items-start gap-3">
                    <input
                      id="terms-accept"
                      name="accept"
                      type="checkbox"
                      className="mt-0.5 size-4 accent-[var(--color-primary)]"
                      checked={ticked}
                      onChange={(e) => setTicked(e.target.checked)}
                      aria-invalid={fieldError ? true : undefined}
                      aria-describedby={fieldError ? "terms-accept-error" : undefined}
                    />
                    <Label htmlFor="terms-accept" className="font-normal">
                      {t("terms.accept")}
                    </Label>
                  </div>
                  <FieldError id="terms-accept-error">{fieldError}</FieldError>
                  <Button type="submit" className="self-start" busy={busy}>
                    {busy ? t("terms.submitting") : t("terms.submit")}
                  </Button>
                  {formError ? (
                    <Alert variant="destructive" role="alert" data-testid="terms-error">
                      {formError}
                    </Alert>
                  ) : null}
                </form>
              )}
            </CardContent>
          </Card>
        )}
      </QueryView>
    </div>
  );
}
