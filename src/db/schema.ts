import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { ActivationState, GroupStatus, Role } from "../domain/roles.ts";
import type {
  Archetype,
  AttributeInputType,
  BalanceSheetCurrencyType,
  BenefitOptionType,
  BudgetAuthType,
  BudgetComplexity,
  BudgetType,
  EstimatePackage,
  EstimateProvider,
  EstimateType,
  MoveType,
  PolicyStatus,
  ProgrammeType,
  RateFrequency,
  ServiceCategory,
  VersionStatus,
} from "../domain/policy/catalogue.ts";
import type { FormDataType, FormType } from "../domain/policy/forms/catalogue.ts";

/**
 * Table types. Booleans are stored as 0/1 integers and timestamps as ISO-8601 UTC text on both dialects.
 * Enumerated text columns carry their union type (the app writes only those values; output schemas
 * check them again on the way out).
 */
export type GroupTable = {
  id: Generated<number>;
  name: string;
  display_name: string;
  status: GroupStatus;
  created_at: string;
  updated_at: string;
  /** part 1 §6 "Cost estimate authorisation is per group"; the admin flag (PUT /admin/costEstimates). */
  cost_estimate_enabled: Generated<number>;
  /** PUT /admin/costEstimates/billing: NOT_BILLABLE, BILLABLE, TRIAL, SUSPENDED. */
  cost_estimate_billing: Generated<string>;
};

export type UserTable = {
  id: Generated<number>;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  group_id: number | null;
  password_hash: string | null;
  is_sso_user: Generated<number>;
  terms_accepted_at: string | null;
  terms_version: string | null;
  activation_state: Generated<ActivationState>;
  last_login_at: string | null;
  phone: string | null;
  /** dd/MM/yyyy as entered at activation is stored as YYYY-MM-DD. */
  move_date: string | null;
  /** JSON object (model name → value) of the terms form's configurable fields, as last accepted. */
  terms_form_values: string | null;
  anonymized_at: string | null;
  created_at: string;
  updated_at: string;
};

export type SessionTable = {
  id: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
  timezone_offset: number | null;
};

export type LoginThrottleTable = {
  key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
  /** 1 when the last attempt counted was let through to the password check (src/domain/identity/auth/throttle.ts). */
  last_allowed: Generated<number>;
};

export type AuditLogTable = {
  id: Generated<number>;
  at: string;
  actor_user_id: number | null;
  group_id: number | null;
  entity: string;
  entity_id: string | null;
  action: string;
  old_values: string | null;
  new_values: string | null;
  ip: string | null;
};

export type TranslationTable = {
  id: Generated<number>;
  msg_key: string;
  msg_lang: string;
  msg_value: string;
  xlate_group: Generated<string>;
  group_id: number | null;
};

export type CurrencyTable = { code: string; name: string; minor_units: number };

/** The version of each reference data set last written at start-up (src/db/reference-versions.ts). */
export type ReferenceDataVersionTable = { name: string; version: string; updated_at: string };

export type ExchangeRateTable = {
  id: Generated<number>;
  base_currency: string;
  quote_currency: string;
  rate: string;
  as_of: string;
  source: string;
};

export type CountryTable = {
  code: string;
  name: string;
  phone_code: string | null;
  currency_code: string | null;
  latitude: string | null;
  longitude: string | null;
};

export type StateTable = {
  id: Generated<number>;
  country_code: string;
  code: string;
  name: string;
  latitude: string | null;
  longitude: string | null;
};

export type CityTable = {
  id: Generated<number>;
  country_code: string;
  state_code: string | null;
  name: string;
  latitude: string | null;
  longitude: string | null;
};

export type OutboxTable = {
  id: Generated<number>;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  link: string | null;
  template: string;
  group_id: number | null;
  user_id: number | null;
  /** "outbox" (kept for the admin Outbox page) or "smtp" (sent through SMTP_URL). */
  transport: "outbox" | "smtp";
  created_at: string;
  sent_at: string | null;
  error: string | null;
  /** JSON array of { filename, contentType, size } (the attachment bytes are not kept). */
  attachments: Generated<string>;
  cc_address: string | null;
};

export type AccountTokenKind = "ACTIVATION" | "PASSWORD_RESET";

export type AccountTokenTable = {
  id: Generated<number>;
  /** SHA-256 of the token in the link; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  kind: AccountTokenKind;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  created_by: number | null;
};

export type GroupSsoSettingsTable = {
  group_id: number;
  issuer_url: string;
  client_id: string;
  client_secret: string;
  /** Comma-separated e-mail domains allowed to sign in through this provider. */
  allowed_domains: string;
  enabled: Generated<number>;
  created_at: string;
  updated_at: string;
};

export type SsoLoginStateTable = {
  state: string;
  group_id: number;
  nonce: string;
  code_verifier: string;
  email_hint: string | null;
  redirect: string | null;
  created_at: string;
  expires_at: string;
};

// ---- Social login (migration 20261207140000_social_login) ----

/** A provider account (configured provider id + the provider's `sub`) linked to one user. */
export type SocialIdentityTable = {
  id: Generated<number>;
  user_id: number;
  provider: string;
  subject: string;
  /** The provider's address when linked (shown to the user). */
  email: string | null;
  /** "email": first sign-in with a verified matching address; "explicit": linked while signed in. */
  linked_by: "email" | "explicit";
  created_at: string;
  last_login_at: string | null;
};

/** One social sign-in or link attempt; the callback deletes the row it uses. */
export type SocialLoginStateTable = {
  state: string;
  provider: string;
  purpose: "login" | "link";
  user_id: number;
  nonce: string;
  code_verifier: string;
  created_at: string;
  expires_at: string;
};

// ---- Policy configuration (migration 20261123110000_policy) ----

export type ServiceTable = {
  key: string;
  name: string;
  category: ServiceCategory;
  description: Generated<string>;
  default_budget_type: BudgetType | null;
  is_cash_flex: Generated<number>;
  cash_service: Generated<number>;
  sort_order: Generated<number>;
};

