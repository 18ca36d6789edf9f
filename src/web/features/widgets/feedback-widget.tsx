/**
 * The feedback box (issue 14; part 1 §2, §8, §9; part 2 §3, §7, §8, §9): a rating of 1 to 5 and a
 * message, mailed to FEEDBACK_EMAIL through widgets.addFeedback (the same service as POST /feedback/add);
 * the answer shows for 2 s (FEEDBACK_MESSAGE_MS). The user's last feedback can be removed
 * (widgets.removeFeedback, DELETE /feedback/remove). Without FEEDBACK_EMAIL the box says so.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { MessageSquareHeart } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FEEDBACK_MESSAGE_MS, feedbackMessages, ZFeedbackAddRequest, type TFeedbackResult } from "../../../domain/employee/widgets/feedback.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { FieldError } from "../../components/ui/input.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { widgetTexts } from "./texts.ts";

type FormInput = z.input<typeof ZFeedbackAddRequest>;
type FormOutput = z.output<typeof ZFeedbackAddRequest>;

export function FeedbackWidget() {
  const { t } = useTranslation();
  const texts = useQuery({ queryKey: ["texts", "widgets"], queryFn: () => widgetTexts.preload().then(() => true), staleTime: Infinity });
  const options = trpc.widgets.feedback.queryOptions();
  const query = useQuery({ ...options, refetchOnWindowFocus: false });
  const ids = { title: useId(), rating: useId() };
  const [answer, setAnswer] = useState<TFeedbackResult | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(ZFeedbackAddRequest), defaultValues: { message: "" } });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: options.queryKey });
  const failed = t("widgets.feedback.failed", feedbackMessages.failed);
  const add = useMutation(
    trpc.widgets.addFeedback.mutationOptions({
      onSuccess: (result) => {
        setAnswer(result);
        if (result.success) form.reset({ message: "" });
        refresh();
      },
      onError: (error) => setAnswer({ success: false, message: errorText(error, failed) }),
    }),
  );
  const remove = useMutation(
    trpc.widgets.removeFeedback.mutationOptions({
      onSuccess: (result) => {
        setAnswer(result);
        refresh();
      },
      onError: (error) => setAnswer({ success: false, message: errorText(error, failed) }),
    }),
  );
  // part 1 §9, part 2 §9: the answer shows for 2 s.
  useEffect(() => {
    if (!answer) return;
    const timer = setTimeout(() => setAnswer(null), FEEDBACK_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [answer]);

  const header = (
    <CardHeader>
      <CardTitle id={ids.title} as="h3" className="flex items-center gap-2">
        <MessageSquareHeart className="size-5 text-primary" aria-hidden="true" />
        {t("widgets.feedback.title", "Feedback")}
      </CardTitle>
      <CardDescription>{t("widgets.feedback.description", "Tell us how Meridian works for you.")}</CardDescription>
    </CardHeader>
  );
  const frame = (body: ReactNode) => (
    <Card aria-labelledby={ids.title} role="region">
      {header}
      {body}
    </Card>
  );

  if (query.isPending || texts.isPending) return frame(<LoadingRows rows={3} />);
  if (query.isError || !query.data) {
    return frame(<ErrorState message={errorText(query.error, failed)} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />);
  }
  if (!query.data.configured) {
    return frame(<EmptyState headingLevel={3} icon={MessageSquareHeart} title={t("widgets.feedback.notConfigured", feedbackMessages.notConfigured)} className="py-8" />);
  }
  const last = query.data.last;
  // The spec's texts by their translation keys, so the translations table can override them.
  const shown = (message: string) =>
    message === feedbackMessages.sent
      ? t("widgets.feedback.sent", message)
      : message === feedbackMessages.failed
        ? failed
        : message === feedbackMessages.removed
          ? t("widgets.feedback.removed", message)
          : message;
  const ratingError = form.formState.errors.rating?.message;
  const busy = add.isPending || remove.isPending;

  return frame(
    <CardContent>
      <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit((values) => add.mutate(values))}>
        <fieldset aria-describedby={ratingError ? `${ids.rating}-error` : undefined} aria-invalid={ratingError ? true : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-foreground">{t("widgets.feedback.rating", "Rating")}</legend>
          <div className="flex flex-wrap gap-2">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="flex cursor-pointer items-center gap-1.5 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft">
                <input type="radio" value={n} className="accent-primary" {...form.register("rating", { setValueAs: (v: string) => (v === "" || v == null ? undefined : Number(v)) })} />
                {t("widgets.feedback.stars", { count: n, defaultValue: "{{count}} of 5" })}
              </label>
            ))}
          </div>
          <FieldError id={`${ids.rating}-error`}>{ratingError}</FieldError>
        </fieldset>
        <FormField label={t("widgets.feedback.message", "Message")} error={form.formState.errors.message?.message} required>
          {(field) => <Textarea {...field} rows={3} {...form.register("message")} />}
        </FormField>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" busy={add.isPending} disabled={busy}>
            {t("widgets.feedback.send", "Send feedback")}
          </Button>
          {last ? (
            <Button type="button" variant="outline" busy={remove.isPending} disabled={busy} onClick={() => remove.mutate()}>
              {t("widgets.feedback.remove", "Remove my feedback")}
            </Button>
          ) : null}
        </div>
        {last ? <p className="text-sm text-muted-foreground">{t("widgets.feedback.last", { rating: last.rating, defaultValue: "Your last feedback: {{rating}} of 5" })}</p> : null}
        <div role="status" className="min-h-5">
          {answer?.success ? <Alert variant="success">{shown(answer.message)}</Alert> : null}
        </div>
        <div role="alert">{answer && !answer.success ? <Alert variant="destructive">{shown(answer.message)}</Alert> : null}</div>
      </form>
    </CardContent>,
  );
}
