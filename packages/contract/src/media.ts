/**
 * The media types CloudStash accepts, the extension each is saved with,
 * and how each is labelled and grouped on screen.
 */
export const ALLOWED_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'application/pdf',
  'text/plain',
] as const;

export type AllowedMimeType = (typeof ALLOWED_MIME_TYPES)[number];

export function isAllowedMimeType(type: string): type is AllowedMimeType {
  return (ALLOWED_MIME_TYPES as readonly string[]).includes(type);
}

const EXTENSION_BY_MIME: Record<AllowedMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
};

/**
 * The other extensions registered for each type (as the IANA/mime-db lists them), besides the one a download is
 * saved with: a name that already ends with one of them ("Zeta.jpeg") already says its type and gets no second
 * extension.
 */
const ALIAS_EXTENSIONS_BY_MIME: Record<AllowedMimeType, readonly string[]> = {
  'image/jpeg': ['jpeg', 'jpe'],
  'image/png': [],
  'image/gif': [],
  'image/webp': [],
  'video/mp4': ['mp4v', 'mpg4'],
  'video/quicktime': ['qt'],
  'video/webm': [],
  'application/pdf': [],
  'text/plain': ['text', 'conf', 'def', 'list', 'log', 'in', 'ini'],
};

function baseMimeType(mimetype: string): string {
  return mimetype.split(';')[0]!.trim().toLowerCase();
}

/** Extension a download is saved with; unknown types fall back to "bin". */
export function extensionForMime(mimetype: string): string {
  const base = baseMimeType(mimetype);
  return isAllowedMimeType(base) ? EXTENSION_BY_MIME[base] : 'bin';
}

/** Every extension a name of this type may already end with, the saved one first (lower case, no dot). */
export function extensionsForMime(mimetype: string): readonly string[] {
  const base = baseMimeType(mimetype);
  if (!isAllowedMimeType(base)) return ['bin'];
  return [EXTENSION_BY_MIME[base], ...ALIAS_EXTENSIONS_BY_MIME[base]];
}

export const FILE_CATEGORIES = ['image', 'video', 'document', 'other'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];

/** Public-files category: image, video, document (PDF or text), other. */
export function fileCategory(mimetype: string): FileCategory {
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('video/')) return 'video';
  if (mimetype === 'application/pdf' || mimetype.startsWith('text/plain')) return 'document';
  return 'other';
}

/** Type label shown in tables: Image, Video, PDF, Text, else File. */
export function fileTypeLabel(mimetype: string): 'Image' | 'Video' | 'PDF' | 'Text' | 'File' {
  if (mimetype.startsWith('image/')) return 'Image';
  if (mimetype.startsWith('video/')) return 'Video';
  if (mimetype === 'application/pdf') return 'PDF';
  if (mimetype.startsWith('text/')) return 'Text';
  return 'File';
}

/** How the preview screen shows a file. */
export type PreviewKind = 'image' | 'video' | 'pdf' | 'text' | 'none';
export function previewKind(mimetype: string): PreviewKind {
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('video/')) return 'video';
  if (mimetype === 'application/pdf') return 'pdf';
  if (mimetype.startsWith('text/')) return 'text';
  return 'none';
}
