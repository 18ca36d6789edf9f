/** Finance pages: approval (issue 16). */
export const financeApprovalRoutes = { public: [], app: [] };
