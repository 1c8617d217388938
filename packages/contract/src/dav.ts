/** What the WebDAV adapter (`/dav/`) says when it refuses a request. */
export const DAV_MESSAGES = {
  noParent: 'The folder this would go in does not exist',
  exists: 'Something already exists at this address',
  locked: 'This resource is locked',
  lockConflict: 'This resource is locked by someone else',
  lockTokenMismatch: 'The lock token does not match this resource',
  lockNotYours: 'Only the account that took this lock can end it',
  preconditionFailed: 'The If header did not match',
  badIfHeader: 'The If header could not be read',
  badXml: 'The request body is not well-formed XML',
  badDepth: 'The Depth header must be 0, 1 or infinity',
  infiniteDepth: 'PROPFIND with Depth infinity is not supported; use Depth 1',
  badDestination: 'The Destination header must name a path on this server under /dav/',
  sameSource: 'The source and the destination are the same',
  intoItself: 'A folder cannot be copied or moved into itself',
  notAllowed: 'This method is not allowed here',
  bodyNotAllowed: 'MKCOL does not take a request body',
  badName: 'This name cannot be used',
  tokenRequired:
    'Sign in with your email and an access token (create one on your profile page); the account password is not accepted here',
  badCredentials: 'The email or access token is wrong',
  readOnly: 'This access token is read-only',
  bodyTooLarge: 'The request body is too large',
  notFound: 'Nothing exists at this address',
  noFolders: 'Folders are not available on this server yet',
  propertiesFull: (limit: string) => `Dead properties are full: ${limit}`,
} as const;

/**
 * Caps on WebDAV dead properties (what PROPPATCH stores), so they are never storage no quota counts. Clients
 * keep a few small ones on an item (Windows its four Win32 times and attributes, about 600 bytes; macOS a few
 * tags): 32 names and 16 KiB per item leave room for any of them, and 64 MiB per account for 100,000 files
 * that each have Windows' properties.
 */
export const DAV_PROPERTY_LIMITS = {
  namesPerItem: 32,
  bytesPerItem: 16 * 1024,
  bytesPerAccount: 64 * 1024 * 1024,
} as const;

/** The address of an account's own tree for WebDAV clients, below the instance's origin. */
export const DAV_BASE = '/dav/';
