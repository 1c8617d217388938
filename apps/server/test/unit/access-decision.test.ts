import { describe, expect, it } from 'vitest';
import { decide, type Action, type Grant, type Item } from '../../src/services/access-policy';

const owner = { id: 'owner', role: 'user' } as const;
const other = { id: 'other', role: 'user' } as const;
const admin = { id: 'admin', role: 'admin' } as const;
const file = (isPublic = false): Item => ({ kind: 'file', owner_id: 'owner', is_public: isPublic ? 1 : 0 });
const folder: Item = { kind: 'folder', owner_id: 'owner' };
const viewerAbove: Grant = { role: 'viewer', reshare: false, onItem: false };
const editorAbove: Grant = { role: 'editor', reshare: false, onItem: false };
const editorOnItem: Grant = { role: 'editor', reshare: false, onItem: true };
const reshareEditor: Grant = { role: 'editor', reshare: true, onItem: false };

describe('decide: the access policy alone', () => {
  it.each<[string, typeof owner | typeof other | typeof admin, Item, Grant[], Action, string]>([
    ['the owner does anything, even what only owners may know of', owner, file(), [], 'own', 'allow'],
    ['the owner deletes a private file', owner, file(), [], 'delete', 'allow'],
    ['a stranger views a public file', other, file(true), [], 'view', 'allow'],
    ['a stranger renames a public file', other, file(true), [], 'write', 'forbidden'],
    ['a stranger views a private file (it does not exist for them)', other, file(), [], 'view', 'not-found'],
    ['a stranger deletes a private file', other, file(), [], 'delete', 'not-found'],
    ['an admin views a private file', admin, file(), [], 'view', 'allow'],
    ['an admin deletes a private file (moderation)', admin, file(), [], 'delete', 'allow'],
    ['an admin publishes a file (moderation)', admin, file(), [], 'moderate', 'allow'],
    ['an admin renames a file they do not own', admin, file(true), [], 'write', 'forbidden'],
    ['an admin deletes a folder they do not own', admin, folder, [], 'delete', 'forbidden'],
    ['a viewer of a folder above views a private file', other, file(), [viewerAbove], 'view', 'allow'],
    ['a viewer writes', other, file(), [viewerAbove], 'write', 'forbidden'],
    ['a viewer deletes', other, file(), [viewerAbove], 'delete', 'forbidden'],
    ['an editor writes into a folder', other, folder, [editorAbove], 'write', 'allow'],
    ['an editor moves what lies inside the share', other, file(), [editorAbove], 'move', 'allow'],
    ['an editor deletes what lies inside the share', other, folder, [editorAbove], 'delete', 'allow'],
    ['an editor deletes the shared item itself', other, folder, [editorOnItem], 'delete', 'forbidden'],
    ['an editor moves the shared item itself', other, file(), [editorOnItem], 'move', 'forbidden'],
    ['an editor renames the shared item itself', other, folder, [editorOnItem], 'write', 'allow'],
    ['an editor publishes', other, file(), [editorAbove], 'moderate', 'forbidden'],
    ['an editor shares further', other, file(), [editorAbove], 'share', 'forbidden'],
    ['an editor allowed to reshare shares further', other, file(), [reshareEditor], 'share', 'allow'],
    ['an editor allowed to reshare publishes', other, file(), [reshareEditor], 'moderate', 'allow'],
    [
      'anyone but the owner asks for what only owners know of',
      other,
      file(),
      [editorAbove],
      'own',
      'not-found',
    ],
  ])('%s', (_label, viewer, item, grants, action, expected) => {
    expect(decide(viewer, item, grants, action)).toBe(expected);
  });
});
