/** The report-builder pages (issue 26), registered in src/web/router.tsx. */
export const reportBuilderRoutes = { public: [], app: [] };
