/** The reports pages (issue 26), registered in src/web/router.tsx. */
export const reportsRoutes = { public: [], app: [] };
