import { ALLOWED_MIME_TYPES } from './media';
import { formatSize, formatSizeAbove, shownSizeBytes } from './format';
import { BATCH_UPLOAD_MAX_BYTES, BATCH_UPLOAD_MAX_FILES, MAX_UPLOAD_BYTES } from './limits';

/**
 * Every fixed text the user sees, in one place, so the server's answers and the screens say the same words.
 * Server-only wording lives here too so tests can assert it without repeating it.
 */
export const MESSAGES = {
  // Validation hints
  nameRequired: 'Name is required',
  emailInvalid: 'Enter valid email address',
  passwordRequired: 'Password is required',
  passwordRule:
    'Must be at least 8 characters, including At least one number, At least one lowercase letter, At least one uppercase letter',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordTooCommon: 'This password is too common. Please choose a less predictable one.',
  uploadFilenameRequired: 'Filename is required',
  editFilenameRequired: 'File name is required',
  filenameTooLong: 'File name must be at most 255 characters',
  selectFile: 'Please select a file to upload',

  // Toasts
  loginSuccess: 'Login successful!',
  loginFailed: 'Login failed. Please try again.',
  registerSuccess: 'Registration successful!',
  registerFailed: 'Registration failed. Please try again.',
  logoutSuccess: 'Logged out successfully',
  uploadSuccess: 'File uploaded successfully',
  uploadFailed: 'Failed to upload file',
  updateSuccess: 'File updated successfully',
  updateFailed: 'Failed to update file',
  deleteSuccess: 'File deleted successfully',
  deleteFailed: 'Failed to delete file',
  fileLoadFailed: 'Failed to load file',

  // Screen texts
  userLoadFailed: 'Failed to load user information',
  publicFilesLoadFailed: 'Failed to load public files',
  fileNotFound: 'File not found',
  thumbnailNotFound: 'No thumbnail for this file yet',
  filesLoadFailed: 'Failed to load files',
  statsLoadFailed: 'Failed to load storage statistics',
  userNotFound: 'User not found',
  noFilesUploaded: 'No files uploaded yet',
  noPublicFiles: 'No public files found',
  noFiles: 'No files found',
  noUsers: 'No users found',

  // Server answers
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  notSignedIn: 'Please sign in to continue',
  adminOnly: 'Administrator access required',
  notYourFile: 'Only the owner of this file can change it',
  emptyFile: 'The selected file is empty',
  oneFileOnly: 'Upload one file at a time',
  batchTooLarge: `A batch holds at most ${BATCH_UPLOAD_MAX_FILES} files and ${BATCH_UPLOAD_MAX_BYTES / (1024 * 1024)} MB: the rest were not read`,
  malformedUpload: 'The upload could not be read. Please try again.',
  crossSite: 'Cross-site request refused',
  unknownHost: 'Unknown host',
  tooManyRequests: 'Too many requests. Please try again later.',
  accountLocked: 'Too many failed sign-in attempts. Please try again later.',
  invalidInput: 'Invalid input',
  rangeNotSatisfiable: 'Requested range not satisfiable',
  downloadLinkInvalid: 'This download link is invalid or has expired',
  internalError: 'Something went wrong. Please try again.',
  unavailable: 'Service unavailable',
  userFetched: 'User fetched successfully',
  filesFetched: 'Files fetched successfully',
  fileFetched: 'File fetched successfully',
  statsFetched: 'Statistics fetched successfully',
  usersFetched: 'Users fetched successfully',
  downloadReady: 'Download link created',
  configFetched: 'Configuration fetched successfully',
  quotaExceeded: 'Storage quota exceeded',
  downloadFailed: 'Download failed. Please try again.',
  quotaUpdateFailed: 'Failed to update quota',
  uploadNotFound: 'Upload not found',
  /** A name kept exactly as a client gave it (WebDAV, sync) that breaks the one name rule. */
  nameNotStorable:
    'This name cannot be used: it has a slash, a backslash, a control character or an invisible mark',
  uploadOffsetMismatch: 'Upload-Offset does not match the offset of the upload',
  uploadBusy: 'The upload is receiving bytes from another request',
  uploadLengthRequired: 'Upload-Length must be a whole number of bytes',
  uploadOverrun: 'The request carries more bytes than the upload declared',
  uploadContentType: 'Content-Type must be application/offset+octet-stream',
  uploadsInFlightTooMany: 'Too many uploads in progress. Finish or cancel one before starting another.',
  uploadsInFlightTooLarge: 'Uploads in progress are too large together. Finish or cancel one first.',
  tusVersionUnsupported: 'Tus-Resumable 1.0.0 is required',
} as const;

/** 415 text naming the type that was refused. */
export function unsupportedTypeMessage(
  type: string,
  allowedTypes: readonly string[] = ALLOWED_MIME_TYPES,
): string {
  return `File type "${type}" is not supported. Allowed types: ${allowedTypes.join(', ')}`;
}

/** 415 text when the bytes are an allowed type, but not the one the file claims to be. */
export function typeMismatchMessage(declared: string, detected: string): string {
  return `File content does not match its type "${declared}": the file is ${detected}`;
}

/**
 * An upload limit as the refusal words it: whole gigabytes as "10GB", whole megabytes as "5MB", anything else
 * as formatSize does.
 */
export function formatLimit(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 1024 && Number.isInteger(megabytes / 1024)) return `${megabytes / 1024}GB`;
  return Number.isInteger(megabytes) ? `${megabytes}MB` : formatSize(bytes);
}

/** The bytes formatLimit's words read as: exact for whole megabytes, else what formatSize's figure means. */
function limitShownBytes(bytes: number): number {
  return Number.isInteger(bytes / (1024 * 1024)) ? bytes : shownSizeBytes(bytes);
}

/**
 * 413 text. The file's own size is named only when it is known: a refusal that stopped reading before the
 * file ended (or never knew where the file ends) leaves the figure out rather than guessing one. A size just
 * over the limit gets the decimals, or the exact bytes, that show it is over (never "5 MB" against "5MB").
 */
/** A batch upload's answer: how many of the files it read were stored (each file has its own answer too). */
export function batchUploadMessage(stored: number, read: number): string {
  return `${stored} of ${read} ${read === 1 ? 'file' : 'files'} uploaded`;
}

export function fileTooLargeMessage(sizeInBytes?: number, limitBytes: number = MAX_UPLOAD_BYTES): string {
  const rule = `File size must be less than ${formatLimit(limitBytes)}.`;
  if (sizeInBytes === undefined) return rule;
  return `${rule} Current file size: ${formatSizeAbove(sizeInBytes, limitShownBytes(limitBytes))}`;
}
