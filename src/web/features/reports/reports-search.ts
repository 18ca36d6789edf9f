/** The report library's view as it appears in the URL (routes.tsx validates it; the page reads it); the admin's page has the group too. */
export type ReportsUrlSearch = { tab?: "custom"; q?: string; category?: string; fav?: true; group?: string };
