/** The reporting room: report and HR e-mail reminders, opt-in, statistics, unsubscribe (issue 26). Procedures over src/services/reporting/; the documented paths are in ./legacy/reminders.ts. */
import { router } from "../../trpc.ts";

export const reportRemindersRouter = router({});
