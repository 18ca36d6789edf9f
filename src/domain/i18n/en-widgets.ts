/**
 * English texts of the overview widgets (issue 14; part 1 §2, §3) shown on the employee home (merged
 * into en.ts; loaded with the widget, src/web/features/widgets/). The spec's own failure text (part 1
 * §8 "currency") comes from src/domain/widgets/currency.ts.
 */
import { currencyWidgetMessages } from "../widgets/currency.ts";

export const enWidgets = {
  "widgets.region": "Widgets",
  "widgets.currency.title": "Currencies",
  "widgets.currency.description": "Exchange rates from your currency, to 4 decimal places.",
  "widgets.currency.yours": "Your currency",
  "widgets.currency.rateLine": "1 {{from}} = {{rate}} {{to}}",
  "widgets.currency.displayed": "Displayed currencies",
  "widgets.currency.none": "No other currencies are displayed. Add one below.",
  "widgets.currency.add": "Add a currency",
  "widgets.currency.addButton": "Add",
  "widgets.currency.choose": "Choose…",
  "widgets.currency.remove": "Remove {{code}}",
  "widgets.currency.saving": "Saving…",
  "widgets.currency.saved": "Saved.",
  "widgets.currency.max": "At most {{max}} currencies can be displayed.",
  "widgets.currency.noRates": "No exchange rates are available yet.",
  "widgets.currency.failure": currencyWidgetMessages.failure,
} as const;
