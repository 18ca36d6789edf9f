/** The overview's office preference: the address commute times are measured to (geocoded on save). */
import { useMutation } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { overviewMessages, ZStoreOfficeRequest, type TOverviewPrepareResponse } from "../../../domain/employee/widgets/overview.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FieldError, Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

export function OfficeCard({ office, onSaved }: { office: TOverviewPrepareResponse["office"]; onSaved: (o: TOverviewPrepareResponse["office"]) => void }) {
  const { t } = useTranslation();
  const [address, setAddress] = useState(office?.address ?? "");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const save = useMutation(trpc.overview.storeEmployeeOfficePreference.mutationOptions());
  const ids = { input: useId(), error: useId(), title: useId() };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZStoreOfficeRequest.safeParse({ address });
    setStatus(null);
    if (!parsed.success) return setFieldError(overviewMessages.address);
    setFieldError(null);
    save.mutate(parsed.data, {
      onSuccess: (r) => {
        setStatus(r.message);
        if (r.success) {
          onSaved(r.office);
          void queryClient.invalidateQueries({ queryKey: trpc.overview.commute.pathKey() });
        }
      },
      onError: (err) => setFieldError(errorText(err, overviewMessages.unavailable.geocoder)),
    });
  };
  return (
    <Card className="min-w-0" role="region" aria-labelledby={ids.title}>
      <CardHeader>
        <CardTitle id={ids.title} as="h2" className="flex items-center gap-2">
          <Building2 className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {t("overview.office", "Your office")}
        </CardTitle>
        <CardDescription data-testid="office-label">{office ? office.label : t("overview.noOfficeYet", "No office address yet: commute times need one.")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <Label htmlFor={ids.input}>{t("overview.officeAddress", "Office address")}</Label>
            <Input id={ids.input} value={address} onChange={(e) => setAddress(e.target.value)} maxLength={300} autoComplete="street-address" aria-invalid={!!fieldError} aria-describedby={fieldError ? ids.error : undefined} />
          </div>
          <Button type="submit" busy={save.isPending}>
            {t("overview.saveOffice", "Save office")}
          </Button>
        </form>
        <FieldError id={ids.error}>{fieldError ?? undefined}</FieldError>
        {status ? (
          <p role="status" className="mt-2 text-sm text-muted-foreground">
            {status}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
