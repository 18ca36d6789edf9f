/**
 * Pure e-mail rendering: a template's subject and body come from the translations table
 * (keys `mail.<template>.subject`, `mail.<template>.body`, `mail.<template>.action`), with
 * `{{name}}` placeholders. The body is plain text with blank lines between paragraphs; the HTML
 * version wraps the same paragraphs and adds one button for the message's link.
 */
export type RenderedMail = { subject: string; text: string; html: string };

export function interpolate(template: string, vars: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => vars[name] ?? whole);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function renderMail(
  parts: { subject: string; body: string; action?: string },
  vars: Record<string, string>,
  link: string | null,
): RenderedMail {
  const subject = interpolate(parts.subject, vars);
  const body = interpolate(parts.body, vars);
  const action = parts.action ? interpolate(parts.action, vars) : null;
  const text = link ? `${body}\n\n${action ?? "Open"}: ${link}\n` : `${body}\n`;
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p).replaceAll("\n", "<br>")}</p>`)
    .join("");
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#1d4f7c;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action ?? "Open")}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#4b5563">${escapeHtml(link)}</p>`
    : "";
  const html =
    `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">` +
    `${paragraphs}${button}<p style="margin:32px 0 0;font-size:12px;color:#6b7280">Meridian</p></body></html>`;
  return { subject, text, html };
}
