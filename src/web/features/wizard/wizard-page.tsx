// SKELETON (lead): the wizard UI helper replaces this file.
import type { TWizardSearch } from "../../../domain/wizard/schemas.ts";
import type { WizardNavigate } from "./routes.tsx";

export function WizardPage(_props: { group: string; search: TWizardSearch; onNavigate: WizardNavigate; preview: boolean }) {
  return null;
}
