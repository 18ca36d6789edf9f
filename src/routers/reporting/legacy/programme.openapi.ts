import { ZWidgetDetailsRequest, ZWidgetDetailsResponse } from "../../../domain/reporting/accuracy-schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

/** OpenAPI descriptions of the legacy paths in ./programme.ts (served in /api/openapi.json). */
export const reportingProgrammeOperations: Operation[] = [
  {
    method: "get",
    path: "/reporting/getWidgetDetails",
    summary:
      "The finance dashboard widgets' figures: estimate accuracy (moves, median and 90th-percentile absolute error in %), approved spend against estimate and against budget per currency (major units as text); every group or ?group= (FINANCE, ADMIN); failure {success: false, widgets: [], resultMessage}",
    spec: "part 2 §7",
    request: ZWidgetDetailsRequest,
    requestType: "query",
    response: ZWidgetDetailsResponse,
    auth: "session",
  },
];
