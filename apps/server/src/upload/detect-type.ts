import { fileTypeFromBuffer } from 'file-type';
import { TEXT_FORMAT_TYPES, type UploadedType } from '@cloudstash/contract';

/** Bytes file-type needs to recognise every format we accept. */
export const SNIFF_BYTES = 4100;

/** Text that a browser would run or render as a document: refused even though it is valid UTF-8. */
const MARKUP = /^\s*(<\?xml|<!doctype|<html|<head|<body|<script|<svg|<iframe|<object|<embed|<meta|<!--)/i;
const SHEBANG = /^#!/;

export interface TextEvidence {
  /** Every byte decoded as UTF-8 and none was NUL. */
  validUtf8WithoutNul: boolean;
}

/**
 * Decides a file's media type from its first bytes (magic numbers), never from the client's claim.
 * Plain text is UTF-8 without NUL bytes that is not markup or a script. A type recognised by its signature
 * comes with the extension the detector gives it.
 */
export async function detectFileType(head: Buffer, text: TextEvidence): Promise<UploadedType> {
  const sniffed = await fileTypeFromBuffer(head);
  if (sniffed) return { mimetype: sniffed.mime, detectedExtension: sniffed.ext };
  return { mimetype: textType(head, text) };
}

function textType(head: Buffer, text: TextEvidence): string {
  if (!text.validUtf8WithoutNul) return 'application/octet-stream';
  const start = head.toString('utf8', 0, Math.min(head.length, 1024)).replace(/^\uFEFF/, '');
  if (MARKUP.test(start)) return /<svg/i.test(start) ? 'image/svg+xml' : 'text/html';
  if (SHEBANG.test(start)) return 'text/x-script';
  return 'text/plain';
}

const ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };
const UNKNOWN = new Set(['', 'application/octet-stream']);

/**
 * The type the client declared, when it contradicts what the bytes are (a mismatch is
 * refused with 415). An unknown declaration (blank or octet-stream) never contradicts, nor does a text
 * format's own name (text/csv, application/json) for bytes that are plain text.
 */
export function declaredTypeConflict(declared: string | undefined, detected: string): string | undefined {
  const base = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  const normalised = ALIASES[base] ?? base;
  if (UNKNOWN.has(normalised) || normalised === detected) return undefined;
  if (detected === 'text/plain' && TEXT_FORMAT_TYPES.includes(normalised)) return undefined;
  return normalised;
}

/**
 * Text evidence from the first bytes alone, before the rest has arrived: UTF-8 so far (a character cut at the
 * end of the head is fine) without NUL. The whole file is checked again once it is complete.
 */
export function headEvidence(head: Buffer): TextEvidence {
  if (head.includes(0)) return { validUtf8WithoutNul: false };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return { validUtf8WithoutNul: true };
  } catch {
    return { validUtf8WithoutNul: false };
  }
}
