import { textsChunk } from "../../lib/i18n.ts";

/** The welcome popup's shipped texts (the translations table's texts win), fetched before it shows. */
export const welcomeTexts = textsChunk(() => import("../../../domain/i18n/en-welcome.ts").then((m) => m.enWelcome));
