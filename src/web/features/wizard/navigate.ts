import type { TWizardSearch } from "../../../domain/moves/wizard/search.ts";

/** How the wizard's pages change the URL's stage and parameters (routes.tsx supplies it to wizard-page.tsx). */
export type WizardNavigate = (next: TWizardSearch, options?: { replace?: boolean }) => void;
