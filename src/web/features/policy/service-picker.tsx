import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { FieldError, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { cn } from "../../lib/utils.ts";

/**
 * "Add a service" for a move stage, on the details step and in the popup editor: a service select
 * and an add button. Nothing chosen gives the spec's "Please select a service." (part 2 §5); the
 * caller's `onAdd` does the work (its own failure text arrives as `error`) and the choice clears
 * once it succeeds.
 */
export function ServicePicker({
  label,
  submitLabel,
  options,
  busy,
  error,
  onError,
  onAdd,
  className,
}: {
  label: string;
  submitLabel: string;
  options: { key: string; name: string }[];
  busy: boolean;
  error: string | null;
  onError: (message: string | null) => void;
  onAdd: (serviceKey: string) => Promise<unknown>;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [choice, setChoice] = useState("");
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!choice) {
      onError(t("policyConfig.msg.selectService"));
      return;
    }
    onError(null);
    try {
      await onAdd(choice);
      setChoice("");
    } catch {
      // The caller shows its failure text through `error`.
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={`${id}-service`}>{label}</Label>
      <div className="flex flex-wrap gap-2">
        <NativeSelect
          id={`${id}-service`}
          className="w-72 max-w-full"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <option value="">{t("policyConfig.details.chooseService")}</option>
          {options.map((s) => (
            <option key={s.key} value={s.key}>
              {s.name}
            </option>
          ))}
        </NativeSelect>
        <Button type="submit" variant="outline" busy={busy}>
          <Plus aria-hidden="true" />
          {submitLabel}
        </Button>
      </div>
      <div aria-live="polite">
        <FieldError id={`${id}-error`}>{error ?? undefined}</FieldError>
      </div>
    </form>
  );
}
