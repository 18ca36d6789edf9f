import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useState } from "react";
import { CAROUSEL_FADE_MS, CAROUSEL_INTERVAL_MS } from "../../lib/timeouts.ts";
import { cn } from "../../lib/utils.ts";

/**
 * Images shown one at a time (part 2 §9 "Carousel interval 5 s, fade 500 ms"): the next slide fades in
 * every `intervalMs`, over `fadeMs`. Pointer hover and keyboard focus pause it (WCAG 2.2.2); previous and next
 * buttons and dots are keyboard reachable; under `prefers-reduced-motion` it neither advances nor fades.
 */
export function Carousel({
  images,
  label,
  slideLabel,
  previousLabel,
  nextLabel,
  intervalMs = CAROUSEL_INTERVAL_MS,
  fadeMs = CAROUSEL_FADE_MS,
  className,
}: {
  images: { src: string; alt: string }[];
  label: string;
  slideLabel: (n: number, of: number) => string;
  previousLabel: string;
  nextLabel: string;
  intervalMs?: number;
  fadeMs?: number;
  className?: string;
}) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reduced = typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const count = images.length;
  useEffect(() => {
    if (count < 2 || paused || reduced) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, paused, reduced, intervalMs]);
  if (count === 0) return null;
  const go = (i: number) => setIndex(((i % count) + count) % count);
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={cn("relative", className)}
      data-testid="carousel"
      data-interval-ms={intervalMs}
      data-fade-ms={fadeMs}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      // Keyboard focus pauses it (a dialog's programmatic focus after a click does not).
      onFocus={(e) => setPaused(e.target.matches(":focus-visible"))}
      onBlur={() => setPaused(false)}
    >
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-md bg-muted" aria-live={paused ? "polite" : "off"}>
        {images.map((image, i) => (
          <img
            key={image.src}
            src={image.src}
            alt={image.alt}
            aria-roledescription="slide"
            aria-label={slideLabel(i + 1, count)}
            aria-hidden={i !== index}
            data-active={i === index ? "true" : undefined}
            className="absolute inset-0 size-full object-cover transition-opacity ease-in-out"
            style={{ opacity: i === index ? 1 : 0, transitionDuration: `${reduced ? 0 : fadeMs}ms` }}
          />
        ))}
      </div>
      {count > 1 ? (
        <div className="mt-2 flex items-center justify-between gap-2">
          <button type="button" onClick={() => go(index - 1)} aria-label={previousLabel} className="rounded-md p-2 text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <div className="flex gap-1.5">
            {images.map((image, i) => (
              <button
                key={image.src}
                type="button"
                onClick={() => go(i)}
                aria-label={slideLabel(i + 1, count)}
                aria-current={i === index ? "true" : undefined}
                className="flex size-6 items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span aria-hidden="true" className={cn("size-3 rounded-full border border-input", i === index ? "bg-primary" : "bg-surface")} />
              </button>
            ))}
          </div>
          <button type="button" onClick={() => go(index + 1)} aria-label={nextLabel} className="rounded-md p-2 text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