export type ServiceAttributeTable = {
  id: Generated<number>;
  service_key: string;
  attr_key: string;
  label: string;
  input_type: AttributeInputType;
  /** JSON array of the SELECT choices. */
  options: Generated<string>;
  /** 0 optional; 1–3 a value is required before the version is released. */
  data_fill_level: Generated<number>;
  visible_to_hr: Generated<number>;
  sort_order: Generated<number>;
};

/** Visibility of a service attribute to HR for one group (policy_id null) or one policy of it (migration 20261125130000). */
export type ServiceAttributeConfigurationTable = {
  id: Generated<number>;
  attribute_id: number;
  group_id: number;
  policy_id: number | null;
  viewable_by_hr: number;
  updated_at: string;
};

export type SpendCategoryTable = {
  id: number;
  level: number;
  description: string;
  parent_id: number | null;
  hidden: Generated<number>;
  is_budget_cash_out: Generated<number>;
  cash_service_id: string | null;
  service_type: string | null;
  sdc_category: string | null;
  /** Comma-separated move stage numbers (level 3). */
  move_stages: string | null;
};

/** A group's tag; since issue 15 also the association of the catalogue tag of that name with the group (status ACTIVE | INACTIVE). */
export type GroupTagTable = { id: Generated<number>; group_id: number; name: string; status: Generated<string> };
/** Tags admin and HR-settings extension reasons (issue 15): see migrations/20261126021000_tags_extension_reasons.ts. */
export type TagTable = { id: Generated<number>; name: string; name_key: string; created_at: string };
export type UserTagTable = { user_id: number; group_tag_id: number; group_id: number };
export type GroupOptionTable = { id: Generated<number>; group_id: number; option_group: string; option_value: string; value_key: string; default_value: Generated<number>; created_at: string; updated_at: string };
export type GroupHrSettingsTable = { group_id: number; extension_reason_enabled: Generated<number>; updated_at: string };
/** Extend and end assignments (issue 15): see migrations/20261126031000_assignment_actions.ts. */
export type AssignmentActionTable = {
  id: Generated<number>; group_id: number; move_id: number; employee_user_id: number; kind: "EXTEND" | "END";
  old_end_date: string | null; new_end_date: string; reason_option_id: number | null; reason: string | null; message: Generated<string>;
  services: Generated<string>; budgets: Generated<string>; from_stage: number; to_stage: number; actor_user_id: number; created_at: string;
};

export type PolicyTable = {
  id: Generated<number>;
  group_id: number;
  name: string;
  move_type: MoveType;
  archetype: Archetype;
  move_stages_count: Generated<number>;
  sort_order: number | null;
  popup_displayed: Generated<number>;
  estimate_type: Generated<EstimateType>;
  estimate_provider: EstimateProvider | null;
  estimate_package: EstimatePackage | null;
  exclude_compensation: Generated<number>;
  balance_sheet_enabled: Generated<number>;
  balance_sheet_currency_type: BalanceSheetCurrencyType | null;
  status: Generated<PolicyStatus>;
  welcome_call_duration: number | null;
  programme_type: Generated<ProgrammeType>;
  hr_dashboard: Generated<number>;
  no_ma_owner: Generated<number>;
  uses_ewallet: Generated<number>;
  no_welcome_call: Generated<number>;
  no_welcome_email: Generated<number>;
  city_guide_only: Generated<number>;
  include_user_preferences: Generated<number>;
  created_at: string;
  updated_at: string;
};

export type PolicyTagTable = { policy_id: number; tag_id: number };

export type PolicyVersionTable = {
  id: Generated<number>;
  policy_id: number;
  version_number: number;
  status: VersionStatus;
  created_at: string;
  created_by: number | null;
  released_at: string | null;
  released_by: number | null;
};

export type BenefitSetTable = {
  id: Generated<number>;
  service_key: string;
  /** NULL: a global default set; otherwise the group's own set. */
  group_id: number | null;
  name: string;
  group_number: number;
  sdc_id: number | null;
  option_type: Generated<BenefitOptionType>;
  custom: Generated<number>;
  affects_cost_estimate: Generated<number>;
  inactive: Generated<number>;
  sort_order: Generated<number>;
};

export type BenefitOptionTable = {
  id: Generated<number>;
  benefit_set_id: number;
  name: string;
  sort_order: Generated<number>;
  inactive: Generated<number>;
};

export type MetadataInfoTable = { id: Generated<number>; benefit_set_id: number; name: string; sort_order: Generated<number> };

/** group_id and policy_id NULL: global default; group_id: group override; policy_id: policy override. */
export type BenefitMetadataTable = {
  id: Generated<number>;
  benefit_option_id: number;
  metadata_info_id: number;
  group_id: number | null;
  policy_id: number | null;
  formula: string;
  adjustment_formula: string | null;
  updated_at: string;
};

export type PolicyServiceTable = {
  id: Generated<number>;
  policy_version_id: number;
  move_stage: number;
  service_key: string;
  title: string | null;
  /** 1 cash flex, 2 budget, 3 benefits, 4 view-only third party, 5 off. */
  service_policy_type: number;
  /** 1–20, or 99 for none. */
  budget_group: Generated<number>;
  budget_type: BudgetType | null;
  authorization_type: BudgetAuthType | null;
  /** Minor units of `currency`. */
  min_amount: number | null;
  max_amount: number | null;
  note: Generated<string>;
  amount_can_be_negative: Generated<number>;
  addable: Generated<number>;
  move_hub: Generated<number>;
  provided: Generated<number>;
  cash_service: Generated<number>;
  show_as_move_hub_budget: Generated<number>;
  currency: string | null;
  rate_frequency: RateFrequency | null;
  amount: number | null;
  /** JSON object: attribute key → value. */
  attributes: Generated<string>;
  sort_order: Generated<number>;
};

