import { Check, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { checkPassword } from "../../../domain/auth/password.ts";
import { cn } from "../../lib/utils.ts";

/** part 2 §2: the live password-rule checklist; each rule ticks as the password meets it. */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  return (
    <div id={id} className="rounded-lg border border-border bg-surface px-4 py-3">
      <p className="text-sm font-medium">{t("recovery.rulesTitle")}</p>
      <ul className="mt-2 flex flex-col gap-1.5 text-sm" data-testid="password-checklist">
        {checkPassword(password).map((rule) => (
          <li key={rule.id} data-rule={rule.id} data-ok={rule.ok} className={cn("flex items-center gap-2", rule.ok ? "text-success-foreground" : "text-muted-foreground")}>
            {rule.ok ? <Check className="size-4 shrink-0" aria-hidden="true" /> : <X className="size-4 shrink-0" aria-hidden="true" />}
            <span>{rule.label}</span>
            <span className="sr-only">({rule.ok ? t("recovery.ruleMet") : t("recovery.ruleNotMet")})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
