import type { TFunction } from "i18next";
import type { TNotification } from "../../../domain/notifications/kinds.ts";

/** The line a notification reads as, in the bell and on the list: its kind's text with its variables. */
export function notificationText(t: TFunction, n: TNotification): string {
  return t(`notifications.text.${n.kind}`, { ...n.vars, interpolation: { escapeValue: false } });
}
