import type { Hono } from "hono";
import { z } from "zod";
import { publicError } from "../../../domain/errors.ts";
import {
  ZCompleteInitiationRequest,
  ZCreateNewEmployeeRequest,
  ZInitiationFormRequest,
  ZInitiationSummaryRequest,
  ZMoveRef,
  ZPolicySelectFormRequest,
  ZPrefillRequest,
  ZSplashRequest,
} from "../../../domain/moves/wizard/schemas.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import { publicBaseUrl } from "../../../services/mail.ts";
import { moveForCaller, WIZARD_ROLES } from "../../../services/moves/wizard/access.ts";
import { completeInitiation, initiationSummary } from "../../../services/moves/wizard/completion.ts";
import { wizardGroupFor } from "../../../services/moves/wizard/initiation-access.ts";
import {
  cancelNewEmployee,
  countriesStates,
  createNewEmployee,
  initiationForm,
  policySelectForm,
  prefill,
  splash,
} from "../../../services/moves/wizard/initiation.ts";
import { clientIp, errorMessageFailure, failureText, httpStatusOf, legacyRoute, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { mailerFor } from "../../../trpc.ts";

/**
 * The documented createNewEmployee failure (validation problems answer 200, access problems 4xx);
 * errorMessage repeats the text as every other legacy failure carries it.
 */
const createFailure = (error: unknown) => {
  const message = failureText(error, wizardMessages.initiationFailure);
  return { success: false, employeeId: null, moveId: null, provider: null, errors: publicError(error).fields ?? {}, geo: null, message, nextStage: null, errorMessage: message };
};

/** Path ids for cancelNewEmployee. */
const ZCancelPath = ZMoveRef;
const ZSplashPath = z.object({ area: z.string().min(1).max(40), key: z.string().min(1).max(40) });

/**
 * part 1 §7 wizard calls: the reads under /hr/json/ (DESIGN.md), createNewEmployee and
 * cancelNewEmployee, complete-initiation under the group, prefill and splash. Each path parses
 * with the tRPC procedure's schema and calls the same service function. Who may call (HR of the
 * group or ADMIN, WIZARD_ROLES) is checked before the request is read (issue 23 item 13); splash
 * texts are read by every signed-in role.
 */
export function mountLegacyWizard(app: Hono<AppEnv>, deps: AppDeps) {
  const { db, config } = deps;

  legacyRoute(app, {
    method: "GET",
    path: "/hr/json/getCountriesStates",
    roles: WIZARD_ROLES,
    run: async () => countriesStates(db),
    failure: errorMessageFailure(wizardMessages.generic),
  });

  legacyRoute(app, {
    method: "GET",
    path: "/hr/json/getPolicySelectForm",
    roles: WIZARD_ROLES,
    input: ZPolicySelectFormRequest,
    run: async (_c, { input, user }) => policySelectForm(db, user!, await wizardGroupFor(db, user!, input.group), input),
    failure: errorMessageFailure(wizardMessages.generic),
  });

  legacyRoute(app, {
    method: "GET",
    path: "/hr/json/getInitiationForm",
    roles: WIZARD_ROLES,
    input: ZInitiationFormRequest,
    run: async (_c, { input, user }) => initiationForm(db, user!, await wizardGroupFor(db, user!, input.group), input),
    failure: errorMessageFailure(wizardMessages.generic),
  });

  legacyRoute(app, {
    method: "POST",
    path: "/hr/json/createNewEmployee",
    roles: WIZARD_ROLES,
    run: async (c, { user }) => {
      try {
        const fields = await readFields(c);
        // A form post carries the items as JSON text.
        if (typeof fields.items === "string") fields.items = parseJsonList(fields.items);
        const input = parseFields(ZCreateNewEmployeeRequest, fields);
        return await createNewEmployee(db, { user: user!, ip: clientIp(c) }, await wizardGroupFor(db, user!, input.group), input);
      } catch (error) {
        // A bad request or bad input answers 200 with the documented failure; anything else its status.
        if (httpStatusOf(error) !== 400) throw error;
        return c.json(createFailure(error), 200);
      }
    },
    failure: createFailure,
  });

  legacyRoute(app, {
    method: "POST",
    path: "/hr/json/cancelNewEmployee/:employeeId/moveId/:moveId",
    roles: WIZARD_ROLES,
    run: async (c, { user }) => {
      const ref = parseFields(ZCancelPath, { employeeId: c.req.param("employeeId"), moveId: c.req.param("moveId") });
      return cancelNewEmployee(db, { user: user!, ip: clientIp(c) }, await moveForCaller(db, user!, ref));
    },
    failure: errorMessageFailure(wizardMessages.generic),
  });

  legacyRoute(app, {
    method: "GET",
    path: "/hr/json/getInitiationSummary",
    roles: WIZARD_ROLES,
    input: ZInitiationSummaryRequest,
    run: async (_c, { input, user }) => initiationSummary(db, user!, await moveForCaller(db, user!, input), input),
    failure: errorMessageFailure(wizardMessages.initiatingEmployee),
  });

  legacyRoute(app, {
    method: "POST",
    path: "/:group/complete-initiation",
    roles: WIZARD_ROLES,
    run: async (c, { user }) => {
      const input = parseFields(ZCompleteInitiationRequest, { ...(await readFields(c)), group: c.req.param("group") });
      const group = await wizardGroupFor(db, user!, input.group);
      const move = await moveForCaller(db, user!, input);
      const mail = { db, config, mailer: mailerFor(config), baseUrl: publicBaseUrl(config) };
      return completeInitiation(mail, { user: user!, ip: clientIp(c) }, group, move);
    },
    failure: (error) => {
      const message = failureText(error, wizardMessages.initiatingEmployee);
      return { success: false, redirectUrl: null, errorMessage: message, message };
    },
  });

  legacyRoute(app, {
    method: "GET",
    path: "/form/prefill",
    roles: WIZARD_ROLES,
    input: ZPrefillRequest,
    run: async (_c, { input, user }) => prefill(db, user!, input),
    failure: errorMessageFailure(wizardMessages.generic),
  });

  legacyRoute(app, {
    method: "GET",
    path: "/splash/:area/:key/specificSplash",
    // Splash texts are read by every signed-in role (the service checks what each may see).
    user: true,
    run: async (c, { user }) => {
      const path = parseFields(ZSplashPath, { area: c.req.param("area"), key: c.req.param("key") });
      const query = await readFields(c);
      return splash(db, user!, parseFields(ZSplashRequest, { ...path, group: query.group || undefined }));
    },
    failure: (error) => ({ success: false, id: null, title: "", content: "", errorMessage: failureText(error, wizardMessages.splashFailure) }),
  });
}

function parseJsonList(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
