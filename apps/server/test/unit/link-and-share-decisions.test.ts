import { describe, expect, it } from 'vitest';
import {
  decide,
  decideForLink,
  decideLockUse,
  decideShare,
  type Action,
  type Grant,
  type LinkHolder,
  type LinkedItem,
} from '../../src/services/access-policy';

const owner = { id: 'owner', role: 'user' } as const;
const other = { id: 'other', role: 'user' } as const;
const admin = { id: 'admin', role: 'admin' } as const;
const resharer: Grant = { role: 'editor', reshare: true, onItem: false };
const editor: Grant = { role: 'editor', reshare: false, onItem: false };

const holder = (kind: 'file' | 'folder' | 'request'): LinkHolder => ({
  kind: 'link',
  link: {
    kind,
    owner_id: 'owner',
    file_id: kind === 'file' ? 'f1' : null,
    folder_id: kind === 'file' ? null : 'top',
  },
});
/** An item of `ownerId` whose folder chain is `chain` (its own folder, or itself, upward). */
const item = (kind: 'file' | 'folder', id: string, chain: string[], ownerId = 'owner'): LinkedItem => ({
  kind,
  id,
  owner_id: ownerId,
  liesIn: (folderId) => chain.includes(folderId),
});

describe('decideForLink: what a link holder reaches', () => {
  it.each<[string, LinkHolder, LinkedItem, Action, string]>([
    ['a share link views its file', holder('file'), item('file', 'f1', ['top']), 'view', 'allow'],
    ['a share link views another file', holder('file'), item('file', 'f2', ['top']), 'view', 'not-found'],
    ['a share link writes its file', holder('file'), item('file', 'f1', []), 'write', 'not-found'],
    ['a folder link views below', holder('folder'), item('file', 'f9', ['sub', 'top']), 'view', 'allow'],
    ['a folder link views above', holder('folder'), item('folder', 'up', ['up']), 'view', 'not-found'],
    ['a folder link deletes below', holder('folder'), item('file', 'f9', ['top']), 'delete', 'not-found'],
    [
      'a folder link in another tree',
      holder('folder'),
      item('file', 'f9', ['top'], 'x'),
      'view',
      'not-found',
    ],
    [
      'an upload link writes into its folder',
      holder('request'),
      item('folder', 'top', ['top']),
      'write',
      'allow',
    ],
    [
      'an upload link views its folder',
      holder('request'),
      item('folder', 'top', ['top']),
      'view',
      'not-found',
    ],
    [
      'an upload link writes below',
      holder('request'),
      item('folder', 'sub', ['sub', 'top']),
      'write',
      'not-found',
    ],
  ])('%s', (_, subject, target, action, expected) => {
    expect(decideForLink(subject, target, action)).toBe(expected);
  });
});

describe('manageLinks and manage-share: one rule for files and folders', () => {
  it.each(['file', 'folder'] as const)('links of a %s: owner, resharer and admin; not an editor', (kind) => {
    const target = { kind, owner_id: 'owner' };
    expect(decide(owner, target, [], 'manageLinks')).toBe('allow');
    expect(decide(other, target, [resharer], 'manageLinks')).toBe('allow');
    expect(decide(admin, target, [], 'manageLinks')).toBe('allow');
    expect(decide(other, target, [editor], 'manageLinks')).toBe('forbidden');
  });

  it('a resharer manages only the shares they made; the owner and an admin all', () => {
    const target = { kind: 'folder' as const, owner_id: 'owner' };
    expect(decideShare(other, target, [resharer], { created_by: 'other' })).toBe('allow');
    expect(decideShare(other, target, [resharer], { created_by: 'owner' })).toBe('not-found');
    expect(decideShare(other, target, [editor], { created_by: 'other' })).toBe('not-found');
    expect(decideShare(owner, target, [], { created_by: 'other' })).toBe('allow');
    expect(decideShare(admin, target, [], { created_by: 'owner' })).toBe('allow');
  });
});

describe('decideLockUse: a WebDAV lock is its taker’s', () => {
  it('lets only the account that took a lock use or end it, the item’s owner included', () => {
    expect(decideLockUse({ id: 'editor' }, { owner_id: 'editor' })).toBe('allow');
    expect(decideLockUse(owner, { owner_id: 'editor' })).toBe('forbidden');
    expect(decideLockUse({ id: 'admin' }, { owner_id: 'editor' })).toBe('forbidden');
  });
});
