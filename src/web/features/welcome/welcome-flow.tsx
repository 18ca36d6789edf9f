/**
 * The welcome popup's three stages (issue 14; part 2 §2 "A welcome-call popup for new users has 3
 * stages"), shared by the dialog on the employee home and the full page /common/welcomeCallPopup:
 * 1 welcome (the consultant and what the call covers), 2 schedule the call (date and time in the
 * employee's time zone, phone, interests from the policy's services), 3 confirmation with a change
 * link. Every answer goes through `welcome.answer` (POST /mercer/popup's procedure). The stage heading
 * takes the focus when the stage changes; "Step n of 3" shows the progress.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { welcomeMessages } from "../../../domain/employee/welcome/messages.ts";
import { bookableDays, checkSchedule, normalisePhone } from "../../../domain/employee/welcome/rules.ts";
import { ZBookAnswer, type TWelcomeState } from "../../../domain/employee/welcome/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { FieldError, Input, NativeSelect } from "../../components/ui/input.tsx";
import { errorText } from "../../lib/errors.ts";
import { readerLocale } from "../../lib/format.ts";
import { timeZoneLabel, utcOffsetMinutes } from "../../lib/time-zones.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { useSignedInUser } from "../../lib/session.ts";

type Stage = 1 | 2 | 3;

/** The browser's IANA time zone. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

function timeZones(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  } catch {
    zones = [];
  }
  // The employee's own zone first, then by UTC offset and city: the options read "Berlin (UTC+01:00)".
  const now = new Date();
  const offsets = new Map([...new Set([current, "UTC", ...zones])].map((z) => [z, utcOffsetMinutes(z, now)]));
  return [...offsets.keys()].sort((a, b) =>
    a === current ? -1 : b === current ? 1 : offsets.get(a)! - offsets.get(b)! || timeZoneLabel(a, now).localeCompare(timeZoneLabel(b, now)),
  );
}

/** "Tuesday 1 December 2026 at 10:30 (London (UTC+00:00))": the booked time as the employee chose it. */
export function formatCallTime(scheduledAt: string, timeZone: string): string {
  try {
    const text = new Intl.DateTimeFormat(readerLocale(), { dateStyle: "full", timeStyle: "short", timeZone }).format(new Date(scheduledAt));
    return `${text} (${timeZoneLabel(timeZone, new Date(scheduledAt))})`;
  } catch {
    return scheduledAt;
  }
}

/** The stage the flow opens at: the confirmation once booked, else where the employee left it. */
export function openingStage(state: TWelcomeState): Stage {
  if (state.request) return 3;
  return state.stage === 2 ? 2 : 1;
}

