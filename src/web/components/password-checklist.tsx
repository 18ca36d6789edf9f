import { Check, Circle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { checkPassword } from "../../domain/identity/auth/password.ts";
import { cn } from "../lib/utils.ts";

/** The live password checklist: each rule ticks as soon as the typed password meets it. */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  const rules = checkPassword(password);
  return (
    <div id={id} className="rounded-lg border border-border bg-surface px-4 py-3">
      <p className="text-sm font-medium text-foreground">{t("activation.rulesTitle")}</p>
      <ul className="mt-2 flex flex-col gap-1.5 text-sm" data-testid="password-checklist">
        {rules.map((rule) => (
          <li
            key={rule.id}
            data-rule={rule.id}
            data-ok={rule.ok ? "true" : "false"}
            className={cn("flex items-center gap-2", rule.ok ? "text-success-foreground" : "text-muted-foreground")}
          >
            {rule.ok ? <Check className="size-4" aria-hidden="true" /> : <Circle className="size-4" aria-hidden="true" />}
            <span>{rule.label}</span>
            <span className="sr-only">({rule.ok ? t("activation.ruleMet") : t("activation.ruleNotMet")})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
