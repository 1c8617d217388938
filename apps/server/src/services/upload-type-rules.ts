import {
  isAllowedMimeType,
  nameExtension,
  otherTypeForExtension,
  typeMismatchMessage,
  unsupportedTypeMessage,
  type UploadTypesMode,
  type UploadedType,
} from '@cloudstash/contract';
import { AppError } from '../errors';
import { declaredTypeConflict, detectFileType, type TextEvidence } from '../upload/detect-type';

/** Text kinds a browser would render or run, never shown inline: an extension naming one turns text into it. */
const MARKUP_OR_SCRIPT = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'application/xml',
  'text/x-script',
]);

/**
 * 415 unless the detected type is allowed and agrees with the declared one. A file whose bytes contradict what
 * it claims to be is refused: text a client called HTML or a script is believed and refused; a PDF named and
 * typed as a PNG is a mistake or a disguise.
 */
export function assertAcceptedType(detected: string, declaredType: string | undefined): void {
  if (!isAllowedMimeType(detected)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', unsupportedTypeMessage(detected));
  }
  const declared = declaredTypeConflict(declaredType, detected);
  if (declared) {
    const message = isAllowedMimeType(declared)
      ? typeMismatchMessage(declared, detected)
      : unsupportedTypeMessage(declared);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message);
  }
}

/**
 * The type an upload is stored as, or a 415. Under `media` only the spec's types pass, exactly as before.
 * Under `any` (a drive) every file passes, whatever it claims: the type comes from the bytes, then from the
 * name's extension, then is application/octet-stream; text whose extension names markup or a script becomes
 * that type. The type decides only preview, thumbnail and how the bytes are served: a `.mov` whose bytes are
 * no video is kept under its name as application/octet-stream and served as an attachment.
 */
export async function acceptedUploadType(
  mode: UploadTypesMode,
  bytes: { head: Buffer; text: TextEvidence; declaredType?: string; originalName?: string },
): Promise<UploadedType> {
  const detected = await detectFileType(bytes.head, bytes.text);
  if (mode === 'media') {
    assertAcceptedType(detected.mimetype, bytes.declaredType);
    return detected;
  }
  const extension = nameExtension(bytes.originalName ?? '');
  const named = extension === undefined ? undefined : otherTypeForExtension(extension);
  let type = detected;
  if (detected.detectedExtension === undefined && named !== undefined) {
    const isText = detected.mimetype.startsWith('text/') || MARKUP_OR_SCRIPT.has(detected.mimetype);
    if (detected.mimetype === 'application/octet-stream' || (isText && MARKUP_OR_SCRIPT.has(named))) {
      type = { mimetype: named };
    }
  }
  return type;
}
