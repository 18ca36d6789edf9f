/**
 * The client half of the error-reporting service (part 1 §8 "Failures are also reported to an
 * error-reporting service", part 2 §8): uncaught errors (window `error`, `unhandledrejection`),
 * the errors React's error boundaries catch and the failures a page handles that the spec wants
 * reported (`reportHandledFailure`: the wizard's initiation failures) reach `errors.report`, which admins read at
 * /admin/client-errors. One module, so every path behaves the same:
 * - debounced: reports wait `delayMs` and go together, one request each, one after the other;
 * - deduplicated: an error (message and detail) is sent once per page load, and at most
 *   `maxPerLoad` different ones (the server also counts repeats and rate-limits each browser);
 * - never throws, and never reports its own failures (a failed send is dropped silently);
 * - sends the page's path only (a query string may carry a token) and no cookie value or body.
 */

export type ErrorReport = { page: string; message: string; detail?: string };

export type ReporterOptions = {
  /** Sends one report; its failure is ignored. Default: POST /trpc/errors.report. */
  send?: (report: ErrorReport) => Promise<unknown>;
  /** How long reports wait for more before going (ms). */
  delayMs?: number;
  /** Different errors sent per page load at most. */
  maxPerLoad?: number;
  /** The current page's path. */
  page?: () => string;
};

export type ErrorReporter = {
  /** Queues `error` (anything thrown) with React's component stack, if any. Never throws. */
  report(error: unknown, componentStack?: string | null): void;
  /** Sends what is queued now (tests; the timer calls it). Never rejects. */
  flush(): Promise<void>;
};

const LIMITS = { page: 500, message: 2000, detail: 8000 } as const;

/** The default transport: the tRPC mutation over plain fetch (no tRPC client, so no query cache or retries). */
function sendReport(report: ErrorReport): Promise<unknown> {
  return fetch("/trpc/errors.report", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(report),
    credentials: "same-origin",
    keepalive: true,
  });
}

function currentPage(): string {
  return globalThis.location?.pathname ?? "/";
}

/** The error's one-line text and its stack, as plain strings within the server's bounds. */
export function describeError(error: unknown, componentStack?: string | null): { message: string; detail: string } {
  let message = "";
  let stack = "";
  if (error instanceof Error) {
    message = error.message ? `${error.name}: ${error.message}` : error.name;
    stack = typeof error.stack === "string" ? error.stack : "";
  } else if (typeof error === "string") {
    message = error;
  } else if (error !== null && error !== undefined) {
    try {
      message = JSON.stringify(error) ?? String(error);
    } catch {
      message = Object.prototype.toString.call(error);
    }
  }
  message = message.replace(/\u0000/g, "").trim().slice(0, LIMITS.message) || "Unknown error";
  const parts = [stack, componentStack ? `Component stack:${componentStack}` : ""].filter(Boolean);
  const detail = parts.join("\n\n").replace(/\u0000/g, "").slice(0, LIMITS.detail);
  return { message, detail };
}

export function createErrorReporter(options: ReporterOptions = {}): ErrorReporter {
  const send = options.send ?? sendReport;
  const delayMs = options.delayMs ?? 1000;
  const maxPerLoad = options.maxPerLoad ?? 20;
  const pageOf = options.page ?? currentPage;
  const seen = new Set<string>();
  let queue: ErrorReport[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sending: Promise<void> = Promise.resolve();

  async function flush(): Promise<void> {
    try {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      const batch = queue;
      queue = [];
      // One after the other, after any earlier batch: never a burst of parallel requests.
      sending = sending.then(async () => {
        for (const report of batch) {
          try {
            await send(report);
          } catch {
            // The reporter's own failure is not reported (and not thrown).
          }
        }
      });
      await sending;
    } catch {
      // Never rejects.
    }
  }

  function report(error: unknown, componentStack?: string | null): void {
    try {
      const { message, detail } = describeError(error, componentStack);
      const key = `${message}\n${detail}`;
      if (seen.has(key) || seen.size >= maxPerLoad) return;
      seen.add(key);
      const page = (pageOf() || "/").split(/[?#]/)[0]!.slice(0, LIMITS.page) || "/";
      queue.push(detail ? { page, message, detail } : { page, message });
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
    } catch {
      // Reporting must never add an error of its own.
    }
  }

  return { report, flush };
}

/** The app's reporter. */
export const errorReporter = createErrorReporter();

/** Reports an error through the app's reporter (React error boundaries, the router's error page). */
export function reportError(error: unknown, componentStack?: string | null): void {
  errorReporter.report(error, componentStack);
}

/**
 * A failure the page handled (it showed its text) that the spec still wants reported: part 1 §8
 * "Initiation failure: … Failures are also reported to an error-reporting service" (the new-move
 * wizard's stage 2 save and load, stage 5/6 summary and completion). The report reads
 * `HandledFailure: <where>: <the text shown>`; its detail is the cause (a server or connection error)
 * when there is one. Field errors the person can correct are not failures and are not reported.
 */
export class HandledFailure extends Error {
  override readonly name = "HandledFailure";
}

export function handledFailureOf(where: string, shown: string, cause?: unknown): HandledFailure {
  const failure = new HandledFailure(`${where}: ${shown}`);
  const why = cause === undefined ? null : describeError(cause);
  // The stack of interest is the cause's (where the call failed), not this report's.
  failure.stack = why ? [`Cause: ${why.message}`, why.detail].filter(Boolean).join("\n") : "";
  return failure;
}

/** Reports a handled failure through `reporter` (the app's by default). Never throws. */
export function reportHandledFailure(where: string, shown: string, cause?: unknown, reporter: ErrorReporter = errorReporter): void {
  try {
    reporter.report(handledFailureOf(where, shown, cause));
  } catch {
    // Reporting must never add an error of its own.
  }
}

let installed = false;

/** Reports the window's uncaught errors and unhandled rejections (once per page load). */
export function installErrorReporting(target: Window = window, reporter: ErrorReporter = errorReporter): void {
  try {
    if (installed) return;
    installed = true;
    target.addEventListener("error", (event: ErrorEvent) => {
      // A cross-origin script's error carries no information ("Script error.", no error object).
      if (!event.error && (!event.message || event.message === "Script error.")) return;
      reporter.report(event.error ?? event.message);
    });
    target.addEventListener("unhandledrejection", (event: PromiseRejectionEvent) => {
      reporter.report(event.reason);
    });
  } catch {
    // No window (tests, a worker): nothing to install.
  }
}
