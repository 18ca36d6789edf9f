/** Finance pages: accounts (issue 16). */
export const financeAccountsRoutes = { public: [], app: [] };
