import type { ReactNode } from "react";
import { Alert } from "../../components/ui/alert.tsx";

/** A page's answer to the user's last action: a confirmation, or the failure (the server's message, else §8's text). */
export type Notice = { kind: "success" | "destructive"; text: ReactNode };

/**
 * The live region a finance page announces its notice in (empty, it takes no room); a failure is an
 * alert. `children` come before the notice (the approval page's "checking the budget" line).
 */
export function NoticeRegion({ notice, children }: { notice: Notice | null; children?: ReactNode }) {
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {children}
      {notice ? (
        <Alert variant={notice.kind} role={notice.kind === "destructive" ? "alert" : undefined}>
          {notice.text}
        </Alert>
      ) : null}
    </div>
  );
}
