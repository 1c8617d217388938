/** Largest accepted upload, in bytes (5MB = 5*1024*1024). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * One batch upload (POST /files/upload-batch) reads at most this many files and this many bytes of them: small
 * files share a request so that a drop of thousands is not thousands of round trips. Each file is still held to
 * the one-file limit.
 */
export const BATCH_UPLOAD_MAX_FILES = 32;
export const BATCH_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; past this a password is refused rather than hashed (argon2 cost, DoS). */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const FILENAME_MAX_LENGTH = 255;

/** Page size of every list endpoint when the client does not ask for one, and its ceiling. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export const API_BASE = '/api/v1';
