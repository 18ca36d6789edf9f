import type { TFunction } from "i18next";
import type { TNotification } from "../../../domain/identity/notifications/kinds.ts";

/** A translation with a row's variables (the kinds' texts take different ones: see en-notifications.ts). */
type TextWithVars = (key: string, vars: Record<string, string>) => string;

/** The line a notification reads as, in the bell and on the list: its kind's text with its variables. */
export function notificationText(t: TFunction, n: TNotification): string {
  // The frame's i18next does not escape (React does): the variables go in as they are.
  return (t as unknown as TextWithVars)(`notifications.text.${n.kind}`, n.vars);
}
