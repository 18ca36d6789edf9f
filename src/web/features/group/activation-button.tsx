import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TPerson } from "../../../domain/admin/groups/schemas.ts";
import { Button } from "../../components/ui/button.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

/**
 * part 1 §4 manager activation button, for PENDING people: "Send Activation" → "Sending Activation"
 * (disabled) → removed on success (with a note), restored on failure (with the error). A person whose
 * activation is already out shows a disabled "Activation Sent".
 */
export function ActivationButton({ group, person }: { group: string; person: TPerson }) {
  const { t } = useTranslation();
  const send = useMutation(trpc.users.sendActivation.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  if (person.activationState !== "PENDING") return null;
  if (send.isSuccess) {
    return (
      <span role="status" className="text-sm text-success-foreground" data-testid="activation-sent-note">
        {t("people.activationSentTo", { email: person.email })}
      </span>
    );
  }
  if (person.activationSent && !send.isPending) {
    return (
      <Button size="sm" variant="outline" disabled>
        {t("people.activationSent")}
      </Button>
    );
  }
  return (
    <span className="flex flex-col items-start gap-1">
      <Button
        size="sm"
        variant="outline"
        disabled={send.isPending}
        aria-label={`${send.isPending ? t("people.sendingActivation") : t("people.sendActivation")}: ${person.firstName} ${person.lastName}`}
        onClick={() => {
          setError(null);
          send.mutate({ group, userId: person.id }, { onError: (e) => setError(errorText(e, t("error.generic"))) });
        }}
      >
        {send.isPending ? t("people.sendingActivation") : t("people.sendActivation")}
      </Button>
      {error ? (
        <span role="alert" className="text-xs text-destructive-foreground">
          {error}
        </span>
      ) : null}
    </span>
  );
}
