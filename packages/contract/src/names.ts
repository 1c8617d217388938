import { extensionForMime, extensionsForMime } from './media';
import { filenameWithoutExtension } from './format';
import { FILENAME_MAX_LENGTH, NAME_MAX_LENGTH } from './limits';

/**
 * Controls, line breaks, bidirectional marks and overrides (U+061C, U+200E/F, U+202A-E, U+2066-9) and
 * zero-width characters (U+200B-D, U+FEFF): invisible or misleading when a name is shown.
 */
const UNSAFE_CHARACTERS = /[\p{Cc}\u061C\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu;
const PATH_SEPARATORS = /[/\\]/g;

/** Text as typed minus what is invisible or misleading when shown: one line, no controls, no direction tricks. */
function visibleText(text: string): string {
  return text.normalize('NFC').replace(UNSAFE_CHARACTERS, '').replace(/\s+/g, ' ').trim();
}

/**
 * A display name that is safe to show and to put in a Content-Disposition header. Storage never uses it (bytes
 * are stored by hash), so this is about what people see: no control characters, no direction tricks, no paths.
 * The server applies it to every name it stores; the web app applies it to show what will be saved.
 */
export function cleanFilename(name: string, maxLength: number = FILENAME_MAX_LENGTH): string {
  const cleaned = visibleText(name).replace(PATH_SEPARATORS, '_');
  const withoutDotRuns = /^\.+$/.test(cleaned) ? '' : cleaned;
  return [...withoutDotRuns].slice(0, maxLength).join('').trim();
}

/**
 * A person's name as it will be shown next to their files and in the admin lists: the same rules as a file
 * name (no controls, line breaks, escape sequences, direction tricks or zero-width characters), at most
 * 100 characters. Empty when nothing visible is left.
 */
export function cleanDisplayName(name: string): string {
  return cleanFilename(name, NAME_MAX_LENGTH);
}

/**
 * A share link's label, by the same rules as a name (no controls, line breaks, direction tricks or zero-width
 * characters), at most `maxLength` characters; slashes stay, as a label never names a file. Empty when nothing
 * visible is left.
 */
export function cleanLabel(label: string, maxLength: number): string {
  return [...visibleText(label)].slice(0, maxLength).join('').trim();
}

/** The name an upload gets: the one typed, else the chosen file's name without extension. */
export function uploadFilename(typed: string | undefined, original: string | undefined): string {
  const chosen = cleanFilename(typed ?? '');
  if (chosen) return chosen;
  return cleanFilename(filenameWithoutExtension(original ?? '')) || 'Untitled';
}

/**
 * The name a download is saved under: {name}.{extension}, the extension chosen by the media type ("bin" when
 * unknown). A name that already ends with any extension of its type, in any case ("Q3 report.pdf",
 * "Zeta.JPEG" for a JPEG), keeps it and gets no second one.
 */
export function downloadFilename(filename: string, mimetype: string): string {
  const lowerName = filename.toLowerCase();
  const hasOwnExtension = extensionsForMime(mimetype).some((extension) =>
    lowerName.endsWith(`.${extension}`),
  );
  return hasOwnExtension ? filename : `${filename}.${extensionForMime(mimetype)}`;
}
