import { router } from "../../trpc.ts";
import { policyBenefitsRouter } from "./benefits.ts";
import { policyCatalogueRouter } from "./catalogue.ts";
import { policyPoliciesRouter } from "./policies.ts";
import { policyPopupRouter } from "./popup.ts";
import { policyServicesRouter } from "./services.ts";
import { formBuilderRouter } from "./form-builder.ts";

/**
 * The policy area (part 2 §§2–9 "Policy configuration"):
 * - `policies`: search, list, setup settings, create, clone, versions (create, delete draft, complete), validation, details;
 * - `services`: the services of each move stage, budget groups, budgets, rates, copy stage, service properties;
 * - `benefits`: policy group setup — benefit sets, options, metadata lines with formulas and their overrides;
 * - `popup`: the policy popup editor;
 * - `catalogue`: service catalogue and attributes, spend categories, currencies, the employee's policy view.
 */
export const policyRouter = router({
  policies: policyPoliciesRouter,
  services: policyServicesRouter,
  benefits: policyBenefitsRouter,
  popup: policyPopupRouter,
  catalogue: policyCatalogueRouter,
});

/** The policy room's procedures, under the names AppRouter has always used (src/routers/_app.ts spreads them). */
export const policyProcedures = {
  policy: policyRouter,
  formBuilder: formBuilderRouter,
};
