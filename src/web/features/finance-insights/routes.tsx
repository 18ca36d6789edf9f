/** Finance pages: insights (issue 16). */
export const financeInsightsRoutes = { public: [], app: [] };
