import {
  isOpen,
  TransferQueue,
  type TransferItem,
  type TransferStatus,
  type TransferTask,
} from '../../../api/transfer-queue';
import { sendResumable, sendWhole, type LinkUpload } from './send-to-link';
import {
  isSameFile,
  readUnfinished,
  unfinishedOf,
  writeUnfinished,
  type UnfinishedUpload,
} from './unfinished-uploads';
import { readSent, writeSent, type SentFile } from './sent-files';

/** How many files go up at once, as in the signed-in upload panel. */
export { PARALLEL_UPLOADS } from '../../../api/transfer-queue';

export type LinkUploadStatus = TransferStatus;

/** One row of the visitor's list: a file sent in this visit. */
export interface LinkUploadItem extends TransferItem {
  name: string;
}

export interface LinkQueueState {
  items: readonly LinkUploadItem[];
  /** Files a reload interrupted, until they are chosen again or forgotten. */
  unfinished: readonly UnfinishedUpload[];
  /** Files this browser sent through the link before this page was loaded, oldest first. */
  earlier: readonly SentFile[];
}

interface Task extends TransferTask<LinkUploadItem> {
  file: File;
  uploaderName: string;
}

interface LinkQueueDeps {
  token: string;
  /** Files larger than this go over tus, in pieces of this size (the instance's setting). */
  resumableChunkBytes: () => Promise<number>;
}

/**
 * A visitor's uploads through one link: each file its own row, three at a time, large ones resumable. Lives
 * outside React so tus's callbacks always reach it; the page reads it with useSyncExternalStore. What is still
 * open is written down per link, so a reload can offer it again.
 */
export class LinkUploadQueue extends TransferQueue<LinkUploadItem, Task, LinkQueueState> {
  private unfinished: UnfinishedUpload[];
  private readonly earlier: readonly SentFile[];
  /** The rows of this visit already written down as sent. */
  private readonly recorded = new Set<string>();

  constructor(private readonly deps: LinkQueueDeps) {
    super();
    this.unfinished = readUnfinished(deps.token);
    this.earlier = readSent(deps.token);
  }

  /** Queues files sent as `uploaderName`; one the last visit left unfinished is no longer offered. */
  add(files: readonly File[], uploaderName: string): void {
    for (const file of files) {
      this.tasks.push({
        item: {
          id: this.newId(),
          name: file.name,
          size: file.size,
          status: 'waiting',
          sent: 0,
          error: null,
        },
        file,
        uploaderName,
      });
      this.unfinished = this.unfinished.filter((entry) => !isSameFile(entry, file));
    }
    this.remember();
    this.changed();
    this.pump();
  }

  /** Gives up what a reload interrupted. */
  forget(): void {
    this.unfinished = [];
    this.remember();
    this.changed();
  }

  protected makeSnapshot(): LinkQueueState {
    return { items: this.tasks.map((task) => task.item), unfinished: this.unfinished, earlier: this.earlier };
  }

  protected async send(task: Task): Promise<void> {
    const upload: LinkUpload = {
      token: this.deps.token,
      file: task.file,
      uploaderName: task.uploaderName,
      onProgress: (sent) => {
        if (task.item.status === 'uploading') this.update(task, { sent });
      },
    };
    const chunkBytes = await this.deps.resumableChunkBytes();
    if (task.item.status !== 'uploading') return;
    if (task.file.size > chunkBytes) {
      const resumable = sendResumable(upload, chunkBytes);
      task.stop = () => resumable.stop(true);
      await resumable.done;
    } else {
      const abort = new AbortController();
      task.stop = () => abort.abort();
      await sendWhole(upload, abort.signal);
    }
  }

  protected override statusChanged(): void {
    this.remember();
    this.recordSent();
  }

  /** Adds each file of this visit that has just arrived to the browser's list of files sent. */
  private recordSent() {
    const arrived = this.tasks.filter(
      (task) => task.item.status === 'done' && !this.recorded.has(task.item.id),
    );
    if (arrived.length === 0) return;
    const at = new Date().toISOString();
    for (const task of arrived) this.recorded.add(task.item.id);
    writeSent(this.deps.token, [
      ...readSent(this.deps.token),
      ...arrived.map((task) => ({ name: task.item.name, size: task.item.size, at })),
    ]);
  }

  /** What a reload would interrupt: the files still open, and those the last reload left. */
  private remember() {
    const open = this.tasks.filter((task) => isOpen(task.item.status)).map((task) => unfinishedOf(task.file));
    writeUnfinished(this.deps.token, [...this.unfinished, ...open]);
  }
}
