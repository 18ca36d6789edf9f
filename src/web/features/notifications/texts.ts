import { textsChunk } from "../../lib/i18n.ts";

/** The notifications' shipped texts (the translations table's texts win), fetched with the bell and the pages. */
export const notificationTexts = textsChunk(() => import("../../../domain/i18n/en-notifications.ts").then((m) => m.enNotifications));
