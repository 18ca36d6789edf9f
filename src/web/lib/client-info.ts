import { useEffect } from "react";
import { trpcClient } from "./trpc.ts";

let sent = false;

/**
 * POST /registerClientInfo once per page load of the signed-in app: the browser's offset from UTC
 * in minutes (as `Date.getTimezoneOffset` counts it), stored on the session.
 */
export function useRegisterClientInfo(): void {
  useEffect(() => {
    if (sent) return;
    sent = true;
    const timezoneOffset = new Date().getTimezoneOffset();
    trpcClient.session.registerClientInfo.mutate({ timezoneOffset }).catch(() => {
      // Not worth bothering the user: the session check reports an ended session.
    });
  }, []);
}
