import { useTranslation } from "react-i18next";
import { CurrencyWidget } from "./currency-widget.tsx";
import { FeedbackWidget } from "./feedback-widget.tsx";
import { WeatherWidget } from "./weather-widget.tsx";
import { ConnectionsWidget } from "./connections-widget.tsx";

/** The widget area of the employee home (issue 14 "Widgets and overview"): one column on phones, two from 768 px. */
export function WidgetArea() {
  const { t } = useTranslation();
  return (
    <section aria-label={t("widgets.region", "Widgets")} className="mt-4 grid gap-4 md:grid-cols-2">
      <CurrencyWidget />
      <WeatherWidget />
      <ConnectionsWidget />
      <FeedbackWidget />
    </section>
  );
}
