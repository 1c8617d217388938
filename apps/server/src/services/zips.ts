import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import yazl from 'yazl';
import {
  FOLDER_MESSAGES,
  MESSAGES,
  caseFold,
  cleanFilename,
  savedFilename,
  FOLDER_MAX_DEPTH,
  type zipBodySchema,
} from '@cloudstash/contract';
import type { z } from 'zod';
import type { BlobStore } from '../blobs/blob-store';
import { BufferReturn, lendBuffersOf } from '../blobs/buffer-return';
import type { Db } from '../db/connect';
import { AppError, notFound } from '../errors';
import { filesByIds, filesInFolder, type PackedFile } from '../repositories/files';
import { allChildFolders, type FolderRow } from '../repositories/folders';
import * as selections from '../repositories/zip-selections';
import { isoNow, type Clock } from './clock';
import type { Downloads } from './downloads';
import { requireFolderAccess, viewableFiles } from './access-policy';
import type { Viewer } from './sessions';
import type { SignedUrls } from './signed-urls';

type ZipInput = z.output<typeof zipBodySchema>;

/**
 * The zip writer checksums every byte it packs with the CRC-32 of its `buffer-crc32` dependency, written in
 * JavaScript: 64 MB took 825 ms against 85 ms for Node's own zlib.crc32 (the same polynomial, chained the same
 * way), which held a zip to half the speed of a plain download. The writer looks the function up on that module
 * at each call, so pointing it at Node's native one, once, speeds every zip without changing a byte of it.
 */
const crc32Module = createRequire(createRequire(import.meta.url).resolve('yazl'))('buffer-crc32') as {
  unsigned: (data: Buffer, previous?: number) => number;
};
crc32Module.unsigned = (data, previous = 0) => zlib.crc32(data, previous);

/** A zip ready to stream: its name and its bytes. */
export interface ZipDownload {
  filename: string;
  stream: Readable;
}

/**
 * Names inside one folder of a zip, made unique the way a person would: the second "Report.pdf" becomes
 * "Report (2).pdf", compared ignoring case so that unpacking on a case-insensitive disk overwrites nothing.
 */
class EntryNames {
  private readonly taken = new Set<string>();

  /**
   * A stored name as a safe entry name first: a name kept from before today's name rule (a backslash, a slash,
   * a control character, dots alone) would make unzip tools write outside the folder, or the zip writer
   * refuse the whole zip. The rule uploads are cleaned by decides it, and nothing visible left gives a
   * placeholder.
   */
  claim(stored: string, fallback = 'Untitled'): string {
    const name = cleanFilename(stored) || fallback;
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; this.taken.has(caseFold(candidate)); n++) candidate = `${stem} (${n})${extension}`;
    this.taken.add(caseFold(candidate));
    return candidate;
  }
}

/**
 * Zips of a selection of files and folders. A zip link is signed like a download link and names a selection kept
 * server-side for the link's lifetime; access is checked again for each item when the zip is made. Entries are
 * stored without recompression (media is compressed already) and streamed one after the other from the blob
 * store, so memory stays flat whatever the size; ZIP64 records appear when sizes or counts need them.
 */
export class Zips {
  constructor(
    private readonly db: Db,
    private readonly store: BlobStore,
    private readonly signedUrls: SignedUrls,
    private readonly downloads: Downloads,
    private readonly lifetimeMs: number,
    private readonly clock: Clock,
  ) {}

  async link(viewer: Viewer, input: ZipInput): Promise<string> {
    const fileIds = [...new Set(input.fileIds)];
    const folderIds = [...new Set(input.folderIds)];
    await this.selected(viewer, fileIds, folderIds);
    return this.signedUrls.createZip(await this.remember(viewer.id, fileIds, folderIds), viewer.id);
  }

  /** The zip a live selection names, made for the user it was issued to; 404 when anything is gone. */
  async open(viewer: Viewer, selectionId: string): Promise<ZipDownload> {
    const selection = await this.recall(viewer.id, selectionId);
    const { files, folders } = await this.selected(viewer, selection.fileIds, selection.folderIds);
    return this.pack(files, folders, new DeliveredFiles(this.downloads, viewer.id));
  }

  /**
   * Keeps a selection for the zip link's lifetime, for `holder` (an account's id, or a share link's mark) alone;
   * answers its id.
   */
  async remember(holder: string, fileIds: string[], folderIds: string[]): Promise<string> {
    const id = crypto.randomUUID();
    const now = isoNow(this.clock);
    await selections.deleteExpiredZipSelections(this.db, now);
    await selections.insertZipSelection(
      this.db,
      { id, userId: holder, fileIds, folderIds },
      { now, expiresAt: isoNow(this.clock, this.lifetimeMs) },
    );
    return id;
  }

  /** A live selection kept for `holder`; 404 for anyone else's, or once it expired. */
  async recall(holder: string, selectionId: string) {
    const selection = await selections.findZipSelection(this.db, selectionId, isoNow(this.clock));
    if (!selection || selection.userId !== holder) throw notFound(MESSAGES.fileNotFound);
    return selection;
  }

