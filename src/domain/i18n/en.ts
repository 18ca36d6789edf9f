import { enApp } from "./en-app.ts";
import { enActivation } from "./en-activation.ts";
import { enRecovery } from "./en-recovery.ts";
import { enSso } from "./en-sso.ts";
import { enPolicy } from "./en-policy.ts";
import { enPolicyConfig } from "./en-policy-config.ts";
import { enWizard } from "./en-wizard.ts";
import { enForms } from "./en-forms.ts";
import { enWizardMail } from "./en-wizard-mail.ts";
import { enWizardOverrides } from "./en-wizard-overrides.ts";
import { enTooltips } from "./en-tooltips.ts";
import { enEstimateAdmin } from "./en-estimate-admin.ts";
import { enEstimate } from "./en-estimate.ts";
import { enEstimateMail } from "./en-estimate-mail.ts";
import { enMoveFile } from "./en-move-file.ts";
import { enClientErrors } from "./en-client-errors.ts";
import { enEstimateApproval } from "./en-estimate-approval.ts";
import { enTermsForm } from "./en-terms-form.ts";
import { enConnection } from "./en-connection.ts";
import { enServiceEstimate } from "./en-service-estimate.ts";
import { enMoveHub } from "./en-movehub.ts";
import { enFiles } from "./en-files.ts";
import { enAssignments } from "./en-assignments.ts";
import { enBulk } from "./en-bulk.ts";
import { enDashboard } from "./en-dashboard.ts";
import { enEmployeeFile } from "./en-employee-file.ts";
import { enExpenses } from "./en-expenses.ts";
import { enExpenseLifecycle } from "./en-expense-lifecycle.ts";
import { enWidgets } from "./en-widgets.ts";
import { enSocial } from "./en-social.ts";
import { enSocialLogin } from "./en-social-login.ts";
import { enEmployee } from "./en-employee.ts";
import { enWelcome } from "./en-welcome.ts";
import { enNotifications } from "./en-notifications.ts";
import { enAdminTags } from "./en-admin-tags.ts";
import { enManagers } from "./en-managers.ts";
import { enIncidents } from "./en-incidents.ts";
import { enFinanceBills } from "./en-finance-bills.ts";
import { enFinanceApproval } from "./en-finance-approval.ts";
import { enFinanceAccounts } from "./en-finance-accounts.ts";
import { enFinanceAdhoc } from "./en-finance-adhoc.ts";
import { enFinancePayments } from "./en-finance-payments.ts";
import { enInsights } from "./en-insights.ts";
import { enStaff } from "./en-staff.ts";
import { enBudgetFigures } from "./en-budget-figures.ts";
import { enReports } from "./en-reports.ts";
import { enCrmReminders } from "./en-crm-reminders.ts";
import { enDashboards } from "./en-dashboards.ts";
import { enReminders } from "./en-reminders.ts";
import { enCharts } from "./en-charts.ts";
import { enProgramme } from "./en-programme.ts";

/**
 * English UI texts shipped with the product. They are seeded into the translations table
 * (language "en", xlate group "UI") and used by the client until the table's texts arrive;
 * rows in the table (global or per group) override them.
 */
export const en = {
  ...enActivation,
  ...enRecovery,
  ...enSso,
  ...enSocialLogin,
  ...enPolicy,
  ...enPolicyConfig,
  ...enWizard,
  ...enForms,
  ...enWizardMail,
  ...enWizardOverrides,
  ...enTooltips,
  ...enEstimateAdmin,
  ...enEstimate,
  ...enEstimateMail,
  ...enMoveFile,
  ...enClientErrors,
  ...enEstimateApproval,
  ...enTermsForm,
  ...enConnection,
  ...enServiceEstimate,
  ...enMoveHub,
  ...enFiles,
  ...enAssignments,
  ...enBulk,
  ...enDashboard,
  ...enEmployeeFile,
  ...enExpenses,
  ...enExpenseLifecycle,
  ...enWidgets,
  ...enSocial,
  ...enEmployee,
  ...enWelcome,
  ...enNotifications,
  ...enAdminTags,
  ...enManagers,
  ...enIncidents,
  ...enFinanceBills,
  ...enFinanceApproval,
  ...enFinanceAccounts,
  ...enFinanceAdhoc,
  ...enFinancePayments,
  ...enInsights,
  ...enStaff,
  ...enBudgetFigures,
  ...enReports,
  ...enCrmReminders,
  ...enDashboards,
  ...enReminders,
  ...enCharts,
  ...enProgramme,
  ...enApp,
} as const satisfies Record<string, string>;

export type MessageId = keyof typeof en;
