import { extensionFitsType, extensionForMime, isAllowedMimeType, nameExtension } from './media';
import { filenameWithoutExtension } from './format';
import { FILENAME_MAX_LENGTH, NAME_MAX_LENGTH } from './limits';

/**
 * Controls, line breaks, bidirectional marks and overrides (U+061C, U+200E/F, U+202A-E, U+2066-9) and
 * zero-width characters (U+200B-D, U+FEFF): invisible or misleading when a name is shown.
 */
const UNSAFE_CHARACTERS = /[\p{Cc}\u061C\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu;
const PATH_SEPARATORS = /[/\\]/g;

/**
 * The one rule for a name kept exactly as given (a folder typed in the web app, anything a WebDAV or sync
 * client names): none of the characters the cleaning above removes, no path separator, not `.`-only, not
 * empty or blank. Where a name is cleaned (an upload's), it ends up obeying this rule; where it is kept as
 * given, a name that breaks it is refused, because a client told its file is called something else would
 * upload it again on every sync.
 */
export function isStorableExactName(name: string): boolean {
  return (
    name.trim() !== '' &&
    !/^\.+$/.test(name) &&
    !new RegExp(UNSAFE_CHARACTERS.source, 'u').test(name) &&
    !new RegExp(PATH_SEPARATORS.source).test(name)
  );
}

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

/** What the server learnt of an upload's type, for its name: the type and the detector's extension for it. */
export interface UploadedType {
  mimetype: string;
  /** The extension the byte detector gives this type, when it recognised the bytes. */
  detectedExtension?: string;
}

/**
 * The name an upload gets: the one typed, else the chosen file's name without extension. Given the type the
 * server decided, the name keeps the extension the file came with when it fits that type, also under a typed
 * name ("budget.csv" stays "budget.csv"), except the one a download of the spec's types adds anyway
 * ("IMG_1.jpg" is "IMG_1", as the spec has it). A type outside the spec's list always shows its extension: the
 * one it came with, else its own or its detector's ("Backup" of a zip is "Backup.zip").
 */
export function uploadFilename(
  typed: string | undefined,
  original: string | undefined,
  type?: UploadedType,
): string {
  const chosen = cleanFilename(typed ?? '');
  const name = chosen || cleanFilename(filenameWithoutExtension(original ?? '')) || 'Untitled';
  if (!type) return name;
  const fits = (extension: string | undefined): extension is string =>
    extension !== undefined && extensionFitsType(extension, type.mimetype, type.detectedExtension);
  if (chosen && fits(nameExtension(name))) return name;
  const came = nameExtension(cleanFilename(original ?? ''));
  const added = extensionForMime(type.mimetype);
  const specType = isAllowedMimeType(type.mimetype.split(';')[0]!.trim().toLowerCase());
  let kept: string | undefined;
  if (fits(came) && !(specType && came.toLowerCase() === added)) kept = came;
  else if (!specType) kept = type.detectedExtension ?? (added === 'bin' ? undefined : added);
  if (!kept) return name;
  const room = FILENAME_MAX_LENGTH - kept.length - 1;
  return `${[...name].slice(0, room).join('').trim()}.${kept}`;
}

/**
 * The name an upload keeps on an instance that takes any type (a drive): what the person gave, extension
 * included, whatever the bytes look like. That is the chosen file's whole name when nothing else was typed,
 * or when the typed name is the one the web app fills in (the file's name without its extension); a typed name
 * without an extension takes the chosen file's ("Logo" for "Logo final.ai" is "Logo.ai"). Cleaned as every
 * upload name is.
 */
export function exactUploadName(typed: string | undefined, original: string | undefined): string {
  const whole = cleanFilename(original ?? '');
  const chosen = cleanFilename(typed ?? '');
  if (!chosen || chosen === cleanFilename(filenameWithoutExtension(original ?? '')))
    return whole || 'Untitled';
  const came = nameExtension(whole);
  if (nameExtension(chosen) !== undefined || came === undefined) return chosen;
  const room = FILENAME_MAX_LENGTH - came.length - 1;
  return `${[...chosen].slice(0, room).join('').trim()}.${came}`;
}

/**
 * The name a download is saved under: {name}.{extension}, the extension chosen by the media type ("bin" when
 * unknown). A name that already ends with an extension that fits its type, in any case ("Q3 report.pdf",
 * "Zeta.JPEG" for a JPEG, "budget.csv" for text), keeps it and gets no second one.
 */
export function downloadFilename(filename: string, mimetype: string): string {
  const own = nameExtension(filename);
  if (own !== undefined && extensionFitsType(own, mimetype)) return filename;
  return `${filename}.${extensionForMime(mimetype)}`;
}

/**
 * The name a file is saved under when downloaded: a name kept exactly as given (by a WebDAV or sync client, or
 * any upload on an instance that takes any type) as it is; any other as downloadFilename gives.
 */
export function savedFilename(filename: string, mimetype: string, exact: boolean): string {
  return exact ? filename : downloadFilename(filename, mimetype);
}
