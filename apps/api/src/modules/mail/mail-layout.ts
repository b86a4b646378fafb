import { escapeHtml } from '@shop/shared/html';
import { SHOP_HEADQUARTERS, SHOP_NAME } from '@shop/shared/shop';

export interface MailContent {
  greeting: string;
  paragraphs: string[];
  /** Links after the paragraphs, clickable in HTML ('label: url' in text), e.g. a parcel's tracking. */
  links?: { label: string; url: string }[];
  action?: { label: string; url: string };
  /** Shown after the action, e.g. how long a link is valid. */
  afterAction?: string[];
  supportEmail: string;
  /** The last line instead of 'Questions? Write to {support}' (mails to the shop's own people). */
  closing?: string;
}

/** The shop's one mail layout, as plain text and as simple, inline-styled HTML. */
export function renderMail(content: MailContent): { text: string; html: string } {
  const { greeting, paragraphs, links = [], action, afterAction = [], supportEmail } = content;
  const closing = content.closing ?? `Questions? Write to ${supportEmail}.`;
  const signature = `${SHOP_NAME} · ${SHOP_HEADQUARTERS} · ${supportEmail}`;
  const text = [
    greeting,
    ...paragraphs,
    ...links.map((link) => `${link.label}: ${link.url}`),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...afterAction,
    closing,
    `— ${signature}`,
  ].join('\n\n');

  const p = (line: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`;
  const anchor = (link: { label: string; url: string }) =>
    `<p style="margin:0 0 16px;line-height:1.5"><a href="${escapeHtml(link.url)}" style="color:#7c2d12;font-weight:600">${escapeHtml(link.label)}</a> <span style="color:#57534e;word-break:break-all">${escapeHtml(link.url)}</span></p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#7c2d12;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#57534e">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:#faf7f2;font-family:Arial,Helvetica,sans-serif;color:#1c1917"><div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px"><p style="margin:0 0 24px;font-size:20px;font-weight:700;letter-spacing:2px">${escapeHtml(SHOP_NAME.toUpperCase())}</p>${p(greeting)}${paragraphs.map(p).join('')}${links.map(anchor).join('')}${button}${afterAction.map(p).join('')}${p(closing)}<p style="margin:24px 0 0;font-size:12px;color:#57534e">${escapeHtml(signature)}</p></div></body></html>`;
  return { text, html };
}
