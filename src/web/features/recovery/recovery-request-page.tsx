import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ZRecoveryRequest } from "../../../domain/identity/recovery/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FieldError, Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { PublicLayout } from "./public-layout.tsx";

type ButtonState = "normal" | "waiting" | "done";

/**
 * part 2 §2 password reset request form. The button goes normal → "Please wait..." → done, and
 * back to normal on error (§4); an empty field does nothing (§5); a bad address is caught here
 * with "Not a valid email address" before the server is asked.
 */
export function RecoveryRequestPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [state, setState] = useState<ButtonState>("normal");
  const [info, setInfo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = useMutation(trpc.recovery.request.mutationOptions());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state !== "normal") return;
    if (email.trim() === "") return;
    const parsed = ZRecoveryRequest.safeParse({ email });
    if (!parsed.success) {
      setFieldError(t("recovery.emailInvalid"));
      return;
    }
    setFieldError(null);
    setError(null);
    setState("waiting");
    try {
      const result = await request.mutateAsync(parsed.data);
      if (!result.success) throw new Error(result.error ?? "");
      setInfo(result.message);
      setState("done");
    } catch (e) {
      setError(serverMessage(e) ?? (e instanceof Error && e.message ? e.message : t("recovery.failed")));
      setState("normal");
    }
  };

  return (
    <PublicLayout>
      <h1 className="text-2xl font-semibold tracking-tight">{t("recovery.requestTitle")}</h1>
      <p className="mt-2 text-[15px] text-muted-foreground">{t("recovery.requestSubtitle")}</p>
      <form noValidate onSubmit={submit} className="mt-8 flex flex-col gap-5" aria-label={t("recovery.requestTitle")}>
        <div className="flex flex-col gap-2">
          <Label htmlFor="recovery-email">{t("recovery.emailLabel")}</Label>
          <Input
            id="recovery-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={email}
            readOnly={state === "done"}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? "recovery-email-error" : undefined}
            onChange={(e) => {
              setEmail(e.target.value);
              if (fieldError) setFieldError(null);
            }}
          />
          <FieldError id="recovery-email-error">{fieldError ?? undefined}</FieldError>
        </div>
        <Button type="submit" size="lg" className="w-full" busy={state === "waiting"} disabled={state === "done"}>
          {state === "waiting" ? t("recovery.wait") : state === "done" ? t("recovery.sent") : t("recovery.send")}
        </Button>
      </form>
      <div aria-live="polite" className="mt-6 empty:hidden">
        {info ? (
          <Alert variant="success" role="status" data-testid="recovery-info">
            {info}
          </Alert>
        ) : null}
      </div>
      {error ? (
        <Alert variant="destructive" role="alert" className="mt-6" data-testid="recovery-error">
          {error}
        </Alert>
      ) : null}
      <p className="mt-10 border-t border-border pt-6 text-sm">
        <Link to="/login" className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("recovery.backToSignIn")}
        </Link>
      </p>
    </PublicLayout>
  );
}