export type PolicyServiceBenefitTable = {
  id: Generated<number>;
  policy_service_id: number;
  benefit_set_id: number;
  benefit_option_id: number | null;
  value: string | null;
};

export type BudgetGroupTable = {
  id: Generated<number>;
  policy_version_id: number;
  move_stage: number;
  group_number: number;
  auth_type: Generated<BudgetAuthType>;
  complexity: Generated<BudgetComplexity>;
  /** H hard (default) or S soft: see migrations/20261125230000_expenses_budgets.ts. */
  budget_type: Generated<"H" | "S">;
  /** 1: a soft budget outside min/max is a confirmed warning; 0 (default): refused (migrations/20261207120000_budget_outside_range.ts). */
  allow_outside_range: Generated<number>;
};

export type BudgetTable = {
  id: Generated<number>;
  budget_group_id: number;
  currency: string;
  /** Minor units of `currency`. */
  amount: number;
  min_amount: number | null;
  max_amount: number | null;
};

export type BudgetGroupRateTable = {
  id: Generated<number>;
  budget_group_id: number;
  country_code: string;
  city: Generated<string>;
  description: Generated<string>;
  currency: string;
  amount: number;
  frequency: RateFrequency;
};

export type PolicyPopupTable = {
  policy_version_id: number;
  header: Generated<string>;
  paragraph_top: Generated<string>;
  paragraph_bottom: Generated<string>;
  display_relocation_and_ongoing_benefits: Generated<number>;
};

export type PolicyPopupStageTable = {
  policy_version_id: number;
  move_stage: number;
  header: Generated<string>;
  move_stage_header: Generated<string>;
  blurb: Generated<string>;
};

export type PolicyPopupItemTable = {
  id: Generated<number>;
  policy_version_id: number;
  move_stage: number;
  service_key: string;
  title: Generated<string>;
  description: Generated<string>;
  sort_order: Generated<number>;
};

export type MoveStatus = "draft" | "open" | "on_assignment" | "completed" | "cancelled";

export type MoveTable = {
  id: Generated<number>;
  group_id: number;
  employee_user_id: number;
  policy_id: number;
  policy_version_id: number;
  status: MoveStatus;
  current_move_stage: Generated<number>;
  created_at: string;
  updated_at: string;
  origin_country_code: string | null;
  origin_state: string | null;
  /** A `cities.id`; 0 means "Other" with the free text in origin_city_name. */
  origin_city_id: number | null;
  /** The city's name (also kept for listed cities, for search and display). */
  origin_city_name: string | null;
  destination_country_code: string | null;
  destination_state: string | null;
  destination_city_id: number | null;
  destination_city_name: string | null;
  /** YYYY-MM-DD. */
  move_date: string | null;
  assignment_start_date: string | null;
  assignment_end_date: string | null;
  /** The wizard stage (1–6) the move's initiation last saved; a draft resumes there. */
  wizard_stage: Generated<number>;
  skip_ce: Generated<number>;
  /** JSON object: the initiation form's values by model name (see domain/wizard/schemas TStoredFormValue). */
  form_values: Generated<string>;
  created_by: number | null;
  initiated_at: string | null;
  initiated_by: number | null;
  cancelled_at: string | null;
};

export type FamilyRelationship = "PARTNER" | "CHILD" | "OTHER";

export type MoveFamilyMemberTable = {
  id: Generated<number>;
  move_id: number;
  relationship: FamilyRelationship;
  first_name: Generated<string>;
  date_of_birth: string | null;
  sort_order: Generated<number>;
};

/** Stage 3 overrides of one service of the move's policy version (absent: the policy's own setting). */
export type MoveServiceOverrideTable = {
  id: Generated<number>;
  move_id: number;
  move_stage: number;
  service_key: string;
  selected: Generated<number>;
  benefit_option_id: number | null;
  /** Minor units of `currency` (money-amount fields). */
  amount: number | null;
  currency: string | null;
};

export type MoveBudgetOverrideTable = {
  move_id: number;
  move_stage: number;
  group_number: number;
  currency: string;
  /** Minor units of `currency`. */
  amount: number;
};

export type FormSectionTable = {
  id: Generated<number>;
  group_id: number;
  name: string;
  /** 1: on the form ("added"); 0: in the available sections list. */
  added: Generated<number>;
  sort_order: Generated<number>;
};

export type FormFieldTable = {
  id: Generated<number>;
  group_id: number;
  /** NULL: in the available fields list. */
  section_id: number | null;
  sort_order: Generated<number>;
  model_name: string;
  label: string;
  form_type: FormType;
  data_type: FormDataType;
  placeholder: Generated<string>;
  validator: string | null;
  xlate_key: string | null;
  tooltip: Generated<string>;
  /** JSON array of strings. */
  available_values: Generated<string>;
  mapping_parent: string | null;
  mapping_field: string | null;
  data_parent: string | null;
  iterator_factory_method: string | null;
  /** JSON arrays of ids. */
  policy_version_ids: Generated<string>;
  excluded_policy_version_ids: Generated<string>;
  dependency_ids: Generated<string>;
  parent_field_id: number | null;
  shown: Generated<number>;
  read_only: Generated<number>;
  mandatory: Generated<number>;
  draft_mandatory: Generated<number>;
  excluded: Generated<number>;
  core: Generated<number>;
  basic_ce: Generated<number>;
  advanced_ce: Generated<number>;
  clone: Generated<number>;
  can_be_deleted: Generated<number>;
  master: Generated<number>;
  slave: Generated<number>;
  in_initiation_summary: Generated<number>;
  created_at: string;
  updated_at: string;
};

/** The configurable fields of a group's terms form (part 2 §3). */
export type TermsFormFieldTable = {
  id: Generated<number>;
  group_id: number;
  model_name: string;
  label: string;
  field_type: "text" | "date" | "select" | "checkbox";
  mandatory: Generated<number>;
  /** JSON array of strings. */
  available_values: Generated<string>;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
};

