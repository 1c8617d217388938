import type { ColumnType, Generated } from 'kysely';

/**
 * The metadata tables. Types are portable between SQLite and PostgreSQL: ids are UUID text, instants are
 * ISO-8601 UTC text (they sort as they compare), booleans are 0/1 integers.
 */
export interface UsersTable {
  id: string;
  name: string;
  /** nameSortKey(name) (contract): what lists sorted by uploader compare, bytewise on both dialects. */
  name_key: string;
  email: string;
  password_hash: string;
  role: 'user' | 'admin';
  /** 1 = cannot sign in; its sessions and access tokens are refused on every request. */
  disabled: Generated<number>;
  /** 1 when an administrator set this account's quota (quota_bytes, null = none); 0 follows the default. */
  quota_custom: Generated<number>;
  quota_bytes: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  token_hash: string;
  /** Public id for listing and ending one session; the token hash is never shown. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
  /** Truncated when stored: an IPv4 /24 or an IPv6 /48. */
  address: string | null;
}

/** Stored bytes, keyed by their SHA-256; ref_count = number of files and file_versions rows pointing here. */
export interface BlobsTable {
  hash: string;
  size: number;
  ref_count: number;
  created_at: string;
  /** CRC32C of the bytes as a signed 32-bit integer; null until computed (migration 014). */
  crc32c: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the scrub last re-hashed the bytes; '' for never. */
  scrubbed_at: Generated<string>;
}

export interface FilesTable {
  id: string;
  owner_id: string;
  blob_hash: string;
  filename: string;
  /** nameSortKey(filename) (contract): what lists sorted by name compare, bytewise on both dialects. */
  filename_key: string;
  mimetype: string;
  /** image | video | document | other, kept so the public list filters on an index. */
  category: string;
  size: number;
  is_public: number;
  download_count: Generated<number>;
  created_at: string;
  updated_at: string;
  /** The folder holding the file; null at the top (migration 021). */
  folder_id: string | null;
  /** The modification time a WebDAV client gave the bytes (ISO); null: the upload's own time. */
  client_mtime: Generated<string | null>;
  /** 1 when `filename` is the whole name a WebDAV client wrote, extension included; 0 for web uploads. */
  exact_name: Generated<number>;
  /** The upload link it came through, if any (migration 025). */
  request_id: Generated<string | null>;
  /** 'Uploaded by {name} through {label}' for a file that came through an upload link. */
  upload_note: Generated<string | null>;
  /** The account that uploaded it (migration 029); null for an upload link's visitor. */
  uploader_id: Generated<string | null>;
  /** The name an upload link's visitor gave. */
  uploader_name: Generated<string | null>;
  /** The access token's name it came through (a sync client, a WebDAV mount); null for the web app. */
  upload_client: Generated<string | null>;
}

/** A folder of one account's tree; its parent is null at the top. */
export interface FoldersTable {
  id: string;
  owner_id: string;
  parent_id: string | null;
  name: string;
  /** nameSortKey(name): what the folder lists order by, bytewise on both dialects. */
  name_key: string;
  /** The case-folded name, unique among one parent's folders (caseFold in the contract). */
  name_fold: string;
  created_at: string;
  updated_at: string;
}

/** The files and folders a signed zip link packs, until the link expires (migration 021). */
export interface ZipSelectionsTable {
  id: string;
  user_id: string;
  /** JSON arrays of ids. */
  file_ids: string;
  folder_ids: string;
  created_at: string;
  expires_at: string;
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
  /** Kept earlier versions of the owner's files and their bytes (migration 022). */
  versions: number;
  version_size: number;
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
  /** Kept earlier versions of files and their logical bytes (migration 022). */
  versions: number;
  version_size: number;
}

/** An earlier version of a file: bytes it had before they were replaced (migration 022). */
export interface FileVersionsTable {
  id: string;
  file_id: string;
  owner_id: string;
  blob_hash: string;
  size: number;
  mimetype: string;
  category: string;
  /** Who replaced these bytes; null once that account is gone. */
  replaced_by: string | null;
  created_at: string;
}

