/**
 * English texts of the overview widgets (issue 14; part 1 §2, §3) shown on the employee home (merged
 * into en.ts; loaded with the widget, src/web/features/widgets/). The spec's own failure text (part 1
 * §8 "currency") comes from src/domain/employee/widgets/currency.ts.
 */
import { currencyWidgetMessages } from "../employee/widgets/currency.ts";
import { feedbackMessages } from "../employee/widgets/feedback.ts";
import { weatherMessages } from "../employee/widgets/weather.ts";

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

  "mail.feedback.subject": "Feedback from {{name}}: {{rating}} of 5",
  "mail.feedback.body": "{{name}} ({{email}}, {{group}}) rated Meridian {{rating}} of 5 and wrote:\n\n{{message}}",

  "widgets.feedback.title": "Feedback",
  "widgets.feedback.description": "Tell us how Meridian works for you.",
  "widgets.feedback.rating": "Rating",
  "widgets.feedback.stars": "{{count}} of 5",
  "widgets.feedback.message": "Message",
  "widgets.feedback.send": "Send feedback",
  "widgets.feedback.last": "Your last feedback: {{rating}} of 5",
  "widgets.feedback.remove": "Remove my feedback",
  "widgets.feedback.notConfigured": feedbackMessages.notConfigured,
  "widgets.feedback.sent": feedbackMessages.sent,
  "widgets.feedback.failed": feedbackMessages.failed,
  "widgets.feedback.removed": feedbackMessages.removed,

  "widgets.weather.title": "Weather",
  "widgets.weather.at": "At {{place}}",
  "widgets.weather.units": "Units",
  "widgets.weather.range": "{{max}}{{unit}} / {{min}}{{unit}}",
  "widgets.weather.rain": "{{p}}% rain",
  "widgets.weather.empty": "No forecast for these days.",
  "widgets.weather.notConfigured": weatherMessages.notConfigured,
  "widgets.weather.noDestination": weatherMessages.noDestination,
  "widgets.weather.unavailable": weatherMessages.unavailable,
} as const;
