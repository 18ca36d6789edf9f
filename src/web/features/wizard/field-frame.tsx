/**
 * The frame every initiation-form field shares (its id, label mark, hint and fieldset), used by
 * initiation-fields.tsx and city-field.tsx alike.
 */
import { Info } from "lucide-react";
import type { ReactNode } from "react";
import type { TCountriesStatesResponse, TInitiationComponent } from "../../../domain/moves/wizard/schemas.ts";
import { FieldError } from "../../components/ui/input.tsx";

export type FieldValue = TInitiationComponent["value"];
export type Countries = TCountriesStatesResponse["countries"];

/** The id of a field's first control (focused when the field has an error). */
export const controlId = (c: Pick<TInitiationComponent, "formGroupId">) => `wf-${c.formGroupId}`;

export function Required({ on }: { on: boolean }) {
  if (!on) return null;
  return (
    <span aria-hidden="true" className="ml-0.5 text-destructive">
      *
    </span>
  );
}

export function Hint({ id, text }: { id: string; text: string }) {
  if (!text) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-[13px] text-muted-foreground">
      <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}

/** A group of controls (radio, money, date of birth, country-state-city) under one legend. */
export function Group({ c, error, children }: { c: TInitiationComponent; error: string | undefined; children: ReactNode }) {
  const id = controlId(c);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" data-model={c.modelName} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium leading-none text-foreground">
        {c.label}
        <Required on={c.mandatory} />
      </legend>
      {children}
      <Hint id={`${id}-hint`} text={c.tooltip} />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
