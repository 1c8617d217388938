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
 * Formats that are plain text to the server (it cannot tell them apart from their bytes, and has no more to
 * show of them than their text), so a file of one keeps its extension: budget.csv stays budget.csv. Markup
 * (html, svg, xml) and scripts a browser runs are not among them: those are never plain text.
 */
const TEXT_FORMAT_EXTENSIONS = [
  'csv',
  'tsv',
  'md',
  'markdown',
  'json',
  'jsonl',
  'ndjson',
  'yaml',
  'yml',
  'toml',
  'cfg',
  'properties',
  'env',
  'rst',
  'adoc',
  'tex',
  'srt',
  'vtt',
  'sql',
  'diff',
  'patch',
  'py',
  'rb',
  'go',
  'rs',
  'java',
  'kt',
  'c',
  'h',
  'cpp',
  'hpp',
  'cs',
  'ts',
  'swift',
] as const;

/**
 * What browsers and clients call those text formats. Such a declaration does not contradict bytes found to be
 * plain text (a .csv a browser sends as text/csv is stored as the text it is), on either kind of instance.
 */
export const TEXT_FORMAT_TYPES: readonly string[] = [
  'text/csv',
  'text/tab-separated-values',
  'text/markdown',
  'text/x-markdown',
  'application/json',
  'application/x-ndjson',
  'application/yaml',
  'application/x-yaml',
  'text/yaml',
  'text/x-yaml',
  'application/toml',
  'application/sql',
  'text/x-python',
  'text/x-c',
];

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
  'text/plain': ['text', 'conf', 'def', 'list', 'log', 'in', 'ini', ...TEXT_FORMAT_EXTENSIONS],
};

export function baseMimeType(mimetype: string): string {
  return mimetype.split(';')[0]!.trim().toLowerCase();
}

/**
 * Types outside the spec's list that an instance accepting any file type (ALLOWED_UPLOAD_TYPES=any) names
 * itself, with their extensions, the saved one first: the markup kinds its detection tells apart, and binary
 * formats with no signature to detect, which get their type from the extension. Every other type comes from the
 * bytes alone (the detector's own name for it) or is application/octet-stream.
 */
const OTHER_TYPE_EXTENSIONS: Record<string, readonly string[]> = {
  'text/html': ['html', 'htm'],
  'application/xhtml+xml': ['xhtml', 'xht'],
  'image/svg+xml': ['svg', 'svgz'],
  'application/xml': ['xml', 'xsl', 'xsd', 'rss', 'atom'],
  'text/x-script': ['sh', 'bash', 'zsh', 'pl'],
  'application/x-apple-diskimage': ['dmg'],
  'application/vnd.ms-fontobject': ['eot'],
  'application/pgp-encrypted': ['gpg', 'pgp'],
  'application/x-x509-ca-cert': ['der', 'crt', 'cer'],
  'application/x-bittorrent': ['torrent'],
};

function knownExtensions(base: string): readonly string[] | undefined {
  if (isAllowedMimeType(base)) return [EXTENSION_BY_MIME[base], ...ALIAS_EXTENSIONS_BY_MIME[base]];
  return OTHER_TYPE_EXTENSIONS[base];
}

/** Extension a download is saved with; types this app does not name fall back to "bin". */
export function extensionForMime(mimetype: string): string {
  return knownExtensions(baseMimeType(mimetype))?.[0] ?? 'bin';
}

/** The extension of a name (after its last dot, not a leading one), as written; undefined when it has none. */
export function nameExtension(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return undefined;
  const extension = name.slice(dot + 1);
  return /^[\p{L}\p{N}_+-]{1,16}$/u.test(extension) ? extension : undefined;
}

/** The type one of the named extensions stands for (only types outside the spec's list, which never preview). */
export function otherTypeForExtension(extension: string): string | undefined {
  const lower = extension.toLowerCase();
  return Object.keys(OTHER_TYPE_EXTENSIONS).find((type) => OTHER_TYPE_EXTENSIONS[type]!.includes(lower));
}

function isKnownExtension(lower: string): boolean {
  return (
    ALLOWED_MIME_TYPES.some((type) => knownExtensions(type)!.includes(lower)) ||
    otherTypeForExtension(lower) !== undefined
  );
}

/**
 * Whether a name's extension fits a file of this type: it is one of the type's extensions; for a type this app
 * does not name, the one its detector gave (`detected`) or, failing that, any extension that does not belong
 * to another type (a "photo.jpg" that is not a JPEG does not keep ".jpg").
 */
export function extensionFitsType(extension: string, mimetype: string, detected?: string): boolean {
  const lower = extension.toLowerCase();
  const known = knownExtensions(baseMimeType(mimetype));
  if (known) return known.includes(lower);
  if (detected) return lower === detected.toLowerCase();
  return !isKnownExtension(lower);
}

export const FILE_CATEGORIES = ['image', 'video', 'document', 'other'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];

/** Public-files category: image, video, document (PDF or text), other (every type the spec does not name). */
export function fileCategory(mimetype: string): FileCategory {
  const base = baseMimeType(mimetype);
  if (!isAllowedMimeType(base)) return 'other';
  if (base.startsWith('image/')) return 'image';
  if (base.startsWith('video/')) return 'video';
  return 'document';
}

/**
 * How the preview screen shows a file. Only the spec's types have a preview: an SVG is an image/* type but a
 * document that can run script, so it is a plain file like every other type.
 */
export type PreviewKind = 'image' | 'video' | 'pdf' | 'text' | 'none';
export function previewKind(mimetype: string): PreviewKind {
  const base = baseMimeType(mimetype);
  if (!isAllowedMimeType(base)) return 'none';
  if (base.startsWith('image/')) return 'image';
  if (base.startsWith('video/')) return 'video';
  if (base === 'application/pdf') return 'pdf';
  return 'text';
}
