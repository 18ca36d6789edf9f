import type { Context, Hono } from "hono";
import { z } from "zod";
import { AppError, publicError } from "../../../domain/errors.ts";
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
import type { Role } from "../../../domain/roles.ts";
import { completeInitiation, initiationSummary } from "../../../services/moves/wizard/completion.ts";
import { assertWizardRole, wizardGroupFor } from "../../../services/moves/wizard/initiation-access.ts";
import {
  cancelNewEmployee,
  countriesStates,
  createNewEmployee,
  initiationForm,
  policySelectForm,
  prefill,
  splash,
} from "../../../services/moves/wizard/initiation.ts";
import type { WizardActor } from "../../../services/moves/wizard/types.ts";
import { clientIp, httpStatusOf, legacyUser, legacyUserWithRole, logUnexpected, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { mailerFor } from "../../../trpc.ts";

type C = Context<AppEnv>;
type Failure = { status: ReturnType<typeof httpStatusOf>; errorMessage: string; fields?: Record<string, string> };

function actorOf(c: C): WizardActor {
  return { user: legacyUser(c), ip: clientIp(c) };
}

/** An AppError's own text; anything unexpected is logged and answered with the call's §8 text. */
function failureOf(where: string, error: unknown, fallback: string): Failure {
  logUnexpected(where, error);
  const pub = publicError(error);
  return { status: httpStatusOf(error), errorMessage: error instanceof AppError ? pub.message : fallback, fields: pub.fields };
}

/**
 * The documented createNewEmployee failure (validation problems answer 200, access problems 4xx);
 * errorMessage repeats the text as every other legacy failure carries it.
 */
const createFailure = (f: Failure) => ({
  success: false,
  employeeId: null,
  moveId: null,
  provider: null,
  errors: f.fields ?? {},
  geo: null,
  message: f.errorMessage,
  nextStage: null,
  errorMessage: f.errorMessage,
});

/** Path ids for cancelNewEmployee. */
const ZCancelPath = ZMoveRef;
const ZSplashPath = z.object({ area: z.string().min(1).max(40), key: z.string().min(1).max(40) });

/**
 * part 1 §7 wizard calls: the reads under /hr/json/ (DESIGN.md), createNewEmployee and
 * cancelNewEmployee, complete-initiation under the group, prefill and splash. Each handler parses
 * with the tRPC procedure's schema and calls the same service function.
 */
export function mountLegacyWizard(app: Hono<AppEnv>, deps: AppDeps) {
  const { db, config } = deps;

  const serve = (
    method: "get" | "post",
    path: string,
    fallback: string,
    run: (c: C) => Promise<unknown>,
    shape: (f: Failure) => object = (f) => ({ success: false, errorMessage: f.errorMessage, ...(f.fields ? { fields: f.fields } : {}) }),
    okStatus: (f: Failure) => Failure["status"] | 200 = (f) => f.status,
    // Who may call (HR of the group or ADMIN for the wizard), checked before the request is read (issue 23 item 13).
    roles: readonly Role[] | null = WIZARD_ROLES,
  ) => {
    const handler = async (c: C) => {
      try {
        if (roles) legacyUserWithRole(c, roles);
        return c.json((await run(c)) as object);
      } catch (error) {
        const f = failureOf(path, error, fallback);
        return c.json(shape(f), okStatus(f));
      }
    };
    for (const p of [path, `${path}/`]) app.on(method.toUpperCase(), p, handler);
  };

  serve("get", "/hr/json/getCountriesStates", wizardMessages.generic, async (c) => {
    assertWizardRole(legacyUser(c));
    return countriesStates(db);
  });

  serve("get", "/hr/json/getPolicySelectForm", wizardMessages.generic, async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZPolicySelectFormRequest, await readFields(c));
    return policySelectForm(db, user, await wizardGroupFor(db, user, input.group), input);
  });

  serve("get", "/hr/json/getInitiationForm", wizardMessages.generic, async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZInitiationFormRequest, await readFields(c));
    return initiationForm(db, user, await wizardGroupFor(db, user, input.group), input);
  });

  serve(
    "post",
    "/hr/json/createNewEmployee",
    wizardMessages.initiationFailure,
    async (c) => {
      const actor = actorOf(c);
      const fields = await readFields(c);
      // A form post carries the items as JSON text.
      if (typeof fields.items === "string") fields.items = parseJsonList(fields.items);
      const input = parseFields(ZCreateNewEmployeeRequest, fields);
      return createNewEmployee(db, actor, await wizardGroupFor(db, actor.user, input.group), input);
    },
    createFailure,
    (f) => (f.status === 400 ? (200 as const) : f.status),
  );

  serve("post", "/hr/json/cancelNewEmployee/:employeeId/moveId/:moveId", wizardMessages.generic, async (c) => {
    const actor = actorOf(c);
    const ref = parseFields(ZCancelPath, { employeeId: c.req.param("employeeId"), moveId: c.req.param("moveId") });
    return cancelNewEmployee(db, actor, await moveForCaller(db, actor.user, ref));
  });

  serve("get", "/hr/json/getInitiationSummary", wizardMessages.initiatingEmployee, async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZInitiationSummaryRequest, await readFields(c));
    return initiationSummary(db, user, await moveForCaller(db, user, input), input);
  });

  serve(
    "post",
    "/:group/complete-initiation",
    wizardMessages.initiatingEmployee,
    async (c) => {
      const actor = actorOf(c);
      const input = parseFields(ZCompleteInitiationRequest, { ...(await readFields(c)), group: c.req.param("group") });
      const group = await wizardGroupFor(db, actor.user, input.group);
      const move = await moveForCaller(db, actor.user, input);
      const mail = { db, config, mailer: mailerFor(config), baseUrl: publicBaseUrl(config) };
      return completeInitiation(mail, actor, group, move);
    },
    (f) => ({ success: false, redirectUrl: null, errorMessage: f.errorMessage, message: f.errorMessage }),
  );

  serve("get", "/form/prefill", wizardMessages.generic, async (c) => {
    const user = legacyUser(c);
    assertWizardRole(user);
    return prefill(db, user, parseFields(ZPrefillRequest, await readFields(c)));
  });

  serve(
    "get",
    "/splash/:area/:key/specificSplash",
    wizardMessages.splashFailure,
    async (c) => {
      const user = legacyUser(c);
      const path = parseFields(ZSplashPath, { area: c.req.param("area"), key: c.req.param("key") });
      const query = await readFields(c);
      return splash(db, user, parseFields(ZSplashRequest, { ...path, group: query.group || undefined }));
    },
    (f) => ({ success: false, id: null, title: "", content: "", errorMessage: f.errorMessage }),
    undefined,
    // Splash texts are read by every signed-in role (the service checks what each may see).
    null,
  );
}

function parseJsonList(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
