import { textsChunk } from "../../lib/i18n.ts";

/** The sign-in methods page's shipped texts (the translations table's texts win). */
export const socialLoginTexts = textsChunk(() => import("../../../domain/i18n/en-social-login.ts").then((m) => m.enSocialLogin));
