/** The move hub's message form to the move's consultant (part 1 §4, §5 texts). */
import { useMutation } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TMoveHubView } from "../../../domain/employee/movehub/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

export function MessageForm({ hub }: { hub: TMoveHubView }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState("");
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const send = useMutation(trpc.movehub.sendMessage.mutationOptions());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    send.mutate(
      { moveId: hub.moveId, message },
      {
        onSuccess: (r) => {
          if (r.success) {
            setMessage("");
            setResult({ ok: true, text: t("movehub.messageSent") });
          } else if (r.error === t("movehub.error.contactSupport")) {
            setResult({ ok: false, text: r.error });
          } else {
            setResult({ ok: false, text: `${t("movehub.error.mailFailed")} ${r.error}` });
          }
        },
        onError: (error) => setResult({ ok: false, text: serverMessage(error) ?? t("movehub.error.generic") }),
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("movehub.messageTitle")}</CardTitle>
        {hub.consultantName ? <p className="text-sm text-muted-foreground">{t("movehub.messageTo", { name: hub.consultantName })}</p> : null}
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="movehub-message">{t("movehub.messageLabel")}</Label>
            <Textarea id="movehub-message" rows={4} maxLength={5000} value={message} onChange={(e) => setMessage(e.target.value)} />
          </div>
          {result ? (
            <Alert variant={result.ok ? "success" : "destructive"} role={result.ok ? "status" : "alert"}>
              {result.text}
            </Alert>
          ) : null}
          <div>
            <Button type="submit" busy={send.isPending}>
              <Send className="size-4" aria-hidden="true" />
              {t("movehub.messageSend")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
