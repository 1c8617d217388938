import type { Generated } from 'kysely';

/**
 * The metadata tables. Types are portable between SQLite and PostgreSQL: ids are UUID text, instants are
 * ISO-8601 UTC text (they sort as they compare), booleans are 0/1 integers.
 */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  role: 'user' | 'admin';
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** Stored bytes, keyed by their SHA-256; ref_count = number of files rows pointing here. */
export interface BlobsTable {
  hash: string;
  size: number;
  ref_count: number;
  created_at: string;
}

export interface FilesTable {
  id: string;
  owner_id: string;
  blob_hash: string;
  filename: string;
  mimetype: string;
  /** image | video | document | other, kept so the public list filters on an index. */
  category: string;
  size: number;
  is_public: number;
  download_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Failed sign-ins per account, so a lockout holds across every server process. */
export interface LoginFailuresTable {
  email: string;
  window_start: string;
  failures: number;
}

/** Who may run background reclamation right now (one process at a time). */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

/** Maintained per-uploader totals (db/totals.ts); kept exact by triggers. */
export interface OwnerFileTotalsTable {
  owner_id: string;
  files: number;
  size: number;
  public_files: number;
  downloads: number;
}

/** Maintained instance totals, spread over a few slot rows that readers add up (db/totals.ts). */
export interface FileTotalsTable {
  slot: number;
  files: number;
  size: number;
  downloads: number;
  images: number;
  videos: number;
  documents: number;
  others: number;
  public_files: number;
  public_size: number;
  public_downloads: number;
  public_images: number;
  public_videos: number;
  public_documents: number;
  public_others: number;
  active_owners: number;
  contributors: number;
  unique_blobs: number;
  physical_size: number;
}

/** Background work, one row per (kind, key); claimed by one process at a time through its lease. */
export interface JobsTable {
  id: string;
  kind: string;
  key: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  /** A queued job is not claimed before this instant (retry back-off). */
  run_after: string;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** A thumbnail stored for a blob's content, at one size (the long side in pixels). */
export interface ThumbnailsTable {
  blob_hash: string;
  size: number;
  bytes: number;
  width: number;
  height: number;
  /** A video's length in milliseconds; null for images and documents. */
  duration_ms: number | null;
  created_at: string;
}

/** The thumbnails' count and bytes, kept by triggers (db/thumbnail-totals.ts) like file_totals. */
export interface ThumbnailTotalsTable {
  slot: number;
  thumbnails: number;
  bytes: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  blobs: BlobsTable;
  files: FilesTable;
  login_failures: LoginFailuresTable;
  leases: LeasesTable;
  owner_file_totals: OwnerFileTotalsTable;
  file_totals: FileTotalsTable;
  jobs: JobsTable;
  thumbnails: ThumbnailsTable;
  thumbnail_totals: ThumbnailTotalsTable;
}
