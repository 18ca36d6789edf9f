import { textsChunk } from "../../lib/i18n.ts";

/** The connections page's shipped texts (the translations table's texts win). */
export const socialTexts = textsChunk(() => import("../../../domain/i18n/en-social.ts").then((m) => m.enSocial));
