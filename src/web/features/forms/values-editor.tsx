import { Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { TFormField } from "../../../domain/policy/forms/schemas.ts";
import { Button } from "../../components/ui/button.tsx";
import { FieldError, Input } from "../../components/ui/input.tsx";

type Value = TFormField["availableValues"][number];

/**
 * The available values of a field (part 2 §3 availableValues, §5): add, remove and rename. A
 * renamed value keeps its originalValue; commas are stripped as they are typed. Problems
 * (empty, duplicated, not numeric) come from the caller's check and show under the list.
 */
export function ValuesEditor({
  id,
  values,
  onChange,
  error,
  readOnly = false,
  describedBy,
}: {
  id: string;
  values: Value[];
  onChange: (values: Value[]) => void;
  error?: string | null;
  readOnly?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [error ? errorId : null, hintId, describedBy].filter(Boolean).join(" ");
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={described}>
      <legend className="mb-2 text-sm font-medium">{t("formBuilder.field.values")}</legend>
      <p id={hintId} className="text-[13px] text-muted-foreground">
        {t("formBuilder.field.valuesHint")}
      </p>
      {values.length === 0 ? <p className="text-sm text-muted-foreground">{t("formBuilder.field.valuesNone")}</p> : null}
      <ol className="flex flex-col gap-2">
        {values.map((value, index) => {
          const inputId = `${id}-${index}`;
          const renamed = value.originalValue !== null && value.originalValue !== value.newValue;
          return (
            <li key={index} className="flex items-center gap-2">
              <label htmlFor={inputId} className="sr-only">
                {t("formBuilder.field.value", { number: index + 1 })}
              </label>
              <Input
                id={inputId}
                value={value.newValue}
                readOnly={readOnly}
                aria-invalid={error ? true : undefined}
                className={readOnly ? "bg-muted" : undefined}
                onChange={(e) => {
                  const next = [...values];
                  next[index] = { ...value, newValue: e.target.value.replaceAll(",", "") };
                  onChange(next);
                }}
              />
              {renamed ? <span className="shrink-0 text-xs text-muted-foreground">{t("formBuilder.field.valueWas", { value: value.originalValue ?? "" })}</span> : null}
              {readOnly ? null : (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t("formBuilder.field.removeValue", { number: index + 1 })}
                  onClick={() => onChange(values.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {readOnly ? null : (
        <div>
          <Button variant="outline" size="sm" onClick={() => onChange([...values, { originalValue: null, newValue: "" }])}>
            <Plus aria-hidden="true" />
            {t("formBuilder.field.addValue")}
          </Button>
        </div>
      )}
      <FieldError id={errorId}>{error ?? undefined}</FieldError>
    </fieldset>
  );
}