/** A share link; the token itself is stored only hashed and sealed (services/share-link-tokens.ts). */
export interface LinksTable {
  id: string;
  token_hash: string;
  token_sealed: string;
  /**
   * What the link shares: a file (`file_id`), a folder and everything below it (`folder_id`), or a folder anyone
   * with the link may upload into (`request`).
   */
  kind: 'file' | 'folder' | 'request';
  file_id: string | null;
  folder_id: string | null;
  owner_id: string;
  label: string | null;
  /** Upload links: what the visitor is told, and how many files and bytes the link still takes. */
  message: Generated<string | null>;
  max_files: Generated<number | null>;
  max_bytes: Generated<number | null>;
  files_received: Generated<number>;
  bytes_received: Generated<number>;
  password_hash: string | null;
  expires_at: string | null;
  max_downloads: number | null;
  downloads: Generated<number>;
  last_download_at: string | null;
  created_at: string;
  revoked_at: string | null;
}

/** Append-only download history: one row per download, or one per day and link once rolled up. */
export interface DownloadsTable {
  id: string;
  at: string;
  file_id: string;
  link_id: string | null;
  count: number;
}

/** Two-factor sign-in: a confirmed secret, or one pending confirmation, and the replay guard. */
export interface TotpTable {
  user_id: string;
  secret: string | null;
  pending_secret: string | null;
  enabled_at: string | null;
  last_step: number | null;
}

export interface RecoveryCodesTable {
  user_id: string;
  /** SHA-256 of the normalised code; the code itself is shown once and never stored. */
  code_hash: string;
  used_at: string | null;
}

export interface AccessTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  name: string;
  scope: 'read' | 'read-write';
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface InvitesTable {
  token_hash: string;
  /** What administrators list and revoke it by (migration 025; older invites carry their hash). */
  id: string;
  /** Only this address may register with it; null for anyone holding the link. */
  email: string | null;
  created_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by: string | null;
  revoked_at: string | null;
}

/** Instance settings changed by administrators; a value here wins over the environment. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

/** Attempts per throttle policy and subject in the current window (services/throttle.ts). */
export interface ThrottleCountersTable {
  key: string;
  /** Epoch milliseconds at which the window began, and at which it ends. */
  window_start: number;
  count: number;
  expires_at: number;
}

/** When a user's download of a file was last counted, so one person re-fetching counts once a minute. */
export interface DownloadMarksTable {
  user_id: string;
  file_id: string;
  counted_at: string;
}

/** Background work, one row per (kind, key); claimed by one process at a time through its lease. */
/** One mail to send (migration 026): written with what causes it, sent by a `mail` job. */
export interface MailOutboxTable {
  id: string;
  /** What the mail is; it decides how the mail is written, at sending time, from `payload`. */
  kind: string;
  recipient: string;
  /** JSON, kind-specific. */
  payload: string;
  state: 'pending' | 'sent' | 'failed' | 'dropped';
  attempts: Generated<number>;
  /** The SMTP server's answer (or why it could not be reached) to the latest attempt that failed. */
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

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
  /**
   * The account the job works for (a file's owner), so the claim can share the workers fairly between
   * accounts; null for work of the instance's own (a backfill), which counts as one more account.
   */
  owner_id: string | null;
}

/**
 * Content whose thumbnails could not be made, and how long finding that out took: a new file with the same
 * bytes waits that long and fails the same way, without rendering them again.
 */
export interface ThumbnailFailuresTable {
  blob_hash: string;
  error: string;
  elapsed_ms: number;
  created_at: string;
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

/** The thumbnails' count and bytes, kept by triggers (db/migrations/010-jobs-and-thumbnails.ts) like file_totals. */
export interface ThumbnailTotalsTable {
  slot: number;
  thumbnails: number;
  bytes: number;
}

/** An identity at a single sign-on provider (issuer and subject, as the ID token names them) and its account. */
export interface OidcIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  created_at: string;
  last_used_at: string;
}

/**
 * A resumable upload in flight. On the file system store its bytes so far are a file named by its id in the
 * uploads folder; on S3 they are the parts of a multipart upload plus a small tail object (upload/s3-pieces.ts).
 */