export function WelcomeFlow({
  state,
  headingId,
  onExit,
  exitRef,
  headingLevel = "h2",
}: {
  state: TWelcomeState;
  headingId?: string;
  /** Skip for now and Done: the caller closes the dialog or leaves the page (after the answer is recorded). */
  onExit: () => void;
  /** Set to the flow's own exit (the dialog's Escape calls it, so Escape dismisses like Skip for now). */
  exitRef?: { current: (() => void) | null };
  headingLevel?: "h2" | "h3";
}) {
  const { t } = useTranslation();
  const move = state.move!;
  const [stage, setStage] = useState<Stage>(() => openingStage(state));
  const [current, setCurrent] = useState(state);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const stateKey = trpc.welcome.state.queryKey();

  const answer = useMutation(
    trpc.welcome.answer.mutationOptions({
      onSuccess: (next) => {
        setCurrent(next);
        queryClient.setQueryData(trpc.welcome.state.queryKey({}), next);
        void queryClient.invalidateQueries({ queryKey: stateKey });
      },
    }),
  );

  // The stage the employee reached is recorded once when the popup first shows.
  const recorded = useRef(false);
  useEffect(() => {
    if (recorded.current || state.status !== "NEW") return;
    recorded.current = true;
    answer.mutate({ moveId: move.id, action: "STAGE", stage: 1 });
  }, [answer, move.id, state.status]);

  // A new stage takes the focus to its heading (not on the first render: the dialog focuses itself).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [stage]);

  const go = (next: 1 | 2) => {
    setError(null);
    answer.mutate(
      { moveId: move.id, action: "STAGE", stage: next },
      { onSuccess: () => setStage(next), onError: (e) => setError(errorText(e, welcomeMessages.saveFailed)) },
    );
  };
  const exit = () => {
    setError(null);
    if (current.status === "FINISHED" || current.status === "DISMISSED") return onExit();
    answer.mutate({ moveId: move.id, action: "DISMISS" }, { onSuccess: onExit, onError: (e) => setError(errorText(e, welcomeMessages.saveFailed)) });
  };

  if (exitRef) exitRef.current = exit;
  const Heading = headingLevel;
  const headingText = stage === 2 ? t("welcome.stage2.heading") : t("welcome.stage3.heading");
  return (
    <div className="flex flex-col gap-4" data-testid="welcome-flow">
      <p className="text-sm font-medium text-muted-foreground" data-testid="welcome-step">
        {t("welcome.step", { step: stage })}
      </p>
      <Heading id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold tracking-tight focus:outline-none">
        {stage === 1 ? <Stage1Heading /> : headingText}
      </Heading>
      {stage === 1 ? <Stage1 state={current} /> : null}
      {stage === 2 ? (
        <Stage2
          state={current}
          busy={answer.isPending}
          onBack={() => go(1)}
          onSkip={exit}
          onBooked={(next) => {
            setCurrent(next);
            setStage(3);
          }}
        />
      ) : null}
      {stage === 3 && current.request ? <Stage3 state={current} onChange={() => go(2)} /> : null}
      <div role="alert">{error ? <Alert variant="destructive">{error}</Alert> : null}</div>
      {stage === 1 ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={exit} disabled={answer.isPending}>
            {t("welcome.skip")}
          </Button>
          <Button type="button" onClick={() => go(2)} busy={answer.isPending}>
            {t("welcome.next")}
          </Button>
        </div>
      ) : null}
      {stage === 3 ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" onClick={exit}>
            {t("welcome.done")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function Stage1Heading() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return <>{t("welcome.stage1.heading", { name: user.firstName })}</>;
}

const COVERS = ["welcome.stage1.covers1", "welcome.stage1.covers2", "welcome.stage1.covers3", "welcome.stage1.covers4"] as const;

function Stage1({ state }: { state: TWelcomeState }) {
  const { t } = useTranslation();
  const move = state.move!;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p>{t("welcome.stage1.intro")}</p>
      <div className="rounded-lg border border-border bg-muted/40 p-3">
        <p className="font-medium">{t("welcome.stage1.consultant")}</p>
        {move.consultant ? (
          <p className="flex flex-wrap items-center gap-x-2">
            <span data-testid="welcome-consultant">{move.consultant.name}</span>
            <a href={`mailto:${move.consultant.email}`} className="inline-flex items-center gap-1 break-all font-medium text-primary underline-offset-4 hover:underline">
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              {move.consultant.email}
            </a>
          </p>
        ) : (
          <p>{t("welcome.stage1.noConsultant")}</p>
        )}
      </div>
      <p>{t("welcome.stage1.covers")}</p>
      <ul className="list-disc pl-5">
        {COVERS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      {move.callMinutes ? <p>{t("welcome.stage1.duration", { minutes: move.callMinutes })}</p> : null}
    </div>
  );
}

type FormInput = z.input<typeof ZBookAnswer>;
type FormOutput = z.output<typeof ZBookAnswer>;

/** The server's schema plus the same schedule and phone rules the server runs, so both show the same texts. */
const ZBookForm = ZBookAnswer.superRefine((value, ctx) => {
  const schedule = checkSchedule(value, new Date());
  if (!schedule.ok) ctx.addIssue({ code: "custom", path: [schedule.field], message: schedule.message });
  if (normalisePhone(value.phone) === null) ctx.addIssue({ code: "custom", path: ["phone"], message: welcomeMessages.phoneInvalid });
});

function Stage2({
  state,
  busy,
  onBack,
  onSkip,
  onBooked,
}: {
  state: TWelcomeState;
  busy: boolean;
  onBack: () => void;
  onSkip: () => void;
  onBooked: (next: TWelcomeState) => void;
}) {
  const { t } = useTranslation();
  const ids = { interests: useId() };
  const request = state.request;
  const zone = request?.timeZone ?? browserTimeZone();
  const zones = useMemo(() => timeZones(zone), [zone]);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ZBookForm),
    defaultValues: {
      moveId: state.move!.id,
      action: "BOOK",
      date: request?.date ?? "",
      time: request?.time ?? "",
      timeZone: zone,
      phone: request?.phone ?? "",
      interests: request?.interests ?? [],
    },
  });
  const chosenZone = form.watch("timeZone");
  const days = bookableDays(new Date(), chosenZone);
  const interests = (form.watch("interests") ?? []) as string[];
  const book = useMutation(
    trpc.welcome.answer.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.welcome.state.queryKey({}), next);
        void queryClient.invalidateQueries({ queryKey: trpc.welcome.state.queryKey() });
        onBooked(next);
      },
      onError: (error) => {
        const fields = (error.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
        let placed = false;
        for (const name of ["date", "time", "timeZone", "phone", "interests"] as const) {
          if (fields[name]) {
            form.setError(name, { message: fields[name] });
            placed = true;
          }
        }
        setServerError(placed ? null : errorText(error, welcomeMessages.saveFailed));
      },
    }),
  );
  const errors = form.formState.errors;
  const interestsError = errors.interests?.message;

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) => {
        setServerError(null);
        book.mutate(values);
      })}
    >
      <p className="text-sm">{t("welcome.stage2.intro", { days: state.maxDays })}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("welcome.stage2.date")} error={errors.date?.message} required>
          {(field) => <Input {...field} type="date" min={days.min} max={days.max} {...form.register("date")} />}
        </FormField>
        <FormField label={t("welcome.stage2.time")} error={errors.time?.message} required>
          {(field) => <Input {...field} type="time" step={300} {...form.register("time")} />}
        </FormField>
      </div>
      <FormField label={t("welcome.stage2.timeZone")} error={errors.timeZone?.message} required>
        {(field) => (
          <NativeSelect {...field} {...form.register("timeZone")}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {timeZoneLabel(z)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label={t("welcome.stage2.phone")} hint={t("welcome.stage2.phoneHint")} error={errors.phone?.message} required>
        {(field) => <Input {...field} type="tel" autoComplete="tel" {...form.register("phone")} />}
      </FormField>
      <fieldset aria-describedby={interestsError ? `${ids.interests}-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-foreground">{t("welcome.stage2.interests")}</legend>
        {state.interestsOffered.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("welcome.stage2.noInterests")}</p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-2">
            {state.interestsOffered.map((item) => (
              <label key={item.key} className="flex cursor-pointer items-start gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft">
                <input
                  type="checkbox"
                  className="mt-0.5 accent-primary"
                  checked={interests.includes(item.key)}
                  onChange={(e) =>
                    form.setValue("interests", e.target.checked ? [...interests, item.key] : interests.filter((k) => k !== item.key), { shouldDirty: true })
                  }
                />
                <span className="min-w-0 break-words">{item.title}</span>
              </label>
            ))}
          </div>
        )}
        <FieldError id={`${ids.interests}-error`}>{interestsError}</FieldError>
      </fieldset>
      <div role="alert">{serverError ? <Alert variant="destructive">{serverError}</Alert> : null}</div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onBack} disabled={busy || book.isPending}>
          {t("welcome.back")}
        </Button>
        <Button type="button" variant="ghost" onClick={onSkip} disabled={busy || book.isPending}>
          {t("welcome.skip")}
        </Button>
        <Button type="submit" busy={book.isPending} disabled={busy}>
          {t("welcome.stage2.submit")}
        </Button>
      </div>
    </form>
  );
}

function Stage3({ state, onChange }: { state: TWelcomeState; onChange: () => void }) {
  const { t } = useTranslation();
  const request = state.request!;
  const titles = new Map(state.interestsOffered.map((i) => [i.key, i.title]));
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p role="status">{t("welcome.stage3.intro")}</p>
      <dl className="grid gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-4" data-testid="welcome-booked">
        <dt className="font-medium">{t("welcome.stage3.when")}</dt>
        <dd className="break-words">{formatCallTime(request.scheduledAt, request.timeZone)}</dd>
        <dt className="font-medium">{t("welcome.stage3.phone")}</dt>
        <dd>{request.phone}</dd>
        <dt className="font-medium">{t("welcome.stage3.interests")}</dt>
        <dd className="break-words">{request.interests.length > 0 ? request.interests.map((k) => titles.get(k) ?? k).join(", ") : t("welcome.stage3.noInterests")}</dd>
      </dl>
      {request.changeable ? (
        <p>
          <button type="button" onClick={onChange} className="font-medium text-primary underline underline-offset-4 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            {t("welcome.stage3.change")}
          </button>
        </p>
      ) : (
        <p>{t("welcome.stage3.locked")}</p>
      )}
    </div>
  );
}
