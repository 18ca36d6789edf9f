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

/**
 * Text cut off inside `root` (issue 13 QA item 8): an element whose text is wider than its own box
 * (truncated with an ellipsis or hidden), or that sticks out of its parent's box (a badge running
 * under the buttons beside it). The page width alone does not show either.
 */
export async function clippedText(page: Page, root: string): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const found: string[] = [];
    for (const container of document.querySelectorAll(rootSelector)) {
      for (const el of container.querySelectorAll("*")) {
        const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
        if (!hasText) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const text = (el.textContent ?? "").trim().slice(0, 40);
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== "inline") {
          found.push(`"${text}" is cut off (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
          continue;
        }
        const parent = el.parentElement?.getBoundingClientRect();
        if (parent && (r.right > parent.right + 1 || r.left < parent.left - 1)) found.push(`"${text}" sticks out of its box [${Math.round(r.left)}…${Math.round(r.right)}] in [${Math.round(parent.left)}…${Math.round(parent.right)}]`);
      }
    }
    return found;
  }, root);
}