export type FormPrefillValueTable = {
  id: Generated<number>;
  group_id: number;
  master_field_id: number;
  master_value: string;
  slave_field_id: number;
  slave_value: string;
  policy_version_id: number | null;
};

export type SplashContentTable = {
  id: Generated<number>;
  area: string;
  splash_key: string;
  /** NULL: every group. */
  group_id: number | null;
  title: string;
  body: string;
  updated_at: string;
};

/** Stage 6 advanced estimate inputs of a move (JSON of domain/estimate/schemas TAdvancedDetails). */
export type MoveEstimateDetailsTable = { move_id: number; details: string; updated_at: string; updated_by: number | null };

export type CostEstimateStatus = "CURRENT" | "SUPERSEDED" | "DELETED";

/** One version of a move's cost estimate; amounts are integer minor units. */
export type CostEstimateTable = {
  id: Generated<number>;
  group_id: number;
  move_id: number;
  employee_user_id: number;
  version_number: number;
  status: CostEstimateStatus;
  type: string;
  years: Generated<number>;
  display_currency: string;
  secondary_display_currency: string | null;
  tax_method: string;
  tax_category: string;
  tax_rate_override: number | null;
  annual_salary_amount: number | null;
  annual_salary_currency: string | null;
  end_date: string | null;
  is_approved: Generated<number>;
  approver_name: string | null;
  approver_email: string | null;
  approval_date: string | null;
  /** JSON: saved service overrides. */
  overrides: Generated<string>;
  /** JSON: saved custom items. */
  custom_items: Generated<string>;
  /** JSON: the advanced settings the estimate was computed with. */
  settings: Generated<string>;
  /** JSON: the computed estimate view. */
  result: string;
  /** JSON: the computed balance sheet (advanced estimates with a balance sheet). */
  balance_sheet: string | null;
  total_minor: Generated<number>;
  stage_action: string | null;
  created_at: string;
  created_by: number | null;
  deleted_at: string | null;
  /** The approver's decision through the approval link (migration 20261125153000): APPROVED | REJECTED. */
  approval_decision: string | null;
  approval_comment: string | null;
  approval_decided_at: string | null;
  /** The approver's e-mail the link was sent to. */
  approval_decided_by: string | null;
};

/** One approval link sent for a cost estimate version (only the token's SHA-256 is stored). */
export type EstimateApprovalLinkTable = {
  id: Generated<number>;
  group_id: number;
  move_id: number;
  cost_estimate_id: number;
  token_hash: string;
  approver_email: string;
  sent_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  decision: string | null;
};

export type JobStatus = "PENDING" | "RUNNING" | "DONE" | "FAILED";

/** A persisted background job (src/services/jobs). */
export type JobTable = {
  id: string;
  kind: string;
  group_id: number | null;
  created_by: number | null;
  status: JobStatus;
  payload: string;
  result: string | null;
  error: string | null;
  attempts: Generated<number>;
  total_count: Generated<number>;
  success_count: Generated<number>;
  failure_count: Generated<number>;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
};

/**
 * One data row of a bulk employee import (issue 15): its result (SUCCESS with the employee and move
 * created, or FAILED), messages and warnings as JSON string arrays. (job_id, row_number) is unique.
 */
export type BulkImportRowTable = {
  id: Generated<number>;
  job_id: string;
  group_id: number;
  row_number: number;
  status: "SUCCESS" | "FAILED";
  employee_id: number | null;
  move_id: number | null;
  errors: Generated<string>;
  warnings: Generated<string>;
  /** A short text naming the row (first and last name, e-mail) for the error file. */
  summary: Generated<string>;
  created_at: string;
};

/** City cost-of-living and housing indices (base 100), DEMO (seeded) or IMPORT. */
export type CityIndexTable = {
  id: Generated<number>;
  country_code: string;
  city_name: string;
  /** Lower-case name without accents, for matching. */
  city_key: string;
  currency: string;
  col_index: string;
  housing_index: string;
  monthly_rent: number;
  as_of: string;
  source: "DEMO" | "IMPORT";
  updated_at: string;
};

export type UserPropertyTable = { user_id: number; key: string; value: number; updated_at: string };

/** The currency widget's choice per user (issue 14): see migrations/20261125235000_widget_prefs.ts. */
export type UserWidgetPrefsTable = { user_id: number; selected_currency: string; displayed_currencies: string; updated_at: string };

/** The feedback box's last feedback per user (issue 14): see migrations/20261125235500_feedback.ts. */
export type FeedbackTable = { user_id: number; group_id: number | null; rating: number; message: string; outbox_id: number | null; created_at: string };

/** The overview page (issue 14): see migrations/20261126010000_neighbourhood.ts. */
export type NeighbourhoodTable = { id: Generated<number>; provider: string; external_id: string; title: string; latitude: string; longitude: string; price_level: number | null; fetched_at: string };
export type NeighbourhoodFavouriteTable = { user_id: number; neighbourhood_id: number; group_id: number | null; created_at: string };
export type OfficePreferenceTable = { user_id: number; group_id: number | null; address: string; label: string; latitude: string; longitude: string; updated_at: string };
export type PropertyClickTable = { id: Generated<number>; user_id: number; group_id: number | null; provider: string; external_id: string; url: string | null; created_at: string };
export type ServiceVisitTable = { id: Generated<number>; user_id: number; group_id: number | null; service: string; created_at: string };

/** Which user has seen which splash (issue 14): see migrations/20261125235800_splash_views.ts. */
export type SplashViewTable = { user_id: number; splash_id: number; viewed_at: string };

/** The social handle a user linked (issue 14): see migrations/20261126011000_social_quotes.ts. */
export type SocialLinkTable = { user_id: number; handle: string; updated_at: string };

