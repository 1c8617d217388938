import { SHARE_ROLES, type ShareRole } from '@cloudstash/contract';

/** How a role reads on screen. */
export const ROLE_LABELS: Record<ShareRole, string> = { viewer: 'Viewer', editor: 'Editor' };

/** What each role may do, for the role pickers' hints. */
export const ROLE_HINTS: Record<ShareRole, string> = {
  viewer: 'Viewers can open, preview and download.',
  editor: 'Editors can also upload, make folders, rename, move and delete inside.',
};

export const ROLE_OPTIONS = SHARE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export const memberCountText = (count: number) => (count === 1 ? '1 member' : `${count} members`);
