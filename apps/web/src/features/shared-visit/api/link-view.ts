import type { SharedFile, SharedFolderFile, SharedFolderView } from '@cloudstash/contract';

export type SharedLinkFile = Extract<SharedFile, { kind: 'file' }>;

/** What the visitor page shows, read from every answer of the link loaded so far. */
export type LinkView =
  | { state: 'ended' }
  | { state: 'locked' }
  | { state: 'file'; file: SharedLinkFile }
  /** `folder` is the first page's answer; `files` holds the files of every page loaded, in order. */
  | { state: 'folder'; folder: SharedFolderView; files: SharedFolderFile[] };

/**
 * Any answer that says the link ended (null) or asks for the password decides for the whole page: the link may
 * have ended or locked again between the first page and the next.
 */
export function linkView(pages: ReadonlyArray<SharedFile | null>): LinkView {
  const answers: Array<Exclude<SharedFile, { passwordRequired: true }>> = [];
  for (const page of pages) {
    if (page === null) return { state: 'ended' };
    if (page.passwordRequired) return { state: 'locked' };
    answers.push(page);
  }
  const first = answers[0];
  if (!first) return { state: 'ended' };
  if (first.kind === 'file') return { state: 'file', file: first };
  const files = answers.flatMap((page) => (page.kind === 'folder' ? page.files : []));
  return { state: 'folder', folder: first, files };
}
