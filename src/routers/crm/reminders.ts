/** The crm room: CRM reminders (saveReminder, send-reminder, delete-reminder, get-reminders) (issue 26). Procedures over src/services/crm/; the documented paths are in ./legacy/reminders.ts. */
import { router } from "../../trpc.ts";

export const crmRemindersRouter = router({});