/** A supplier's quote for a service and move stage of a move (issue 14 comparison page): see migrations/20261126011000_social_quotes.ts. */
export type SupplierQuoteTable = {
  id: Generated<number>;
  group_id: number;
  move_id: number;
  service_key: string;
  move_stage: number;
  company_name: string;
  /** ONSHORE | INTERNATIONAL. */
  scope: string;
  currency: string;
  /** Integer minor units of `currency`. */
  amount: number;
  details: Generated<string>;
  location: string | null;
  latitude: string | null;
  longitude: string | null;
  /** YYYY-MM-DD: the last day it can be booked. */
  valid_until: string;
  /** OPEN | BOOKED | DECLINED. */
  status: Generated<string>;
  booked_by: number | null;
  booked_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
};

/** The welcome popup's place per move and the welcome call asked for (issue 14): see migrations/20261126013000_welcome_popup.ts. */
export type WelcomePopupTable = { move_id: number; group_id: number; user_id: number; stage: number; status: string; updated_at: string };
export type WelcomeCallRequestTable = {
  id: Generated<number>;
  group_id: number;
  move_id: number;
  user_id: number;
  local_date: string;
  local_time: string;
  time_zone: string;
  scheduled_at: string;
  phone: string;
  interests: Generated<string>;
  status: string;
  created_at: string;
  updated_at: string;
};

/** Notifications (issue 24 §3): see migrations/20261207154000_notifications.ts. */
export type NotificationTable = {
  id: Generated<number>;
  user_id: number;
  group_id: number | null;
  kind: string;
  entity: string;
  entity_id: number;
  link: string;
  vars: Generated<string>;
  dedupe_key: string | null;
  email_status: string;
  email_error: string | null;
  created_at: string;
  read_at: string | null;
};
export type NotificationPreferenceTable = { user_id: number; kind: string; email: number; updated_at: string };

/** Reports (issue 26): see migrations/20261207160000_reporting_reports.ts. `type` BASE, CUSTOM or OLD. */
export type ReportTable = {
  id: Generated<number>;
  type: string;
  report_key: string | null;
  subject: string | null;
  category: string;
  name: string;
  description: Generated<string>;
  group_id: number | null;
  base_report_id: number | null;
  /** The builder's JSON (fields, rule tree, group-by, totals) of a CUSTOM or OLD report. */
  definition: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  version: Generated<number>;
};
export type ReportFavouriteTable = { user_id: number; report_id: number; created_at: string };
export type ReportFilterDefaultTable = { user_id: number; report_id: number; values_json: string; updated_at: string };
/** kind REPORT (item_id = reports.id) or CHART (item_id = the chart's id); no row = enabled. */
export type ReportPermissionTable = { group_id: number; kind: string; item_id: number; enabled: number; display_name: string | null; updated_by: number | null; updated_at: string };
/** A group's override of a builder field (no row = enabled with the default title). */
export type ReportFieldOverrideTable = { group_id: number; field_id: string; enabled: number; editable_name: string; updated_by: number | null; updated_at: string };
/** CRM reminders (issue 26): see migrations/20261207164000_crm_reminders_dashboards.ts. status OPEN | SENT | DELETED. */
export type CrmReminderTable = {
  id: Generated<number>; group_id: number; user_id: number; move_id: number; owner_user_id: number; due_at: string; text: string;
  status: Generated<string>; sent_at: string | null; deleted_at: string | null; created_by: number | null; created_at: string; updated_at: string; version: Generated<number>;
};
/** A group's third-party dashboard (issue 26); at most one is_initial = 1 per group. */
export type ThirdPartyDashboardTable = {
  id: Generated<number>; group_id: number; title: string; url: string; description: Generated<string>; is_initial: Generated<number>; sort_order: Generated<number>;
  created_by: number | null; created_at: string; updated_at: string;
};
/** A group's allow-listed dashboard origin (issue 26). */
export type DashboardOriginTable = { group_id: number; origin: string; created_by: number | null; created_at: string };
/** Reporting reminders (issue 26): see migrations/20261207163000_reporting_reminders.ts. user_id null = the group's reminder ('ALL'). */
export type ReportReminderTable = {
  id: Generated<number>; group_id: number; type: string; report_id: number | null; hr_email_id: number | null; user_id: number | null;
  subject: string; body: string; frequency_type: string; week_day: number | null; month_day: number | null; alert_status: string;
  filter_values: Generated<string>; enabled: Generated<number>; next_run_at: string; last_run_at: string | null;
  created_by: number | null; created_at: string; updated_at: string; version: Generated<number>;
};
/** kind REPORT (item_id = reports.id) or HR_EMAIL (item_id = the HR e-mail's id); no row = opted in. */
export type ReportReminderOptInTable = { manager_id: number; kind: string; item_id: number; opted_in: number; updated_by: number | null; updated_at: string };
/** scope 'all' or the report's id as text. */
export type ReportUnsubscriptionTable = { user_id: number; scope: string; report_id: number | null; created_at: string };
export type ReportReminderSendTable = {
  id: Generated<number>; reminder_id: number; group_id: number; recipient_id: number; send_key: string; row_count: number | null;
  created_at: string; preview_clicked_at: string | null; downloaded_at: string | null;
};
export type SchedulerLeaseTable = { name: string; holder: string; expires_at: string };
export type ReportingSecretTable = { name: string; value: string; created_at: string };
/** Charts (issue 26): see migrations/20261207162000_reporting_charts.ts. */
export type ChartReportTable = {
  id: number; title: string; chart_content: string; report_type: string; dimension_id: string; sort_order: number; default_currency: string;
  full_screen_width: number; vertical_stack: number; show_tags: number; geo_chart_region: string | null;
};
export type UserSavedChartTable = { user_id: number; group_id: number; chart_id: number; dimension_id: string; sort_order: number; created_at: string };

/** HR notes of a move (issue 14): see migrations/20261126012000_employee_profile.ts. */
export type MoveHrNotesTable = {
  move_id: number;
  group_id: number;
  employee_user_id: number;
  notes_text: string;
  version: number;
  client_saved_at: string;
  updated_by: number | null;
  updated_at: string;
};

