import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TBenefit } from "../../../domain/policy/benefit-schemas.ts";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { trpcClient } from "../../lib/trpc.ts";

/** The flags of a benefit set the group setup toggles, in display order. */
const FLAGS = ["inactive", "affectsCostEstimate", "custom"] as const;
type Flag = (typeof FLAGS)[number];

/**
 * The set's flags — inactive, affects cost estimate, custom — as switches labelled per set (part 2
 * §2 "Policy group setup"; §4 benefit set: custom, affectsCostEstimate). A switch shows the saved
 * value only: while a change is saved (and the sets reloaded) all three are disabled; a refused
 * change leaves the switch as it was and says so. A set made inactive leaves the page when the
 * filter hides inactive benefits.
 */
export function BenefitSetFlags({
  set,
  editable,
  hint,
  hidesInactive,
  onSaved,
}: {
  set: TBenefit;
  editable: boolean;
  /** Why the switches cannot be changed here, if so. */
  hint?: string;
  /** The page hides inactive benefits: a set made inactive leaves it, and focus moves to its service's heading. */
  hidesInactive: boolean;
  /** Reloads the sets; the switches stay disabled until it settles. */
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [saving, setSaving] = useState<Flag | null>(null);
  const [error, setError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  const toggle = async (flag: Flag, on: boolean) => {
    setSaving(flag);
    setError(null);
    // The heading of the service's card takes the focus when this set leaves the page.
    const fallback = flag === "inactive" && on && hidesInactive ? root.current?.closest("[data-service-card]")?.querySelector<HTMLElement>("[data-focus-fallback]") : null;
    try {
      await trpcClient.policy.benefits.setFlags.mutate({ benefitId: set.id, [flag]: on });
      await onSaved();
      if (fallback) fallback.focus();
    } catch {
      setError(policyMessages.updateFailed);
    } finally {
      setSaving(null);
    }
  };

  return (
    <div ref={root} className="flex flex-col gap-2">
      <div role="group" aria-label={t("policyConfig.group.flagsOf", { name: set.name })} aria-busy={saving != null || undefined} className="flex flex-wrap items-center gap-x-6 gap-y-2">
        {FLAGS.map((flag) => {
          const switchId = `${id}-${flag}`;
          return (
            <div key={flag} className="flex items-center gap-2">
              <Switch
                id={switchId}
                checked={set[flag]}
                disabled={!editable || saving != null}
                aria-describedby={[error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined}
                onCheckedChange={(on) => void toggle(flag, on)}
              />
              <Label htmlFor={switchId} className="font-normal">
                {t(`policyConfig.group.flag.${flag}`)}
                <span className="sr-only"> ({set.name})</span>
              </Label>
            </div>
          );
        })}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-[13px] text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <div aria-live="polite" className="empty:hidden">
        {error ? (
          <Alert id={`${id}-error`} variant="destructive" role="alert">
            {error}
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
