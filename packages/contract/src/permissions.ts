import { z } from 'zod';

/**
 * What the caller may do with one file or folder: the access policy's own answer, carried by every item an
 * answer holds, so a screen draws its buttons from it and never works the rights out again.
 * - `view`: see it, preview, download, zip (and list a folder);
 * - `write`: rename it, give a file new bytes, put files and folders into a folder;
 * - `move` and `delete`: take it out of where it lies;
 * - `moderate`: make a file public or private;
 * - `share`: share it with people and groups, make share links, folder links and upload links to it;
 * - `own`: the owner's alone (a file's earlier versions);
 * - `manageLinks`: see and revoke the links made to it;
 * - `seeDownloads`: a file's download history.
 */
export const itemPermissionsSchema = z.object({
  view: z.boolean(),
  write: z.boolean(),
  move: z.boolean(),
  delete: z.boolean(),
  moderate: z.boolean(),
  share: z.boolean(),
  own: z.boolean(),
  manageLinks: z.boolean(),
  seeDownloads: z.boolean(),
});
export type ItemPermissions = z.infer<typeof itemPermissionsSchema>;