/** A manager's own note on a move (issue 24 §4), apart from HR's move_hr_notes. */
export type MoveManagerNotesTable = {
  move_id: number;
  manager_user_id: number;
  group_id: number;
  notes_text: string;
  version: number;
  updated_at: string;
};

export type ClientErrorTable = {
  id: Generated<number>;
  /** Last reported (ISO-8601 UTC). */
  at: string;
  first_at: string;
  user_id: number | null;
  group_id: number | null;
  page: string;
  message: string;
  detail: string | null;
  user_agent: string | null;
  count: Generated<number>;
  fingerprint: string;
};

/** Move hub tasks (issue 14): see migrations/20261125220000_move_hub.ts. */
export type MoveHubItemTable = {
  id: Generated<number>;
  group_id: number;
  move_id: number;
  source_key: string | null;
  kind: "SERVICE" | "CUSTOM";
  service_key: string | null;
  move_hub: Generated<number>;
  title: string;
  dd_text: Generated<string>;
  section: number;
  sort_order: number;
  due_date: string | null;
  is_done: Generated<number>;
  done_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
};

/** Employee files (issue 14): see migrations/20261125225000_employee_files.ts. */
export type FileCategoryTable = { id: number; label: string; sort_order: number };
export type EmployeeFileTable = {
  id: Generated<number>;
  group_id: number;
  employee_user_id: number | null;
  move_id: number | null;
  temp_uuid: string | null;
  hash: string;
  original_name: string;
  size_bytes: number;
  content_type: string;
  category_id: number | null;
  notes: Generated<string>;
  share_mg: Generated<number>;
  share_hr: Generated<number>;
  uploaded_by: number | null;
  uploaded_by_role: string;
  created_at: string;
  updated_at: string;
};

/** HR's edit of an employee's budget (issue 14): see migrations/20261125230000_expenses_budgets.ts. */
export type MoveBudgetEditTable = {
  id: Generated<number>;
  group_id: number;
  move_id: number;
  move_stage: number;
  group_number: number;
  currency: string;
  /** Minor units of `currency`. */
  amount: number;
  seen_by_employee: Generated<number>;
  updated_by: number | null;
  updated_at: string;
};

/** Expenses (issue 14): see migrations/20261125230000_expenses_budgets.ts. */
export type ExpenseTable = {
  id: Generated<number>;
  group_id: number;
  move_id: number;
  employee_user_id: number;
  service_key: string;
  move_stage: number;
  budget_group: number;
  category: string;
  category_other: string | null;
  description: Generated<string>;
  expense_date: string;
  currency: string;
  net_amount: number;
  tax_amount: number;
  gross_amount: number;
  budget_currency: string | null;
  budget_amount: number | null;
  exchange_rate: string | null;
  receipt_file_id: number | null;
  status: string;
  hold_reason: string | null;
  internal_notes: Generated<string>;
  spend_category_id: number | null;
  rejection_reason: string | null;
  version: Generated<number>;
  request_id: string | null;
  created_at: string;
  updated_at: string;
};

export type Database = {
  groups: GroupTable;
  users: UserTable;
  sessions: SessionTable;
  login_throttle: LoginThrottleTable;
  audit_log: AuditLogTable;
  translations: TranslationTable;
  currencies: CurrencyTable;
  exchange_rates: ExchangeRateTable;
  countries: CountryTable;
  states: StateTable;
  cities: CityTable;
  outbox: OutboxTable;
  account_tokens: AccountTokenTable;
  group_sso_settings: GroupSsoSettingsTable;
  sso_login_states: SsoLoginStateTable;
  social_identities: SocialIdentityTable;
  social_login_states: SocialLoginStateTable;
  services: ServiceTable;
  service_attributes: ServiceAttributeTable;
  service_attribute_configurations: ServiceAttributeConfigurationTable;
  spend_categories: SpendCategoryTable;
  group_tags: GroupTagTable;
  tags: TagTable;
  user_tags: UserTagTable;
  group_options: GroupOptionTable;
  group_hr_settings: GroupHrSettingsTable;
  assignment_actions: AssignmentActionTable;
  policies: PolicyTable;
  policy_tags: PolicyTagTable;
  policy_versions: PolicyVersionTable;
  benefit_sets: BenefitSetTable;
  benefit_options: BenefitOptionTable;
  metadata_infos: MetadataInfoTable;
  benefit_metadata: BenefitMetadataTable;
  policy_services: PolicyServiceTable;
  policy_service_benefits: PolicyServiceBenefitTable;
  budget_groups: BudgetGroupTable;
  budgets: BudgetTable;
  budget_group_rates: BudgetGroupRateTable;
  policy_popups: PolicyPopupTable;
  policy_popup_stages: PolicyPopupStageTable;
  policy_popup_items: PolicyPopupItemTable;
  moves: MoveTable;
  user_properties: UserPropertyTable;
  user_widget_prefs: UserWidgetPrefsTable;
  feedback: FeedbackTable;
  splash_views: SplashViewTable;
  neighbourhoods: NeighbourhoodTable;
  neighbourhood_favourites: NeighbourhoodFavouriteTable;
  office_preferences: OfficePreferenceTable;
  property_clicks: PropertyClickTable;
  service_visits: ServiceVisitTable;
  social_links: SocialLinkTable;
  supplier_quotes: SupplierQuoteTable;
  welcome_popups: WelcomePopupTable;
  welcome_call_requests: WelcomeCallRequestTable;
  notifications: NotificationTable;
  notification_preferences: NotificationPreferenceTable;
  reports: ReportTable;
  report_favourites: ReportFavouriteTable;
  report_filter_defaults: ReportFilterDefaultTable;
  report_permissions: ReportPermissionTable;
  report_field_overrides: ReportFieldOverrideTable;
  crm_reminders: CrmReminderTable;
  third_party_dashboards: ThirdPartyDashboardTable;
  dashboard_origins: DashboardOriginTable;
  report_reminders: ReportReminderTable;
  report_reminder_opt_ins: ReportReminderOptInTable;
  report_unsubscriptions: ReportUnsubscriptionTable;
  report_reminder_sends: ReportReminderSendTable;
  scheduler_leases: SchedulerLeaseTable;
  reporting_secrets: ReportingSecretTable;
  chart_reports: ChartReportTable;
  user_saved_charts: UserSavedChartTable;
  move_hr_notes: MoveHrNotesTable;
  move_manager_notes: MoveManagerNotesTable;
  move_family_members: MoveFamilyMemberTable;
  move_service_overrides: MoveServiceOverrideTable;
  move_budget_overrides: MoveBudgetOverrideTable;
  form_sections: FormSectionTable;
  form_fields: FormFieldTable;
  terms_form_fields: TermsFormFieldTable;
  form_prefill_values: FormPrefillValueTable;
  splash_contents: SplashContentTable;
  move_estimate_details: MoveEstimateDetailsTable;
  cost_estimates: CostEstimateTable;
  jobs: JobTable;
  city_indices: CityIndexTable;
  reference_data_versions: ReferenceDataVersionTable;
  client_errors: ClientErrorTable;
  estimate_approval_links: EstimateApprovalLinkTable;
  move_budget_edits: MoveBudgetEditTable;
  expenses: ExpenseTable;
  move_hub_items: MoveHubItemTable;
  file_categories: FileCategoryTable;
  employee_files: EmployeeFileTable;
  manager_restrictions: ManagerRestrictionTable;
  manager_geo_restrictions: ManagerGeoRestrictionTable;
  bulk_import_rows: BulkImportRowTable;
  incidents: IncidentTable;
  finance_companies: FinanceCompanyTable;
  finance_subgroups: FinanceSubgroupTable;
  finance_accounts: FinanceAccountTable;
  finance_entries: FinanceEntryTable;
  employee_bank_accounts: EmployeeBankAccountTable;
  finance_lock_periods: FinanceLockPeriodTable;
  finance_rejection_reasons: FinanceRejectionReasonTable;
  finance_items: FinanceItemTable;
  finance_recurring_payments: FinanceRecurringPaymentTable;
  bills: BillTable;
  bill_lines: BillLineTable;
  payments: PaymentTable;
  finance_idempotency: FinanceIdempotencyTable;
  finance_approval_drafts: FinanceApprovalDraftTable;
  finance_auto_approval_rules: FinanceAutoApprovalRuleTable;
  finance_payment_batches: FinancePaymentBatchTable;
  finance_payment_batch_bills: FinancePaymentBatchBillTable;
};

