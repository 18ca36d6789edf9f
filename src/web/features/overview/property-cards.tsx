/** Property cards with their apartment types, and a property's popup (title cut at 30 characters, overview at 210, 3 images; part 1 §2, part 2 §9). */
import { useMutation } from "@tanstack/react-query";
import { ExternalLink, Home } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { popupOf, type TProperty } from "../../../domain/employee/widgets/overview.ts";
import { Button } from "../../components/ui/button.tsx";
import { Carousel } from "../../components/ui/carousel.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { formatMoney } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";
import { linkClass } from "./overview-parts.tsx";

export function PropertyCards({ properties, apartmentTypes }: { properties: TProperty[]; apartmentTypes?: { numberOfBedrooms: number; currency: string; amountMinRange: number; amountMaxRange: number }[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<TProperty | null>(null);
  const click = useMutation(trpc.overview.click.mutationOptions());
  const show = (p: TProperty) => {
    setOpen(p);
    click.mutate({ externalId: p.externalId, provider: p.provider, ...(p.url ? { url: p.url } : {}) });
  };
  return (
    <div className="flex flex-col gap-3">
      {apartmentTypes && apartmentTypes.length > 0 ? (
        <ul className="flex flex-wrap gap-2 text-sm" aria-label={t("overview.apartmentTypes", "Apartment types")} data-testid="apartment-types">
          {apartmentTypes.map((a) => (
            <li key={`${a.numberOfBedrooms}-${a.currency}`} className="rounded-md border border-border px-2.5 py-1">
              {t("overview.apartmentType", {
                beds: a.numberOfBedrooms === 0 ? t("overview.studio", "Studio") : t("overview.bedCount", { count: a.numberOfBedrooms, defaultValue: "{{count}} bed" }),
                min: formatMoney({ amount: a.amountMinRange, currency: a.currency }),
                max: formatMoney({ amount: a.amountMaxRange, currency: a.currency }),
                defaultValue: "{{beds}}: {{min}} – {{max}}",
              })}
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="properties">
        {properties.map((p) => (
          <li key={`${p.provider}:${p.externalId}`} className="flex min-w-0 flex-col gap-1 rounded-lg border border-border p-3 text-sm" data-property={p.externalId}>
            <span className="break-words font-medium text-foreground">{popupOf(p).title}</span>
            {p.price ? <span className="font-semibold tabular-nums">{t("overview.perMonth", { price: formatMoney(p.price), defaultValue: "{{price}} a month" })}</span> : null}
            {p.beds !== null ? <span className="text-muted-foreground">{p.beds === 0 ? t("overview.studio", "Studio") : t("overview.bedCount", { count: p.beds, defaultValue: "{{count}} bed" })}</span> : null}
            {p.address ? <span className="break-words text-muted-foreground">{p.address}</span> : null}
            <Button variant="outline" size="sm" className="mt-1 self-start" onClick={() => show(p)} aria-label={t("overview.details", { title: p.title, defaultValue: "Details: {{title}}" })}>
              <Home className="size-4" aria-hidden="true" />
              {t("overview.detailsShort", "Details")}
            </Button>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        {open ? <PropertyPopup property={open} /> : null}
      </Dialog>
    </div>
  );
}

function PropertyPopup({ property }: { property: TProperty }) {
  const { t } = useTranslation();
  const popup = popupOf(property);
  return (
    <DialogContent closeLabel={t("app.close", "Close")} className="max-h-[90vh] overflow-y-auto">
      <DialogTitle>{popup.title}</DialogTitle>
      <DialogDescription>{property.address ?? ""}</DialogDescription>
      {property.price ? <p className="font-semibold">{t("overview.perMonth", { price: formatMoney(property.price), defaultValue: "{{price}} a month" })}</p> : null}
      {popup.overview ? <p className="text-sm leading-relaxed" data-testid="popup-overview">{popup.overview}</p> : null}
      {popup.images.length > 0 ? (
        // Part 2 §9: carousel interval 5 s, fade 500 ms (CAROUSEL_INTERVAL_MS, CAROUSEL_FADE_MS).
        <Carousel
          images={popup.images.map((src, i) => ({ src, alt: t("overview.photoN", { n: i + 1, defaultValue: "Photo {{n}} of the property" }) }))}
          label={t("overview.photos", "Photos of the property")}
          slideLabel={(n, of) => t("overview.slide", { n, of, defaultValue: "Photo {{n}} of {{of}}" })}
          previousLabel={t("overview.previousPhoto", "Previous photo")}
          nextLabel={t("overview.nextPhoto", "Next photo")}
        />
      ) : null}
      {property.url ? (
        <a href={property.url} target="_blank" rel="noreferrer noopener" className={linkClass}>
          <ExternalLink className="size-4" aria-hidden="true" />
          {t("overview.providerLink", { provider: providerName(property.provider), defaultValue: "View on {{provider}}" })}
        </a>
      ) : (
        <p className="text-sm text-muted-foreground">{t("overview.listedBy", { provider: providerName(property.provider), defaultValue: "Listing from {{provider}}" })}</p>
      )}
    </DialogContent>
  );
}

const providerName = (p: string) => (p === "rentcast" ? "RentCast" : p);
