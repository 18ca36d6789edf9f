import { router } from "../../trpc.ts";

/** Filled by the policy issue's work on this part (see index.ts). */
export const policyBenefitsRouter = router({});