/** Finance (issue 16): see migrations/20261126060000_finance.ts. Money in integer minor units of the row's currency. */
export type FinanceCompanyTable = { id: Generated<number>; company_name: string; category: string; created_at: string };
export type FinanceSubgroupTable = { id: Generated<number>; group_id: number; name: string; created_at: string };
export type FinanceAccountTable = {
  id: Generated<number>; name: string; type: "Client" | "Vendor" | "Employee"; group_id: number | null; subgroup_id: number | null;
  company_id: number | null; user_id: number | null; currency: string; billing_type: Generated<"Drawdown" | "Other">;
  float_amount: Generated<number>; due_date_period: Generated<string>; natural_key: string | null; version: Generated<number>;
  created_by: number | null; created_at: string; updated_at: string;
  /** Bank details (issue 24 §5): a Vendor's are the creditor's, a Client's the debtor's in payment files. */
  iban: string | null; bic: string | null; bank_account_number: string | null; bank_code: string | null;
};
/** Append-only: never updated or deleted (a correction is another entry). */
export type FinanceEntryTable = {
  id: Generated<number>; account_id: number; group_id: number | null; seq: number; entry_date: string;
  kind: "charge" | "payment" | "adjustment" | "reversal"; amount: number; currency: string; balance_after: number;
  bill_id: number | null; payment_id: number | null; notes: Generated<string>; created_by: number | null; created_at: string;
};
export type EmployeeBankAccountTable = {
  id: Generated<number>; group_id: number; employee_user_id: number; account_alias: string; account_number: string; account_currency: string;
  locked: Generated<number>; payment_completed: Generated<number>; un_confirmed: Generated<number>; version: Generated<number>; created_at: string; updated_at: string;
  /** Issue 24 §5: IBAN and BIC, or account_number with bank_code. */
  iban: string | null; bic: string | null; bank_code: string | null;
};
export type FinanceLockPeriodTable = { id: Generated<number>; period_name: string; lock_date: string; created_by: number | null; created_at: string };
export type FinanceRejectionReasonTable = { id: number; scope: "REJECT" | "VOID"; label: string; sort_order: number };
export type FinanceItemKind = "bookingCost" | "lumpSum" | "adhocCashSpend" | "externalSpend";
export type FinanceItemTable = {
  id: Generated<number>; kind: FinanceItemKind; group_id: number; move_id: number | null; employee_user_id: number | null;
  service_key: string | null; move_stage: number | null; budget_group: number | null; quote_id: number | null; company_id: number | null;
  vendor_name: string | null; adhoc_type: string | null; description: Generated<string>; currency: string;
  net_amount: number; tax_amount: number; gross_amount: number;
  status: Generated<"SUBMITTED" | "APPROVED" | "REJECTED" | "CHANGE_REQUESTED">; hold_reason: string | null;
  rejection_id: number | null; rejection_reason: string | null; change_reason: string | null;
  internal_ref: Generated<string>; external_ref: Generated<string>; notes: Generated<string>; internal_notes: Generated<string>;
  spend_category_id: number | null; invoice_date: string | null; start_date: string | null; end_date: string | null;
  version: Generated<number>; request_id: string | null; created_by: number | null; decided_by: number | null; decided_at: string | null;
  created_at: string; updated_at: string;
};
export type FinanceRecurringPaymentTable = { id: Generated<number>; item_id: number; seq: number; amount: number; currency: string; due_date: string; bill_id: number | null };
export type BillTable = {
  id: Generated<number>; group_id: number; move_id: number | null; employee_user_id: number | null;
  bill_type: "VendorBooking" | "Expense" | "CashAllowances" | "ExpenseBill" | "CashLumpSumBill";
  status: Generated<"Open" | "PaymentPending" | "Paid" | "PaidPendingAudit" | "Void">; audited: Generated<number>; hold_reason: string | null;
  /** expense | bookingCost | lumpSum | adhocCashSpend | recurringPayment | externalSpend, with the source row's id (unique pair). */
  source_kind: string; source_id: number;
  from_account_id: number | null; to_account_id: number | null; bank_account_id: number | null; vendor_name: string | null;
  currency: string; gross_amount: number; net_amount: number; tax_amount: number; is_credit: Generated<number>; reference: Generated<string>;
  bill_date: string; invoice_date: string | null; due_date: string | null; move_stage: number | null; service_key: string | null;
  service_category: string | null; spend_category_id: number | null; cost_center: string | null; cost_center2: string | null;
  void_reason_id: number | null; void_reason: string | null; decided_by_rule: string | null; version: Generated<number>;
  created_by: number | null; created_at: string; updated_at: string; paid_at: string | null; audited_at: string | null; audited_by: number | null;
  /** The bill file uploaded on Bill Approval's bill-detail panel (issue 23 item 15; migrations/20261207123000_bill_file.ts). */
  file_id: Generated<number | null>;
};
export type BillLineTable = {
  id: Generated<number>; bill_id: number; group_id: number; position: number; name: string; gross_amount: number; net_amount: number;
  tax_amount: number; notes: Generated<string>; spend_category_id: number; service_category: string | null;
};
export type PaymentTable = {
  id: Generated<number>; group_id: number; bill_id: number | null; batch_key: string | null; status: Generated<string>; amount: number; currency: string;
  payment_date: string; paid_at: string; recipient_amount: number | null; recipient_currency: string | null; recipient_account_id: number | null;
  different_recipient_currency: Generated<number>; reference: Generated<string>; is_credit: Generated<number>; rejection_id: number | null;
  rejection_reason: string | null; created_by: number | null; created_at: string;
};
export type FinanceIdempotencyTable = { user_id: number; idempotency_key: string; scope: string; request_hash: string; response: string | null; created_at: string };

