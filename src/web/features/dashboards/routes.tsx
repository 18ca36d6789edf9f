/** The dashboards pages (issue 26), registered in src/web/router.tsx. */
export const dashboardsRoutes = { public: [], app: [] };
