import type { Page } from "@playwright/test";

/** The elements that stick out of the viewport (outermost only), outside any horizontal scroll box. */
export async function overflowing(page: Page): Promise<{ scrollWidth: number; offenders: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const r = el.getBoundingClientRect();
      const id = el.id ? `#${el.id}` : "";
      const testId = el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : "";
      const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 4).join(".")}` : "";
      const text = (el.textContent ?? "").trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${testId}${cls} [${Math.round(r.left)}…${Math.round(r.right)}] "${text}"`;
    };
    const inScrollBox = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (/(auto|scroll)/.test(getComputedStyle(p).overflowX)) return true;
      }
      return false;
    };
    const offenders: Element[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left >= -1 && r.right <= width + 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") continue;
      if (offenders.some((o) => o.contains(el))) continue;
      if (inScrollBox(el)) continue;
      offenders.push(el);
    }
    // Text wider than its box (a long address that does not wrap) widens the page without widening any element.
    const clipped = (el: Element | null) => {
      for (let p = el; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== "visible") return true;
      }
      return false;
    };
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      if (r.width === 0 || (r.left >= -1 && r.right <= width + 1)) continue;
      if (clipped(node.parentElement) || offenders.some((o) => o.contains(node))) continue;
      texts.push(`text in ${describe(node.parentElement!)}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, offenders: [...offenders.slice(0, 8).map(describe), ...texts.slice(0, 4)] };
  });
}