/** Incidents (issue 15): see migrations/20261126041000_incidents.ts. */
export type IncidentTable = {
  id: Generated<number>; group_id: number; move_id: number | null; employee_user_id: number | null;
  kind: "ESCALATION" | "EXCEPTION" | "SERVICE_ISSUE"; title: string; description: Generated<string>;
  status: Generated<"OPEN" | "CLOSED">; escalated: Generated<number>; escalated_at: string | null; closed_at: string | null;
  raised_by_user_id: number | null; created_at: string; updated_at: string; version: Generated<number>;
};

/** Manager restrictions and geographic rules (issue 15): see migrations/20261126020000_manager_restrictions.ts. */
export type ManagerRestrictionTable = {
  user_id: number;
  group_id: number;
  view_restriction: Generated<string>;
  creation_restriction: Generated<string>;
  reporting_restriction: Generated<string>;
  dashboard_restriction: Generated<string>;
  external_spend: Generated<number>;
  updated_at: string;
};
export type ManagerGeoRestrictionTable = {
  id: Generated<number>;
  group_id: number;
  manager_user_id: number;
  origin_type: string;
  origin_ref: string;
  origin_country_code: string;
  origin_state_code: string | null;
  origin_city_id: number | null;
  destination_type: string;
  destination_ref: string;
  destination_country_code: string;
  destination_state_code: string | null;
  destination_city_id: number | null;
  created_at: string;
};

export type GroupRow = Selectable<GroupTable>;
/** The parts of a group that scoped procedures need. */
export type GroupRef = Pick<GroupRow, "id" | "name" | "display_name" | "status">;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type SessionRow = Selectable<SessionTable>;

/** Finance payment files (issue 16): see migrations/20261126063000_finance_payment_batches.ts and 20261207100000_finance_payment_batch_cancel.ts (issue 23: never deleted, cancelled instead). */
export type FinancePaymentBatchTable = {
  id: Generated<number>; message_id: string; bill_count: number; totals: string; csv: string; xml: string; created_by: number | null; created_at: string;
  status: Generated<"Active" | "Cancelled" | "Paid">; cancelled_by: number | null; cancelled_at: string | null;
  /** Issue 24 §5: the bank confirmed the batch paid (migrations/20261207156000_payment_bank_details.ts). */
  paid_by: number | null; paid_at: string | null; paid_date: string | null;
};
/** `bill_id` is not a foreign key (the row outlives a bill sent back after its batch was cancelled); `active` mirrors the batch's status (unique bill_id where active = 1). */
export type FinancePaymentBatchBillTable = {
  batch_id: number; bill_id: number; group_id: number; position: number; active: Generated<number>;
  /** Issue 24 §5: the bank returned this bill (back to PaymentPending, row inactive) with its reason. */
  returned_at: string | null; returned_by: number | null; return_reason: string | null;
};

/** Finance bill approval (issue 16): see migrations/20261126062000_finance_approval.ts. */
export type FinanceApprovalDraftTable = {
  id: Generated<number>; item_kind: string; item_id: number; group_id: number; lines: string | null; billable: string | null;
  service_category: string | null; version: Generated<number>; updated_by: number | null; updated_at: string;
};
export type FinanceAutoApprovalRuleTable = {
  group_id: number; enabled: Generated<number>; max_amount: Generated<number>; currency: string; requires_receipt: Generated<number>;
  version: Generated<number>; updated_by: number | null; updated_at: string;
};
