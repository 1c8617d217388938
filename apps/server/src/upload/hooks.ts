/**
 * Optional observers of an upload's progress, called synchronously at each step. Production passes none;
 * they exist so a caller (a test harness, say) can act at an exact moment of the upload without the upload
 * code knowing why.
 */
export interface UploadHooks {
  /** The bytes are in the temporary file, not yet fsynced. */
  afterTempWrite?(): void;
  /** The temporary file is fsynced. */
  afterFsync?(): void;
  /** The file row and its blob reference are committed. */
  afterCommit?(): void;
}
