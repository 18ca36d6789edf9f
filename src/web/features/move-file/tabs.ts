/** The tabs of HR's move page, in order (issue 24 §4); the URL's `tab` names one (routes.tsx). */
export const MOVE_FILE_TABS = ["overview", "money", "notes", "incidents", "files", "history"] as const;
export type MoveFileTab = (typeof MOVE_FILE_TABS)[number];
