/** Finance pages: bills (issue 16). */
export const financeBillsRoutes = { public: [], app: [] };
