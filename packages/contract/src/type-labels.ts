import { baseMimeType, isAllowedMimeType, nameExtension, TEXT_FORMAT_TYPES } from './media';

/**
 * The word a person reads for a file's type. The spec's four (Image, Video, PDF, Text) and File stay as the
 * spec has them; an instance that takes any type also names the kinds a team's drive is mostly made of.
 */
export type FileTypeLabel =
  | 'Image'
  | 'Video'
  | 'PDF'
  | 'Text'
  | 'Document'
  | 'Spreadsheet'
  | 'Presentation'
  | 'Archive'
  | 'Design file'
  | 'File';

type NamedKind = Exclude<FileTypeLabel, 'Image' | 'Video' | 'PDF' | 'Text' | 'File'>;

const EXTENSIONS: Record<NamedKind, readonly string[]> = {
  Document: ['doc', 'docx', 'docm', 'dot', 'dotx', 'odt', 'ott', 'rtf', 'pages', 'wpd'],
  Spreadsheet: ['xls', 'xlsx', 'xlsm', 'xlsb', 'ods', 'ots', 'numbers'],
  Presentation: ['ppt', 'pptx', 'pptm', 'pps', 'ppsx', 'odp', 'otp', 'key'],
  Archive: ['zip', '7z', 'rar', 'tar', 'gz', 'tgz', 'bz2', 'xz', 'zst'],
  'Design file': ['psd', 'psb', 'ai', 'eps', 'sketch', 'fig', 'xd', 'indd', 'afdesign', 'afphoto', 'xcf'],
};

const TYPES: Record<NamedKind, readonly string[]> = {
  Document: [
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.oasis.opendocument.text',
    'application/rtf',
    'text/rtf',
  ],
  Spreadsheet: [
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.oasis.opendocument.spreadsheet',
  ],
  Presentation: [
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.presentation',
  ],
  Archive: [
    'application/zip',
    'application/x-7z-compressed',
    'application/x-rar-compressed',
    'application/vnd.rar',
    'application/x-tar',
    'application/gzip',
    'application/x-bzip2',
    'application/x-xz',
    'application/zstd',
  ],
  'Design file': ['image/vnd.adobe.photoshop', 'application/postscript', 'application/illustrator'],
};

const KINDS = Object.keys(EXTENSIONS) as NamedKind[];

/**
 * A file's type label. The name's extension speaks first for the named kinds, because the bytes often say
 * something else: a Keynote deck is a zip inside and an Illustrator file a PDF, and the person who made it
 * calls it a presentation or a design file. Otherwise the stored type decides: the spec's own types, then the
 * office, archive and design types by their registered names, else File.
 */
export function fileTypeLabel(mimetype: string, name?: string): FileTypeLabel {
  const extension = name === undefined ? undefined : nameExtension(name)?.toLowerCase();
  const byName = extension && KINDS.find((kind) => EXTENSIONS[kind].includes(extension));
  if (byName) return byName;
  const base = baseMimeType(mimetype);
  if (isAllowedMimeType(base)) {
    if (base.startsWith('image/')) return 'Image';
    if (base.startsWith('video/')) return 'Video';
    if (base === 'application/pdf') return 'PDF';
    return 'Text';
  }
  return KINDS.find((kind) => TYPES[kind].includes(base)) ?? 'File';
}

/**
 * The label of a file a person has just chosen, by the type their browser reports: a text format (text/csv) is
 * Text, as the server will store it; otherwise as fileTypeLabel.
 */
export function chosenFileTypeLabel(browserType: string, name?: string): FileTypeLabel {
  return TEXT_FORMAT_TYPES.includes(baseMimeType(browserType)) ? 'Text' : fileTypeLabel(browserType, name);
}
