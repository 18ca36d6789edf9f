import { ZWelcomeAnswerRequest, ZWelcomeAnswerResponse } from "../../../domain/employee/welcome/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

/** OpenAPI descriptions of the legacy paths in ./welcome.ts (served in /api/openapi.json). */
export const welcomeOperations: Operation[] = [
  {
    method: "post",
    path: "/mercer/popup",
    summary:
      "The welcome popup's answer (the spec names the call but not its shape; this is Meridian's reading). JSON or form: moveId (the employee's own open move) and action — STAGE with stage 1 or 2 (the stage reached), DISMISS (Skip for now, Escape, close: not shown again), or BOOK with date (YYYY-MM-DD) and time (HH:MM) in timeZone (IANA; in the future, within 60 days), phone (7–15 digits, optional +) and interests (service keys of the move's policy; a form sends them comma-separated). BOOK stores the welcome-call request (status REQUESTED, one per move; a second BOOK changes it while REQUESTED, else 409) with an audit row and finishes the popup. Answers success and state (move with consultant, show, stage, status NEW/OPEN/DISMISSED/FINISHED, interestsOffered, request, maxDays). Employees only (403); another employee's or an unknown move 404; failures answer success false and error (\"There is an issue saving welcome data.\" when unexpected)",
    spec: "part 1 §7; part 2 §2, §3, §8",
    request: ZWelcomeAnswerRequest,
    requestType: "form",
    response: ZWelcomeAnswerResponse,
    auth: "session",
  },
];
