import {
  ZCatalogueServicesResponse,
  ZConfigureAttributeRequest,
  ZConfigureAttributeResponse,
  ZCreateTagRequest,
  ZCurrenciesRequest,
  ZCurrenciesResponse,
  ZEmployeePolicyRequest,
  ZEmployeePolicyResponse,
  ZGroupAttributesRequest,
  ZGroupAttributesResponse,
  ZSearchSpendCategoriesRequest,
  ZSearchSpendCategoriesResponse,
  ZServiceAttributesRequest,
  ZServiceAttributesResponse,
  ZSetAttributeVisibilityRequest,
  ZSetAttributeVisibilityResponse,
  ZSpendCategoryTree,
  ZTag,
  ZTagsResponse,
} from "../../domain/policy/benefit-schemas.ts";
import {
  configureAttribute,
  createGroupTag,
  groupAttributes,
  listGroupTags,
  listServiceAttributes,
  listServices,
  policyOverrideCurrencies,
  searchSpendCategories,
  setAttributeVisibility,
  SPEND_CATEGORY_READERS,
  spendCategoryTree,
} from "../../services/policy/catalogue.ts";
import { EMPLOYEE_POLICY_VIEWERS, employeePolicyView } from "../../services/policy/employee-view.ts";
import { authedProcedure, groupProcedure, roleProcedure, router, sync } from "../../trpc.ts";

/** The policy screens' readers: ADMIN and HR. */
const policyReader = roleProcedure("ADMIN", "HR");
/** Spend categories are also read by finance and CRM screens. */
const categoryReader = roleProcedure(...SPEND_CATEGORY_READERS);

/** Catalogue of the policy area: services, attributes, spend categories, tags, currencies, the employee's policy view. */
export const policyCatalogueRouter = router({
  services: policyReader.output(sync(ZCatalogueServicesResponse)).query(({ ctx }) => listServices(ctx.db)),

  /** Every attribute for ADMIN; HR sees only those visible to HR. */
  serviceAttributes: policyReader
    .input(sync(ZServiceAttributesRequest))
    .output(sync(ZServiceAttributesResponse))
    .query(({ ctx, input }) => listServiceAttributes(ctx.db, { user: ctx.user, ip: ctx.ip }, input.serviceKey)),

  /** §6 admin function "service attribute visibility for HR". */
  setAttributeVisibility: roleProcedure("ADMIN")
    .input(sync(ZSetAttributeVisibilityRequest))
    .output(sync(ZSetAttributeVisibilityResponse))
    .mutation(({ ctx, input }) => setAttributeVisibility(ctx.db, { user: ctx.user, ip: ctx.ip }, input.attributeId, input.visibleToHr)),

  /** GET /api/v1/services/{serviceType}/attributes?groupName: visibility for the group (or one of its policies). */
  groupAttributes: policyReader
    .input(sync(ZGroupAttributesRequest))
    .output(sync(ZGroupAttributesResponse))
    .query(({ ctx, input }) => groupAttributes(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** PUT /api/v1/services/{serviceType}/attributes/{id}/configurations (ADMIN). */
  configureAttribute: roleProcedure("ADMIN")
    .input(sync(ZConfigureAttributeRequest))
    .output(sync(ZConfigureAttributeResponse))
    .mutation(({ ctx, input }) => configureAttribute(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** GET /spendCategories/extended */
  spendCategories: categoryReader.output(sync(ZSpendCategoryTree)).query(({ ctx }) => spendCategoryTree(ctx.db)),

  searchSpendCategories: categoryReader
    .input(sync(ZSearchSpendCategoriesRequest))
    .output(sync(ZSearchSpendCategoriesResponse))
    .query(({ ctx, input }) => searchSpendCategories(ctx.db, input.query)),

  tags: groupProcedure("HR", "ADMIN")
    .output(sync(ZTagsResponse))
    .query(({ ctx }) => listGroupTags(ctx.db, ctx.group)),

  createTag: groupProcedure("ADMIN")
    .input(sync(ZCreateTagRequest))
    .output(sync(ZTag))
    .mutation(({ ctx, input }) => createGroupTag(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.group, input.name)),

  /** GET /hr/json/getPolicyOverrides/currencies */
  currencies: policyReader
    .input(sync(ZCurrenciesRequest))
    .output(sync(ZCurrenciesResponse))
    .query(({ ctx, input }) => policyOverrideCurrencies(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** GET /admin/policy/getPolicyDetails (ADMIN, CRM, the group's HR, the employee themself). */
  employeePolicy: roleProcedure(...EMPLOYEE_POLICY_VIEWERS)
    .input(sync(ZEmployeePolicyRequest))
    .output(sync(ZEmployeePolicyResponse))
    .query(({ ctx, input }) => employeePolicyView(ctx.db, ctx.user, input)),
});
