/**
 * English texts of incidents (issue 15; merged into en.ts): the HR move page's Incidents card
 * (src/web/features/move-file/incidents-panel.tsx) and the managers list's open-incidents summary.
 * Validation and refusal texts come from the server (src/domain/moves/incidents/schemas.ts).
 */
export const enIncidents = {
  "incidents.title": "Incidents",
  "incidents.none": "No incidents have been raised on this move.",
  "incidents.raise": "Raise incident",
  "incidents.raiseTitle": "Raise incident",
  "incidents.raiseDescription": "Record a problem on this move. It stays open until someone closes it; escalate it when it needs attention above HR.",
  "incidents.raiseSubmit": "Raise incident",
  "incidents.raising": "Raising…",
  "incidents.raised": "Incident raised: {{title}}.",
  "incidents.kind": "Kind",
  "incidents.chooseKind": "Choose…",
  "incidents.titleField": "Title",
  "incidents.description": "Description",
  "incidents.raisedAt": "raised {{at}}",
  "incidents.open": "Open",
  "incidents.closedStatus": "Closed",
  "incidents.escalatedBadge": "Escalated",
  "incidents.escalate": "Escalate",
  "incidents.close": "Close",
  "incidents.cancel": "Cancel",
  "incidents.escalated": "Escalated: {{title}}.",
  "incidents.closed": "Closed: {{title}}.",
  "incidents.confirmEscalateTitle": "Escalate this incident?",
  "incidents.confirmEscalate": "“{{title}}” will be marked as escalated and counted among the open escalated incidents. This cannot be undone.",
  "incidents.confirmCloseTitle": "Close this incident?",
  "incidents.confirmClose": "“{{title}}” will be closed and no longer counted as open. A closed incident cannot be reopened.",
  "managers.incidents": "Open incidents: {{open}} ({{escalated}} escalated)",
  "managers.incidentsLoading": "Open incidents: …",
  "managers.incidentsFailed": "The incident counts could not be loaded.",
} as const satisfies Record<string, string>;
