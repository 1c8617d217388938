/** What a mail says, before it is written out as text and HTML. Every string here is plain text. */
export interface MailContent {
  subject: string;
  /** Paragraphs, in order. */
  paragraphs: string[];
  /** The one link the mail is about, shown as a button in HTML and as a plain address in text. */
  action?: { label: string; url: string };
}

/**
 * A subject that cannot start a header: line breaks (and other control characters) become spaces. Nodemailer
 * encodes what remains, so a name with CR/LF in it stays inside the Subject.
 */
export function subjectLine(subject: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const controls = /[\u0000-\u001f\u007f\u2028\u2029]+/g;
  return subject.replace(controls, ' ').trim().slice(0, 200);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * The text and HTML bodies of a mail from this instance: every piece of text escaped (a name with markup shows
 * as the characters it is), no images, no remote content and no tracking, and a footer naming the instance.
 */
export function writeMail(content: MailContent, instance: { origin: string }) {
  const host = new URL(instance.origin).host;
  const footer = `Sent by CloudStash at ${host} (${instance.origin}).`;
  const text = [
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []),
    `-- \n${footer}`,
  ].join('\n\n');
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const button = content.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(content.action.url)}</p>`
    : '';
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subjectLine(content.subject))}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#111111;max-width:560px;margin:0 auto;padding:24px">` +
    content.paragraphs.map(paragraph).join('') +
    button +
    `<p style="margin:24px 0 0;font-size:13px;color:#555555">${escapeHtml(footer)}</p></body></html>`;
  return { subject: subjectLine(content.subject), text, html };
}
