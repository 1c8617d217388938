import { z } from 'zod';
import { pathIdSchema } from './path-ids';
import { folderHitSchema } from './folders';
import { itemPermissionsSchema } from './permissions';
import { fileSchema } from './schemas';

/**
 * Sharing inside the instance: a file or a folder given to a person or a group, as a viewer (lists, previews,
 * downloads, zips) or an editor (also uploads into, makes folders in, renames, moves within and deletes). A share
 * of a folder covers everything below it; the bytes stay the owner's and count against the owner's quota.
 */
export const SHARE_ROLES = ['viewer', 'editor'] as const;
export type ShareRole = (typeof SHARE_ROLES)[number];

/** What the viewer may do with an item: the owner's access, a share's role, or an administrator's view. */
export type ItemAccess = 'owner' | 'editor' | 'viewer' | 'admin';

export const GROUP_NAME_MAX_LENGTH = 100;

export const SHARE_MESSAGES = {
  created: 'Shared successfully',
  listed: 'Shares fetched successfully',
  updated: 'Share updated successfully',
  deleted: 'Share removed successfully',
  left: 'You left the share',
  notFound: 'Share not found',
  personNotFound: 'Person not found',
  groupNotFound: 'Group not found',
  notYours: 'Only the owner can share this item',
  selfShare: 'You already own this item',
  oneItem: 'Share exactly one file or folder',
  oneGrantee: 'Share with exactly one person or group',
  roleInvalid: "Role must be 'viewer' or 'editor'",
  peopleListed: 'People fetched successfully',
  peopleNeedsSession: 'Looking people up needs a signed-in session; access tokens cannot do this',
} as const;

export const GROUP_MESSAGES = {
  created: 'Group created successfully',
  listed: 'Groups fetched successfully',
  fetched: 'Group fetched successfully',
  updated: 'Group updated successfully',
  deleted: 'Group deleted successfully',
  membersUpdated: 'Members updated successfully',
  notFound: 'Group not found',
  nameRequired: 'Group name is required',
  nameTooLong: `Group name must be at most ${GROUP_NAME_MAX_LENGTH} characters`,
  nameTaken: 'A group with this name already exists',
  memberNotFound: 'Every member must be an account of this instance',
} as const;

const idRef = z.string().min(1).max(100);
const roleSchema = z.enum(SHARE_ROLES, { error: SHARE_MESSAGES.roleInvalid });

/** `{fileId | folderId, userId | email | groupId, role}`; `reshare` lets an editor share further. */
export const createShareBodySchema = z
  .object({
    fileId: idRef.optional(),
    folderId: idRef.optional(),
    userId: idRef.optional(),
    email: z.string().trim().min(1).max(320).optional(),
    groupId: idRef.optional(),
    role: roleSchema,
    reshare: z.boolean().optional(),
  })
  .refine((b) => (b.fileId === undefined) !== (b.folderId === undefined), SHARE_MESSAGES.oneItem)
  .refine(
    (b) => [b.userId, b.email, b.groupId].filter((v) => v !== undefined).length === 1,
    SHARE_MESSAGES.oneGrantee,
  );
export type CreateShareBody = z.input<typeof createShareBodySchema>;

export const updateShareBodySchema = z.object({
  role: roleSchema.optional(),
  reshare: z.boolean().optional(),
});
export type UpdateShareBody = z.input<typeof updateShareBodySchema>;

export const shareListQuerySchema = z
  .object({ fileId: idRef.optional(), folderId: idRef.optional() })
  .refine((q) => (q.fileId === undefined) !== (q.folderId === undefined), SHARE_MESSAGES.oneItem);

export const shareIdParamsSchema = z.object({ id: pathIdSchema(SHARE_MESSAGES.notFound) });

export const peopleQuerySchema = z.object({ q: z.string().trim().max(320).default('') });

export const sharePersonSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type SharePerson = z.infer<typeof sharePersonSchema>;

export const shareGranteeSchema = z.discriminatedUnion('kind', [
  sharePersonSchema.extend({ kind: z.literal('user') }),
  z.object({ kind: z.literal('group'), _id: z.string(), name: z.string(), memberCount: z.number() }),
]);

/** Who has access to an item, as its owner (or an editor allowed to reshare) sees it. */
export const shareSchema = z.object({
  _id: z.string(),
  itemKind: z.enum(['file', 'folder']),
  itemId: z.string(),
  grantee: shareGranteeSchema,
  role: z.enum(SHARE_ROLES),
  reshare: z.boolean(),
  createdAt: z.string(),
  /**
   * Whether the caller may change or remove this share: the owner and an administrator every share, someone
   * sharing further only the shares they made.
   */
  manageable: z.boolean(),
});
export type Share = z.infer<typeof shareSchema>;

/** An item shared with me, directly or through a group, once, with my best role. */
export const sharedWithMeItemSchema = z.object({
  /** The share to leave (a direct share); null when the access comes only through a group. */
  shareId: z.string().nullable(),
  kind: z.enum(['file', 'folder']),
  _id: z.string(),
  name: z.string(),
  /** Files only: what the file is, for its icon and preview. */
  mimetype: z.string().optional(),
  size: z.number().optional(),
  owner: z.object({ _id: z.string(), name: z.string() }),
  role: z.enum(SHARE_ROLES),
  reshare: z.boolean(),
  sharedAt: z.string(),
  /** What the caller may do with the item (the access policy's answer). */
  permissions: itemPermissionsSchema,
});
export type SharedWithMeItem = z.infer<typeof sharedWithMeItemSchema>;

/** How many folders, and how many files, one search of what is shared with the caller answers at most. */
export const SHARED_SEARCH_LIMIT = 50;

export const sharedSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(200) });

/**
 * GET /shares/with-me/search: folders and files anywhere in what is shared with the caller whose name contains
 * the text, by name. A path starts at the highest folder shared with the caller, never at the owner's folders
 * above it; an item shared on its own has none.
 */
export const sharedSearchSchema = z.object({
  folders: z.array(folderHitSchema),
  files: z.array(fileSchema),
});
export type SharedSearch = z.infer<typeof sharedSearchSchema>;

export const groupNameSchema = z
  .string({ error: GROUP_MESSAGES.nameRequired })
  .trim()
  .min(1, GROUP_MESSAGES.nameRequired)
  .max(GROUP_NAME_MAX_LENGTH, GROUP_MESSAGES.nameTooLong);

export const createGroupBodySchema = z.object({
  name: groupNameSchema,
  memberIds: z.array(idRef).max(10_000).optional(),
});
export type CreateGroupBody = z.input<typeof createGroupBodySchema>;

export const updateGroupBodySchema = z.object({
  name: groupNameSchema.optional(),
  /** The whole member list, replacing the old one. */
  memberIds: z.array(idRef).max(10_000).optional(),
});
export type UpdateGroupBody = z.input<typeof updateGroupBodySchema>;

export const groupIdParamsSchema = z.object({ id: pathIdSchema(GROUP_MESSAGES.notFound) });

export const groupSchema = z.object({
  _id: z.string(),
  name: z.string(),
  memberCount: z.number(),
  createdAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupWithMembersSchema = groupSchema.extend({ members: z.array(sharePersonSchema) });
export type GroupWithMembers = z.infer<typeof groupWithMembersSchema>;