  /**
   * Streams the zip of files and folders already allowed to whoever asked; each file whose bytes went out is
   * told to `delivered` (counted as a download), when given.
   */
  async pack(files: PackedFile[], folders: FolderRow[], delivered?: Delivered): Promise<ZipDownload> {
    const zip = new yazl.ZipFile();
    if (delivered) zip.outputStream.once('end', () => delivered.flush());
    const top = new EntryNames();
    const walked = new Set<string>();
    for (const folder of folders)
      await this.addFolder(delivered, zip, folder, top.claim(folder.name, 'Folder'), walked);
    for (const file of files) this.addFile(delivered, zip, file, top, '');
    // No length is announced: the writer's own estimate counts ZIP64 end records it then leaves out once the
    // central directory passes 64 KB (76 bytes too many for a folder of 3,000 files), and a length promised
    // but not sent leaves the client waiting for bytes that never come.
    zip.end({ forceZip64Format: false, comment: '' });
    const filename =
      folders.length === 1 && files.length === 0 ? `${folders[0]!.name}.zip` : 'CloudStash.zip';
    // Each entry is read into pooled buffers that come back once the response has sent them.
    const stream = zip.outputStream.pipe(new BufferReturn());
    // The writer reports a blob it cannot read on itself, not on its output: the response is cut short
    // (the client sees an incomplete zip) rather than the error going unheard.
    zip.on('error', (error: Error) => stream.destroy(error));
    return { filename, stream };
  }

  /** The selection's files and folders, each one the viewer may read; 404 for the first that is not. */
  private async selected(viewer: Viewer, fileIds: string[], folderIds: string[]) {
    if (!fileIds.length && !folderIds.length)
      throw new AppError('VALIDATION_FAILED', FOLDER_MESSAGES.nothingSelected);
    const files = await filesByIds(this.db, fileIds);
    if (files.length !== fileIds.length || !(await viewableFiles(this.db, viewer, files))) {
      throw notFound(MESSAGES.fileNotFound);
    }
    const folders: FolderRow[] = [];
    for (const id of folderIds) folders.push(await requireFolderAccess(this.db, viewer, id, 'view'));
    return { files, folders };
  }

  /**
   * A folder's entries, and its subfolders'. Bounded like every walk of the tree: a folder already packed (a
   * cycle in a damaged tree) or past the depth limit is left out, so no stored tree can make a zip run on.
   */
  private async addFolder(
    delivered: Delivered | undefined,
    zip: yazl.ZipFile,
    folder: FolderRow,
    path: string,
    walked: Set<string>,
    depth = 1,
  ): Promise<void> {
    if (walked.has(folder.id) || depth > FOLDER_MAX_DEPTH) return;
    walked.add(folder.id);
    const names = new EntryNames();
    const children = await allChildFolders(this.db, folder.id);
    const files = await filesInFolder(this.db, folder.id);
    if (!children.length && !files.length)
      zip.addEmptyDirectory(path, { mtime: new Date(folder.updated_at) });
    for (const child of children)
      await this.addFolder(
        delivered,
        zip,
        child,
        `${path}/${names.claim(child.name, 'Folder')}`,
        walked,
        depth + 1,
      );
    for (const file of files) this.addFile(delivered, zip, file, names, `${path}/`);
  }

  /** One stored entry, its bytes read from the store only when the zip reaches it; counted as a download. */
  private addFile(
    delivered: Delivered | undefined,
    zip: yazl.ZipFile,
    file: PackedFile,
    names: EntryNames,
    prefix: string,
  ): void {
    const name = names.claim(savedFilename(file.filename, file.mimetype, file.exact_name === 1));
    zip.addReadStreamLazy(
      `${prefix}${name}`,
      { compress: false, size: file.size, mtime: new Date(file.updated_at) },
      (done) => {
        this.store
          .read(file.blob_hash)
          .then((stream) => {
            if (delivered) stream.once('end', () => delivered.add(file));
            done(null, lendBuffersOf(stream));
          })
          .catch((error: unknown) => done(error as Error, undefined as unknown as Readable));
      },
    );
  }
}

/** Told of each file a zip has sent in full, and when the zip ends. */
export interface Delivered {
  add(file: Pick<PackedFile, 'id' | 'owner_id'>): void;
  flush(): void;
}

/** Entries per transaction when a zip's delivered files are counted. */
const COUNT_BATCH = 500;

/**
 * The files a zip has delivered, counted as downloads a batch at a time and the rest when the zip ends; a count
 * that fails is dropped, as a single download's is, since the bytes already went out.
 */
class DeliveredFiles implements Delivered {
  private pending: string[] = [];
  private counting: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly downloads: Downloads,
    private readonly userId: string,
  ) {}

  add(file: Pick<PackedFile, 'id' | 'owner_id'>): void {
    // An owner zipping their own files is taking a copy, not being downloaded from: forty files in one zip
    // would otherwise add forty to figures that say how often others fetched them. A single download by the
    // owner still counts, as the spec's preview page has it.
    if (file.owner_id === this.userId) return;
    this.pending.push(file.id);
    if (this.pending.length >= COUNT_BATCH) this.flush();
  }

  flush(): void {
    const batch = this.pending;
    this.pending = [];
    if (!batch.length) return;
    this.counting = this.counting
      .then(() => this.downloads.countManySignedIn(this.userId, batch))
      .catch(() => {});
  }
}
