import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { policyMessages } from "../../../domain/policy/messages.ts";
import type { TServicePatch } from "../../../domain/policy/schemas.ts";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { useDetails, type DetailsService } from "./details-context.tsx";
import { SaveOnBlurText } from "./details-fields.tsx";

/**
 * The service attributes of a move-stage service (the service properties of part 2 §7). An
 * attribute with a data-fill level of 1–3 must have a value before the version is released.
 * A cleared value is deleted (propertiesToDelete).
 */
export function DetailsAttributes({
  stageId,
  service,
  settled,
  onSave,
}: {
  stageId: number;
  service: DetailsService;
  /** Whether the service's autosave has settled (see SaveOnBlurText). */
  settled: boolean;
  onSave: (fields: TServicePatch) => void;
}) {
  const { t } = useTranslation();
  const ctx = useDetails();
  const properties = useQuery(trpc.policy.services.properties.queryOptions({ policyId: ctx.policyId }));
  if (properties.isPending) return <LoadingRows rows={2} className="p-0" />;
  if (properties.isError) {
    return (
      <ErrorState
        message={errorText(properties.error, policyMessages.errorLoadingServiceProperties)}
        retryLabel={t("app.retry")}
        onRetry={() => void properties.refetch()}
        className="py-6"
      />
    );
  }
  const attributes = properties.data.services.find((s) => s.moveStageId === stageId && s.serviceKey === service.name)?.attributes ?? [];
  if (attributes.length === 0) return <p className="text-sm text-muted-foreground">{t("policyConfig.attributes.none")}</p>;

  const save = (key: string, value: string) => onSave(value.trim() === "" ? { propertiesToDelete: [key] } : { attributes: { [key]: value } });
  return (
    <div className="grid gap-4 tablet:grid-cols-2 desktop:grid-cols-3">
      {attributes.map((a) => {
        const fieldId = `attr-${service.id}-${a.key}`;
        const value = service.attributes[a.key] ?? a.value ?? "";
        const required = a.dataFillLevel >= 1;
        if (a.inputType === "BOOLEAN") {
          return (
            <FormField key={a.key} id={fieldId} label={a.label} layout="inline" required={required}>
              {(field) => <Checkbox {...field} checked={value === "true"} disabled={ctx.readOnly} onCheckedChange={(v) => save(a.key, v === true ? "true" : "false")} />}
            </FormField>
          );
        }
        return (
          <FormField key={a.key} id={fieldId} label={a.label} required={required}>
            {(field) =>
              a.inputType === "SELECT" ? (
                <NativeSelect {...field} value={value} disabled={ctx.readOnly} onChange={(e) => save(a.key, e.target.value)}>
                  <option value="">{t("policyConfig.choose")}</option>
                  {a.options.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </NativeSelect>
              ) : (
                <SaveOnBlurText
                  {...field}
                  unsavedKey={fieldId}
                  settled={settled}
                  value={value}
                  inputMode={a.inputType === "NUMBER" ? "decimal" : undefined}
                  disabled={ctx.readOnly}
                  onSave={(text) => save(a.key, text)}
                />
              )
            }
          </FormField>
        );
      })}
    </div>
  );
}
