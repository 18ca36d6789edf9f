// SKELETON (lead): helper C replaces the body. The signature is the contract: the server
// (createNewEmployee) and the React stage-2 form both call it, so both show the same messages.
import type { EstimateType } from "../policy/catalogue.ts";
import type { TFormComponentItem, TInitiationComponent } from "./schemas.ts";

export type InitiationValidationOptions = {
  /** Save as draft: the draft-mandatory flag replaces the mandatory flag. */
  draft: boolean;
  /** Today's date, YYYY-MM-DD (date of birth range, end-date rules). */
  today: string;
  /** The policy's estimate type (assignment-length rules: NO_PROVIDER, LTA, STA). */
  estimateType: EstimateType | string;
};

/**
 * part 1 §5 stage-2 rules: errors keyed by model name, each the spec's message with the field's
 * label. Hidden components (formType hidden, or usToUsOnly when the move is not US → US) are
 * not checked.
 */
export function validateInitiationForm(
  _components: TInitiationComponent[],
  _items: TFormComponentItem[],
  _options: InitiationValidationOptions,
): Record<string, string> {
  return {};
}
