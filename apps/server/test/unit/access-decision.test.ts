import { describe, expect, it } from 'vitest';
import { accessDecision, type FileAction } from '../../src/services/file-access';

const owner = { id: 'owner', role: 'user' } as const;
const stranger = { id: 'stranger', role: 'user' } as const;
const admin = { id: 'admin', role: 'admin' } as const;
const file = (isPublic: boolean) => ({ owner_id: 'owner', is_public: isPublic ? 1 : 0 });

describe('accessDecision', () => {
  it.each<[string, typeof owner | typeof stranger | typeof admin, boolean, FileAction, string]>([
    ['the owner views a private file', owner, false, 'view', 'allow'],
    ['the owner updates a private file', owner, false, 'update', 'allow'],
    ['the owner deletes a private file', owner, false, 'delete', 'allow'],
    ['a stranger views a public file', stranger, true, 'view', 'allow'],
    ['a stranger updates a public file', stranger, true, 'update', 'forbidden'],
    ['a stranger deletes a public file', stranger, true, 'delete', 'forbidden'],
    ['a stranger views a private file (it does not exist for them)', stranger, false, 'view', 'not-found'],
    ['a stranger deletes a private file', stranger, false, 'delete', 'not-found'],
    ['an admin views a private file', admin, false, 'view', 'allow'],
    ['an admin deletes a private file (moderation)', admin, false, 'delete', 'allow'],
    ['an admin updates a file they do not own', admin, true, 'update', 'forbidden'],
  ])('%s', (_label, viewer, isPublic, action, expected) => {
    expect(accessDecision(viewer, file(isPublic), action)).toBe(expected);
  });
});