export interface ResumableUploadsTable {
  id: string;
  owner_id: string;
  length: number;
  offset: number;
  filename: string | null;
  /** The chosen file's own name (tus metadata `originalName`), whose extension the file keeps when it fits. */
  original_name: string | null;
  declared_type: string | null;
  is_public: number;
  /** 1 once the first bytes were seen to be an allowed type. */
  type_checked: Generated<number>;
  created_at: string;
  /** Without new bytes by then, gc removes it. */
  expires_at: string;
  /** S3 only: the multipart upload holding its parts. */
  s3_upload_id: string | null;
  /** S3 only: the parts uploaded so far, JSON `[{ number, etag, size }]`. */
  s3_parts: Generated<string>;
  /** S3 only: bytes past the last part, kept in a small object until they fill one. */
  tail_bytes: Generated<number>;
  /** S3 only: the first bytes (up to SNIFF_BYTES), base64, for the type check any process may make. */
  head_bytes: string | null;
  /** The folder the file will land in; null for the top (migration 021). */
  folder_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Through an upload link: the link, and what the file will say of its sender (migration 025). */
  request_id: ColumnType<string | null, string | null | undefined, string | null>;
  upload_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** The name the visitor gave, for an upload through a link (migration 029). */
  uploader_name: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A WebDAV write lock on an item of someone's tree (db/migrations/023-webdav.ts, 028). */
export interface DavLocksTable {
  token: string;
  /** The account that holds the lock: only it may submit the token. */
  owner_id: string;
  /** The locked item: `file:{id}`, `folder:{id}`, or `root:{owner}` for the top of an account's tree. */
  item_key: string;
  /** Whose tree the item is in. */
  tree_owner_id: string;
  depth: '0' | 'infinity';
  scope: 'exclusive' | 'shared';
  owner_xml: string;
  timeout_seconds: number;
  expires_at: string;
  created_at: string;
}

/** A dead property a WebDAV client stored on a file or folder (`file:{id}` / `folder:{id}`). */
export interface DavPropertiesTable {
  resource: string;
  namespace: string;
  name: string;
  value_xml: string;
  /** Whose item it is on; null only for a row restored from a trash entry made before migration 027. */
  owner_id: Generated<string | null>;
  /** Bytes of namespace, name and value together: what the caps count. */
  size: Generated<number>;
}

/** A deleted file or folder with every row it took away, until restored or purged (migration 024). */
export interface TrashEntriesTable {
  id: string;
  owner_id: string;
  kind: 'file' | 'folder';
  name: string;
  folder_id: string | null;
  /** JSON array of the names from the top to the folder it was in. */
  folder_names: string;
  /** JSON array of those folders' ids, in the same order (migration 030); null for entries made before. */
  folder_ids: string | null;
  mimetype: string | null;
  size: number;
  files: number;
  /** JSON of the rows to put back (services/trash.ts, TrashedRows). */
  rows: string;
  deleted_at: string;
  purge_at: string;
}

/** A blob reference a trash entry holds (migration 024). */
export interface TrashBlobsTable {
  entry_id: string;
  blob_hash: string;
  /** How many references to the blob the entry holds. */
  refs: number;
}

/** A named set of accounts, kept by administrators (migration 025). */
export interface GroupsTable {
  id: string;
  name: string;
  /** The case-folded name, unique. */
  name_fold: string;
  created_at: string;
  updated_at: string;
}

export interface GroupMembersTable {
  group_id: string;
  user_id: string;
  created_at: string;
}

/** A file or folder given to an account or a group, as a viewer or an editor (migration 025). */
export interface SharesTable {
  id: string;
  owner_id: string;
  item_kind: 'file' | 'folder';
  item_id: string;
  grantee_kind: 'user' | 'group';
  grantee_id: string;
  role: 'viewer' | 'editor';
  /** 1: the grantee may share further and make links. */
  reshare: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  resumable_uploads: ResumableUploadsTable;
  sessions: SessionsTable;
  blobs: BlobsTable;
  files: FilesTable;
  folders: FoldersTable;
  zip_selections: ZipSelectionsTable;
  file_versions: FileVersionsTable;
  leases: LeasesTable;
  owner_file_totals: OwnerFileTotalsTable;
  file_totals: FileTotalsTable;
  links: LinksTable;
  downloads: DownloadsTable;
  totp: TotpTable;
  recovery_codes: RecoveryCodesTable;
  access_tokens: AccessTokensTable;
  password_resets: PasswordResetsTable;
  invites: InvitesTable;
  settings: SettingsTable;
  throttle_counters: ThrottleCountersTable;
  download_marks: DownloadMarksTable;
  jobs: JobsTable;
  thumbnails: ThumbnailsTable;
  thumbnail_failures: ThumbnailFailuresTable;
  thumbnail_totals: ThumbnailTotalsTable;
  oidc_identities: OidcIdentitiesTable;
  dav_locks: DavLocksTable;
  dav_properties: DavPropertiesTable;
  trash_entries: TrashEntriesTable;
  trash_blobs: TrashBlobsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  shares: SharesTable;
  mail_outbox: MailOutboxTable;
}
