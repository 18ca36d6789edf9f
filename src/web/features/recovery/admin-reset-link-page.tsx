import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ZFindResetLinkRequest } from "../../../domain/identity/recovery/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { FieldError, fieldClasses, Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";

/** part 2 §2 admin reset-password page: email input, the reset URL in a read-only text area. */
export function AdminResetLinkPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const find = useMutation(trpc.adminAccounts.findResetLink.mutationOptions());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setLink(null);
    const parsed = ZFindResetLinkRequest.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    find.mutate(parsed.data, { onSuccess: (result) => setLink(result.link) });
  };

  return (
    <>
      <PageHeader title={t("adminReset.title")} description={t("adminReset.description")} />
      <Card className="max-w-2xl">
        <CardContent>
          <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={t("adminReset.title")}>
            <div className="flex flex-col gap-2">
              <Label htmlFor="reset-email">{t("adminReset.emailLabel")}</Label>
              <Input
                id="reset-email"
                type="email"
                autoComplete="off"
                spellCheck={false}
                value={email}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? "reset-email-error" : undefined}
                onChange={(e) => setEmail(e.target.value)}
              />
              <FieldError id="reset-email-error">{fieldError ?? undefined}</FieldError>
            </div>
            <Button type="submit" className="self-start" busy={find.isPending}>
              {t("adminReset.find")}
            </Button>
          </form>
          {find.isError ? (
            <Alert variant="destructive" role="alert" className="mt-6" data-testid="reset-error">
              {errorText(find.error, t("error.generic"))}
            </Alert>
          ) : null}
          {link ? (
            <div className="mt-6 flex flex-col gap-2">
              <Label htmlFor="reset-link">{t("adminReset.linkLabel")}</Label>
              <textarea
                id="reset-link"
                readOnly
                rows={3}
                value={link}
                aria-describedby="reset-link-help"
                className={cn(fieldClasses, "h-auto py-2 font-mono text-[13px]")}
                onFocus={(e) => e.currentTarget.select()}
              />
              <p id="reset-link-help" className="text-[13px] text-muted-foreground">
                {t("adminReset.linkHelp")}
              </p>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </>
  );
}
