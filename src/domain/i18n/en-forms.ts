import { FORM_CACHE_NOTE } from "../forms/catalogue.ts";
import { formBuilderMessages } from "../forms/messages.ts";

/** English UI texts of the form builder (merged into en.ts). The form-builder UI owner adds keys here. */
export const enForms = {
  "nav.formBuilder": "Form builder",
  "formBuilder.title": "Form builder",
  "formBuilder.saved": FORM_CACHE_NOTE,
  "formBuilder.selectGroupFirst": formBuilderMessages.selectGroupFirst,
} as const;
