/** Finance pages: adhoc (issue 16). */
export const financeAdhocRoutes = { public: [], app: [] };
