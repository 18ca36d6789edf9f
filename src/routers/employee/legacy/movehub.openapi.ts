import { z } from "zod";
import {
  ZDeleteItemRequest,
  ZSaveItemRequest,
  ZSaveItemResponse,
  ZSendMessageRequest,
  ZSendMessageResponse,
  ZUpdateStatusRequest,
  ZUpdateStatusResponse,
} from "../../../domain/employee/movehub/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const spec = "part 1 §7 Move hub";

/** OpenAPI descriptions of the legacy paths in ./movehub.ts (served in /api/openapi.json). */
export const moveHubOperations: Operation[] = [
  { method: "post", path: "/movehub/updateMHStatus", summary: "Change one task: type ORDER (itemId, section, order: moves it within or across sections), DONE (itemId, isDone) or DATE (itemId, dueDate YYYY-MM-DD or empty); answers the hub (the move's employee, HR of its group, ADMIN)", spec, request: ZUpdateStatusRequest, requestType: "form", response: ZUpdateStatusResponse, auth: "session" },
  { method: "post", path: "/addEditCustomItem", summary: "Add a custom task (no mhItemId; moveId for HR and admins) or edit one (mhItemId): title (\"Please enter task title.\"), ddText, dueDate, section, order, isDone; answers its mhItemId and the hub", spec, request: ZSaveItemRequest, requestType: "form", response: ZSaveItemResponse, auth: "session" },
  { method: "post", path: "/deleteCustomItem", summary: "Delete a custom task (mhItemId); answers the text OK (Meridian's path: the spec names the answer only)", spec, request: ZDeleteItemRequest, requestType: "form", response: z.string().describe("text/plain: OK"), auth: "session" },
  { method: "post", path: "/movehub/sendMessage", summary: "The message form: e-mails the move's consultant (message; moveId for HR and admins); answers success and error (Meridian's path: the spec names the answer only)", spec, request: ZSendMessageRequest, requestType: "form", response: ZSendMessageResponse, auth: "session" },
];
