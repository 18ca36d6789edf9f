import { textsChunk } from "../../lib/i18n.ts";

/** The widgets' shipped texts, fetched with the first widget shown (the translations table's texts win). */
export const widgetTexts = textsChunk(() => import("../../../domain/i18n/en-widgets.ts").then((m) => m.enWidgets));
