import { FILENAME_MAX_LENGTH, filenameWithoutExtension } from '@cloudstash/contract';

/** Controls, line breaks and bidirectional overrides: invisible or misleading when a name is shown. */
const UNSAFE_CHARACTERS = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
const PATH_SEPARATORS = /[/\\]/g;

/**
 * A display name that is safe to show and to put in a Content-Disposition header. Storage never uses it (bytes
 * are stored by hash), so this is about what people see: no control characters, no direction tricks, no paths.
 */
export function cleanFilename(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(UNSAFE_CHARACTERS, '')
    .replace(PATH_SEPARATORS, '_')
    .replace(/\s+/g, ' ')
    .trim();
  const withoutDotRuns = /^\.+$/.test(cleaned) ? '' : cleaned;
  return [...withoutDotRuns].slice(0, FILENAME_MAX_LENGTH).join('').trim();
}

/** The name an upload gets: the one typed, else the chosen file's name without extension. */
export function uploadFilename(typed: string | undefined, original: string | undefined): string {
  const chosen = cleanFilename(typed ?? '');
  if (chosen) return chosen;
  return cleanFilename(filenameWithoutExtension(original ?? '')) || 'Untitled';
}

/** RFC 6266 / RFC 8187: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
