import { MESSAGES } from '@cloudstash/contract';
import { messageOf } from '../../../api/api-client';
import { isTusError, tusErrorMessage } from '../../../api/tus-errors';
import { sendResumable, sendWhole, type LinkUpload } from './send-to-link';
import {
  isSameFile,
  readUnfinished,
  unfinishedOf,
  writeUnfinished,
  type UnfinishedUpload,
} from './unfinished-uploads';

/** How many files go up at once, as in the signed-in upload panel. */
export const PARALLEL_UPLOADS = 3;

export type LinkUploadStatus = 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';

/** One row of the visitor's list: a file sent in this visit. */
export interface LinkUploadItem {
  id: string;
  name: string;
  size: number;
  status: LinkUploadStatus;
  sent: number;
  /** Why it failed, in the server's words when it gave any. */
  error: string | null;
}

export interface LinkQueueState {
  items: readonly LinkUploadItem[];
  /** Files a reload interrupted, until they are chosen again or forgotten. */
  unfinished: readonly UnfinishedUpload[];
}

interface Task {
  item: LinkUploadItem;
  file: File;
  uploaderName: string;
  stop?: () => void;
}

interface LinkQueueDeps {
  token: string;
  /** Files larger than this go over tus, in pieces of this size (the instance's setting). */
  resumableChunkBytes: () => Promise<number>;
}

const isOpen = (status: LinkUploadStatus) => status === 'waiting' || status === 'uploading';
/** Progress is drawn at most this often: a fast connection reports many times a frame. */
const NOTIFY_EVERY_MS = 100;

/**
 * A visitor's uploads through one link: each file its own row, three at a time, large ones resumable. Lives
 * outside React so tus's callbacks always reach it; the page reads it with useSyncExternalStore. What is still
 * open is written down per link, so a reload can offer it again.
 */
export class LinkUploadQueue {
  private tasks: Task[] = [];
  private unfinished: UnfinishedUpload[];
  private snapshot: LinkQueueState;
  /** Set when the snapshot no longer shows the queue; it is made again when next read. */
  private stale = false;
  private listeners = new Set<() => void>();
  private notifyTimer: ReturnType<typeof setTimeout> | undefined;
  private nextId = 0;

  constructor(private readonly deps: LinkQueueDeps) {
    this.unfinished = readUnfinished(deps.token);
    this.snapshot = { items: [], unfinished: this.unfinished };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = () => {
    if (this.stale) {
      this.stale = false;
      this.snapshot = { items: this.tasks.map((task) => task.item), unfinished: this.unfinished };
    }
    return this.snapshot;
  };

  /** Whether anything is still waiting or going (leaving the page would interrupt it). */
  get busy() {
    return this.tasks.some((task) => isOpen(task.item.status));
  }

  /** Queues files sent as `uploaderName`; one the last visit left unfinished is no longer offered. */
  add(files: readonly File[], uploaderName: string): void {
    for (const file of files) {
      this.tasks.push({
        item: {
          id: String(this.nextId++),
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

  retry(id: string): void {
    const task = this.find(id);
    if (!task || isOpen(task.item.status) || task.item.status === 'done') return;
    this.update(task, { status: 'waiting', sent: 0, error: null });
    this.pump();
  }

  /** Stops one file; a resumable one's bytes are let go on the server. */
  cancel(id: string): void {
    const task = this.find(id);
    if (!task || !isOpen(task.item.status)) return;
    task.stop?.();
    this.update(task, { status: 'cancelled' });
    this.pump();
  }

  /** Gives up what a reload interrupted. */
  forget(): void {
    this.unfinished = [];
    this.remember();
    this.changed();
  }

  private find(id: string) {
    return this.tasks.find((task) => task.item.id === id);
  }

  private pump(): void {
    let running = this.tasks.filter((task) => task.item.status === 'uploading').length;
    for (const task of this.tasks) {
      if (running >= PARALLEL_UPLOADS) return;
      if (task.item.status !== 'waiting') continue;
      running += 1;
      this.update(task, { status: 'uploading' });
      void this.run(task).finally(() => this.pump());
    }
  }

  private async run(task: Task): Promise<void> {
    const upload: LinkUpload = {
      token: this.deps.token,
      file: task.file,
      uploaderName: task.uploaderName,
      onProgress: (sent) => {
        if (task.item.status === 'uploading') this.update(task, { sent });
      },
    };
    try {
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
      if (task.item.status !== 'uploading') return;
      this.update(task, { status: 'done', sent: task.item.size });
    } catch (error) {
      if (task.item.status !== 'uploading') return;
      const message = isTusError(error) ? tusErrorMessage(error) : messageOf(error, MESSAGES.uploadFailed);
      this.update(task, { status: 'failed', error: message });
    }
  }

  private update(task: Task, change: Partial<LinkUploadItem>) {
    const before = task.item.status;
    task.item = { ...task.item, ...change };
    if (change.status && change.status !== before) this.remember();
    this.changed();
  }

  /** What a reload would interrupt: the files still open, and those the last reload left. */
  private remember() {
    const open = this.tasks.filter((task) => isOpen(task.item.status)).map((task) => unfinishedOf(task.file));
    writeUnfinished(this.deps.token, [...this.unfinished, ...open]);
  }

  private changed() {
    this.stale = true;
    this.notifyTimer ??= setTimeout(() => {
      this.notifyTimer = undefined;
      for (const listener of this.listeners) listener();
    }, NOTIFY_EVERY_MS);
  }
}
