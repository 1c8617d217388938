import type { FileListQuery, TrashListQuery, UserListQuery } from '@cloudstash/contract';

/**
 * Every query key in one place. File data lives under 'files' and admin data under 'admin', so an upload,
 * edit or delete refreshes every list and tile that could show the change with two invalidations.
 */
export const queryKeys = {
  me: ['me'] as const,
  /** What the profile shows about the signed-in account besides the user: sessions, two-factor, tokens. */
  account: ['account'] as const,
  sessions: ['account', 'sessions'] as const,
  totp: ['account', 'totp'] as const,
  tokens: ['account', 'tokens'] as const,
  registration: ['registration'] as const,
  authProviders: ['auth-providers'] as const,
  uploadConfig: ['config'] as const,
  files: ['files'] as const,
  myFiles: (query: FileListQuery) => ['files', 'mine', query] as const,
  myStats: ['files', 'stats'] as const,
  /** Folders live under 'files' too: an upload, move or delete anywhere refreshes them with the files. */
  folder: (id: string) => ['files', 'folder', id] as const,
  childFolders: (parentId: string | null) => ['files', 'folders', parentId ?? 'root'] as const,
  folderSearch: (text: string) => ['files', 'folders', 'search', text] as const,
  publicFiles: (query: FileListQuery) => ['files', 'public', query] as const,
  publicSummary: ['files', 'public-summary'] as const,
  file: (id: string) => ['files', 'detail', id] as const,
  /** Under 'files', so replacing a file's bytes (or any change to files) refreshes its versions too. */
  fileVersions: (id: string) => ['files', 'versions', id] as const,
  /** Under 'files': a delete anywhere fills it, and a restore or purge refreshes every list with the files. */
  trash: (query: TrashListQuery) => ['files', 'trash', query] as const,
  admin: ['admin'] as const,
  adminUsers: (query: UserListQuery) => ['admin', 'users', query] as const,
  adminUsersSummary: ['admin', 'users-summary'] as const,
  adminUserStats: (userId: string) => ['admin', 'user-stats', userId] as const,
  adminUserFiles: (userId: string, query: FileListQuery) => ['admin', 'user-files', userId, query] as const,
  adminFiles: (query: FileListQuery) => ['admin', 'files', query] as const,
  adminFilesSummary: ['admin', 'files-summary'] as const,
  storageStats: ['admin', 'storage-stats'] as const,
  adminSettings: ['admin', 'settings'] as const,
  versionSettings: ['admin', 'settings', 'versions'] as const,
  trashSettings: ['admin', 'settings', 'trash'] as const,
  /** Groups are the administrator's; a change to one also changes what the share lists say about it. */
  adminGroups: ['admin', 'groups'] as const,
  adminGroup: (id: string) => ['admin', 'groups', id] as const,
  /** The groups the signed-in account belongs to (the profile's Groups section). */
  myGroups: ['account', 'groups'] as const,
  /**
   * Sharing inside the instance lives under 'shares': a share made, changed or left refreshes who has access to
   * an item and what is shared with me with one invalidation.
   */
  shares: ['shares'] as const,
  itemShares: (kind: 'file' | 'folder', id: string) => ['shares', 'item', kind, id] as const,
  sharedWithMe: ['shares', 'with-me'] as const,
  sharePeople: (q: string) => ['shares', 'people', q] as const,
  shareGroups: (q: string) => ['shares', 'groups', q] as const,
};
