import { MESSAGES, cleanFilename, updateFileBodySchema } from '@cloudstash/contract';

/**
 * What is wrong with a name typed in the edit dialog, in the server's words, or null. A name of nothing but
 * characters the server removes is as empty as a blank one.
 */
export function editFilenameError(typed: string): string | null {
  const parsed = updateFileBodySchema.safeParse({ filename: typed });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? MESSAGES.editFilenameRequired;
  return cleanFilename(parsed.data.filename ?? '') ? null : MESSAGES.editFilenameRequired;
}

/**
 * The name the server will store when it differs from what was typed (slashes, control or direction characters,
 * runs of spaces), so a rename never changes silently; null when the typed name is kept as it is.
 */
export function savedAsName(typed: string): string | null {
  const cleaned = cleanFilename(typed);
  return cleaned && cleaned !== typed.trim() ? cleaned : null;
}
