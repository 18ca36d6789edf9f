import type { SessionUser } from "../../identity/auth.ts";

/** Who is acting in the wizard, as services need it (audit rows carry the address). */
export type WizardActor = { user: SessionUser; ip: string | null };
