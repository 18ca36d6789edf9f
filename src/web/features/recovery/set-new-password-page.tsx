import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ZSetPasswordRequest } from "../../../domain/identity/recovery/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FieldError, Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { useAutoHide } from "../../lib/use-auto-hide.ts";
import { PasswordChecklist } from "../../components/password-checklist.tsx";
import { PublicLayout } from "./public-layout.tsx";

type Errors = { password?: string; confirmPassword?: string };

/**
 * part 2 §2 set-new-password page: password and confirmation with the live rule checklist. On
 * success the server answers redirectUrl "/login"; failures show the token's message or
 * "Failed to set new password, please try again!".
 */
export function SetNewPasswordPage({ token }: { token: string | undefined }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  // part 2 §9: the form error helper hides after 10 s (the field errors stay).
  const [formError, setFormError] = useAutoHide();
  const setNew = useMutation(trpc.recovery.setPassword.mutationOptions());

  if (!token) {
    return (
      <PublicLayout>
        <h1 className="text-2xl font-semibold tracking-tight">{t("recovery.setTitle")}</h1>
        <Alert variant="destructive" role="alert" className="mt-6">
          {t("recovery.noToken")}
        </Alert>
        <p className="mt-6 text-sm">
          <Link to="/user/account-recovery" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("recovery.requestNewLink")}
          </Link>
        </p>
      </PublicLayout>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = ZSetPasswordRequest.safeParse({ token, password, confirmPassword });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === "password" || key === "confirmPassword") && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      setFormError(t("recovery.formHasErrors"));
      return;
    }
    setErrors({});
    try {
      const result = await setNew.mutateAsync(parsed.data);
      if (!result.success) {
        setFormError(result.error ?? t("recovery.setFailed"));
        return;
      }
      window.location.assign(`${result.redirectUrl ?? "/login"}`);
    } catch (error) {
      setFormError(serverMessage(error) ?? t("recovery.setFailed"));
    }
  };

  const tokenProblem = !errors.password && !errors.confirmPassword && setNew.isError && (setNew.error as { data?: { code?: string } } | null)?.data?.code !== "INTERNAL_SERVER_ERROR";
  const redirecting = setNew.isSuccess;

  return (
    <PublicLayout>
      <h1 className="text-2xl font-semibold tracking-tight">{t("recovery.setTitle")}</h1>
      <p className="mt-2 text-[15px] text-muted-foreground">{t("recovery.setSubtitle")}</p>
      <form noValidate onSubmit={submit} className="mt-8 flex flex-col gap-5" aria-label={t("recovery.setTitle")}>
        <div className="flex flex-col gap-2">
          <Label htmlFor="new-password">{t("recovery.newPassword")}</Label>
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            autoFocus
            value={password}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? "new-password-error password-rules" : "password-rules"}
            onChange={(e) => setPassword(e.target.value)}
          />
          <FieldError id="new-password-error">{errors.password}</FieldError>
        </div>
        <PasswordChecklist password={password} id="password-rules" />
        <div className="flex flex-col gap-2">
          <Label htmlFor="confirm-password">{t("recovery.confirmPassword")}</Label>
          <Input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            aria-invalid={errors.confirmPassword ? true : undefined}
            aria-describedby={errors.confirmPassword ? "confirm-password-error" : undefined}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
          <FieldError id="confirm-password-error">{errors.confirmPassword}</FieldError>
        </div>
        <Button type="submit" size="lg" className="w-full" busy={setNew.isPending || redirecting}>
          {setNew.isPending || redirecting ? t("recovery.saving") : t("recovery.save")}
        </Button>
      </form>
      {formError ? (
        <Alert variant="destructive" role="alert" className="mt-6" data-testid="set-password-error">
          {formError}
        </Alert>
      ) : null}
      {tokenProblem ? (
        <p className="mt-4 text-sm">
          <Link to="/user/account-recovery" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("recovery.requestNewLink")}
          </Link>
        </p>
      ) : null}
    </PublicLayout>
  );
}
