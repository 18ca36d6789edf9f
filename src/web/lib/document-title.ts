import { useEffect } from "react";

/** Sets the tab title to "<page> · Meridian" while the page is shown. */
export function useDocumentTitle(page: string | undefined, product = "Meridian"): void {
  useEffect(() => {
    document.title = page ? `${page} · ${product}` : product;
  }, [page, product]);
}
