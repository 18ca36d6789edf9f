/** English UI texts of the connection-error rule (src/web/lib/connection-error.ts) and the save bar (merged into en.ts). */
export const enConnection = {
  "connection.reloading": "The connection to the product was lost. The page reloads in a moment.",
  "connection.reloadNow": "Reload now",
  "saveBar.label": "Save and page actions",
} as const;
