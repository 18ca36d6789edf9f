/** The reminders pages (issue 26), registered in src/web/router.tsx. */
export const remindersRoutes = { public: [], app: [] };
