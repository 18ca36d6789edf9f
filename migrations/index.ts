// The ordered list of migrations. Each migration is imported statically so the
// single-binary build embeds them; add new files here in date order.
import type { Migration } from "kysely";
import * as m20261122050000 from "./20261122050000_foundation.ts";
import * as m20261122060000 from "./20261122060000_users_people_order_index.ts";
import * as m20261122070000 from "./20261122070000_identity.ts";
import * as m20261123110000 from "./20261123110000_policy.ts";
import * as m20261123120000 from "./20261123120000_user_properties.ts";
import * as m20261123140000 from "./20261123140000_wizard.ts";
import * as m20261123200000 from "./20261123200000_estimate.ts";
import * as m20261125090000 from "./20261125090000_login_throttle_allowed.ts";
import * as m20261125100000 from "./20261125100000_race_guards.ts";
import * as m20261125110000 from "./20261125110000_reference_versions.ts";
import * as m20261125120000 from "./20261125120000_summary_fields.ts";
import * as m20261125130000 from "./20261125130000_attribute_configurations.ts";
import * as m20261125140000 from "./20261125140000_client_errors.ts";
import * as m20261125150000 from "./20261125150000_terms_form.ts";
import * as m20261125153000 from "./20261125153000_estimate_approval_links.ts";
import * as m20261125220000 from "./20261125220000_move_hub.ts";
import * as m20261125225000 from "./20261125225000_employee_files.ts";
import * as m20261125230000 from "./20261125230000_expenses_budgets.ts";
import * as m20261125235000 from "./20261125235000_widget_prefs.ts";
import * as m20261125235500 from "./20261125235500_feedback.ts";
import * as m20261125235800 from "./20261125235800_splash_views.ts";
import * as m20261126010000 from "./20261126010000_neighbourhood.ts";
import * as m20261126011000 from "./20261126011000_social_quotes.ts";
import * as m20261126012000 from "./20261126012000_employee_profile.ts";
import * as m20261126013000 from "./20261126013000_welcome_popup.ts";
import * as m20261126020000 from "./20261126020000_manager_restrictions.ts";
import * as m20261126021000 from "./20261126021000_tags_extension_reasons.ts";
import * as m20261126031000 from "./20261126031000_assignment_actions.ts";
import * as m20261126032000 from "./20261126032000_bulk_import.ts";
import * as m20261126040000 from "./20261126040000_dashboard_indexes.ts";
import * as m20261126041000 from "./20261126041000_incidents.ts";
import * as m20261126043000 from "./20261126043000_users_email_lower_index.ts";
import * as m20261126060000 from "./20261126060000_finance.ts";
import * as m20261126062000 from "./20261126062000_finance_approval.ts";
import * as m20261126063000 from "./20261126063000_finance_payment_batches.ts";
import * as m20261207100000 from "./20261207100000_finance_payment_batch_cancel.ts";
import * as m20261207110000 from "./20261207110000_money_bigint.ts";
import * as m20261207120000 from "./20261207120000_budget_outside_range.ts";
import * as m20261207123000 from "./20261207123000_bill_file.ts";
import * as m20261207140000 from "./20261207140000_social_login.ts";
import * as m20261207152000 from "./20261207152000_expense_duplicate_indexes.ts";
import * as m20261207154000 from "./20261207154000_notifications.ts";
import * as m20261207155000 from "./20261207155000_manager_notes.ts";
import * as m20261207156000 from "./20261207156000_payment_bank_details.ts";
import * as m20261207160000 from "./20261207160000_reporting_reports.ts";
import * as m20261207162000 from "./20261207162000_reporting_charts.ts";
import * as m20261207163000 from "./20261207163000_reporting_reminders.ts";
import * as m20261207164000 from "./20261207164000_crm_reminders_dashboards.ts";
import * as m20261207165000 from "./20261207165000_programme_overview_indexes.ts";

export const migrations: Record<string, Migration> = {
  "20261122050000_foundation": m20261122050000,
  "20261122060000_users_people_order_index": m20261122060000,
  "20261122070000_identity": m20261122070000,
  "20261123110000_policy": m20261123110000,
  "20261123120000_user_properties": m20261123120000,
  "20261123140000_wizard": m20261123140000,
  "20261123200000_estimate": m20261123200000,
  "20261125090000_login_throttle_allowed": m20261125090000,
  "20261125100000_race_guards": m20261125100000,
  "20261125110000_reference_versions": m20261125110000,
  "20261125120000_summary_fields": m20261125120000,
  "20261125130000_attribute_configurations": m20261125130000,
  "20261125140000_client_errors": m20261125140000,
  "20261125150000_terms_form": m20261125150000,
  "20261125153000_estimate_approval_links": m20261125153000,
  "20261125220000_move_hub": m20261125220000,
  "20261125225000_employee_files": m20261125225000,
  "20261125230000_expenses_budgets": m20261125230000,
  "20261125235000_widget_prefs": m20261125235000,
  "20261125235500_feedback": m20261125235500,
  "20261125235800_splash_views": m20261125235800,
  "20261126010000_neighbourhood": m20261126010000,
  "20261126011000_social_quotes": m20261126011000,
  "20261126012000_employee_profile": m20261126012000,
  "20261126013000_welcome_popup": m20261126013000,
  "20261126020000_manager_restrictions": m20261126020000,
  "20261126021000_tags_extension_reasons": m20261126021000,
  "20261126031000_assignment_actions": m20261126031000,
  "20261126032000_bulk_import": m20261126032000,
  "20261126040000_dashboard_indexes": m20261126040000,
  "20261126041000_incidents": m20261126041000,
  "20261126043000_users_email_lower_index": m20261126043000,
  "20261126060000_finance": m20261126060000,
  "20261126062000_finance_approval": m20261126062000,
  "20261126063000_finance_payment_batches": m20261126063000,
  "20261207100000_finance_payment_batch_cancel": m20261207100000,
  "20261207110000_money_bigint": m20261207110000,
  "20261207120000_budget_outside_range": m20261207120000,
  "20261207123000_bill_file": m20261207123000,
  "20261207140000_social_login": m20261207140000,
  "20261207152000_expense_duplicate_indexes": m20261207152000,
  "20261207154000_notifications": m20261207154000,
  "20261207155000_manager_notes": m20261207155000,
  "20261207156000_payment_bank_details": m20261207156000,
  "20261207160000_reporting_reports": m20261207160000,
  "20261207162000_reporting_charts": m20261207162000,
  "20261207163000_reporting_reminders": m20261207163000,
  "20261207164000_crm_reminders_dashboards": m20261207164000,
  "20261207165000_programme_overview_indexes": m20261207165000,
};
