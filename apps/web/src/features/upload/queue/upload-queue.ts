import { MESSAGES, filenameWithoutExtension } from '@cloudstash/contract';
import type { Upload } from 'tus-js-client';
import { messageOf } from '../../../api/api-client';
import { isTusError, tusErrorMessage } from '../../../api/tus-errors';
import { newUpload } from '../api/resumable-upload';
import { uploadFile } from '../api/upload-file';
import { addSample, bytesPerSecond, type ProgressSample } from '../transfer-rate';
import { chosenFileError, type ChosenFileLimits } from '../validation';
import type { PickedFile } from '../../../lib/dropped-files';
import { FolderMaker } from './folder-maker';
import { isSameFile, readRemembered, writeRemembered, type RememberedUpload } from './remembered-uploads';

/** How many files go up at once: enough to hide each request's round trips, few enough to keep each fast. */
export const PARALLEL_UPLOADS = 3;

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';

/** One row of the upload panel. */
export interface UploadItem {
  id: string;
  /** The name with the folders it goes into, as dropped ('Photos/2024/a.jpg'); a folder ends with '/'. */
  label: string;
  size: number;
  status: UploadStatus;
  sent: number;
  /** Bytes per second lately; null until measured. */
  rate: number | null;
  /** Why it failed: the server's refusal, or the check made before sending. */
  error: string | null;
}

export interface UploadLimits extends ChosenFileLimits {
  resumableChunkBytes: number;
}

interface Task {
  item: UploadItem;
  file: File | null;
  folders: string[];
  baseFolderId: string | null;
  samples: ProgressSample[];
  stop?: () => void;
}

interface QueueDeps {
  /** The instance's limits, asked once per file as it starts (they are cached). */
  limits: () => Promise<UploadLimits>;
  /** A file arrived: the lists that show it are refreshed (the caller spaces the refreshes). */
  onUploaded: () => void;
}

/** What the panel shows: this session's uploads, and those a reload interrupted that may be resumed. */
export interface QueueState {
  items: readonly UploadItem[];
  carried: readonly RememberedUpload[];
}

const isOpen = (status: UploadStatus) => status === 'waiting' || status === 'uploading';

/**
 * Listeners hear of changes at most this often. A drop of a thousand small files changes the queue several
 * times per file (started, progress, done), and each notice re-rendered the panel: measured in Chromium, that
 * was most of the page's cost per file.
 */
export const NOTIFY_EVERY_MS = 100;

/** Files up to this size show no byte progress: they are sent within a moment, and each report costs the page. */
const PROGRESS_FROM_BYTES = 256 * 1024;

/**
 * The uploads of the signed-in session: many files, three at a time, each into its folder (dropped folders
 * recreated first). Lives outside React so it keeps going while screens change; the panel reads it with
 * useSyncExternalStore.
 */
export class UploadQueue {
  private tasks: Task[] = [];
  /** Unfinished uploads of the page before a reload, until they are chosen again or forgotten. */
  private carried: RememberedUpload[] = readRemembered();
  private snapshot: QueueState = { items: [], carried: this.carried };
  /** Set when the snapshot no longer shows the queue; it is made again when next read. */
  private stale = false;
  private notifyTimer: ReturnType<typeof setTimeout> | undefined;
  private listeners = new Set<() => void>();
  private folders = new FolderMaker();
  private nextId = 0;
  private rememberTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: QueueDeps) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = () => {
    if (this.stale) {
      this.stale = false;
      this.snapshot = { items: this.tasks.map((task) => task.item), carried: this.carried };
    }
    return this.snapshot;
  };

  /** Whether anything is still waiting or going (a reload would interrupt it). */
  get busy() {
    return this.tasks.some((task) => isOpen(task.item.status));
  }

  add(picked: readonly PickedFile[], baseFolderId: string | null): void {
    for (const { file, folders } of picked) {
      const label = [...folders, file?.name ?? ''].join('/') + (file ? '' : '/');
      this.tasks.push({
        item: {
          id: String(this.nextId++),
          label,
          size: file?.size ?? 0,
          status: 'waiting',
          sent: 0,
          rate: null,
          error: null,
        },
        file,
        folders,
        baseFolderId,
        samples: [],
      });
    }
    this.changed();
    this.pump();
  }

  /**
   * Files chosen again after a reload: each one remembered goes back into the queue, into the folder it was
   * going to; the number recognised is returned.
   */
  resume(files: readonly File[]): number {
    const picked: PickedFile[] = [];
    const bases: (string | null)[] = [];
    for (const file of files) {
      const match = this.carried.find((entry) => isSameFile(entry, file));
      if (!match) continue;
      this.carried = this.carried.filter((entry) => entry !== match);
      picked.push({ file, folders: match.folders });
      bases.push(match.baseFolderId);
    }
    picked.forEach((one, index) => this.add([one], bases[index] ?? null));
    this.rememberSoon();
    this.changed();
    return picked.length;
  }

  /** Gives up the uploads a reload interrupted. */
  forget(): void {
    this.carried = [];
    this.rememberSoon();
    this.changed();
  }

  retry(id: string): void {
    const task = this.find(id);
    if (!task || isOpen(task.item.status) || task.item.status === 'done') return;
    this.update(task, { status: 'waiting', sent: 0, rate: null, error: null });
    this.pump();
  }

  /** Stops one upload; a resumable one's bytes are removed from the server. */
  cancel(id: string): void {
    const task = this.find(id);
    if (!task || !isOpen(task.item.status)) return;
    task.stop?.();
    this.update(task, { status: 'cancelled', rate: null });
    this.pump();
  }

  cancelAll(): void {
    for (const task of this.tasks) if (isOpen(task.item.status)) this.cancel(task.item.id);
  }

  /** Takes the finished rows (done, failed, cancelled) off the list. */
  clearFinished(): void {
    this.tasks = this.tasks.filter((task) => isOpen(task.item.status));
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
    try {
      const folderId = await this.folders.ensure(task.baseFolderId, task.folders);
      if (task.item.status !== 'uploading') return;
      if (!task.file) return this.update(task, { status: 'done' });
      const limits = await this.deps.limits();
      const refusal = chosenFileError(task.file, limits);
      if (refusal) return this.update(task, { status: 'failed', error: refusal, rate: null });
      task.samples = [];
      if (task.file.size > limits.resumableChunkBytes) {
        await this.sendResumable(task, task.file, folderId, limits.resumableChunkBytes);
      } else {
        await this.sendWhole(task, task.file, folderId);
      }
      if (task.item.status !== 'uploading') return;
      this.update(task, { status: 'done', sent: task.item.size, rate: null });
      this.deps.onUploaded();
    } catch (error) {
      if (task.item.status !== 'uploading') return;
      const message = isTusError(error) ? tusErrorMessage(error) : null;
      this.update(task, {
        status: 'failed',
        rate: null,
        error: message ?? messageOf(error, MESSAGES.uploadFailed),
      });
    }
  }

  private progress(task: Task, sent: number) {
    if (task.item.status !== 'uploading') return;
    task.samples = addSample(task.samples, { at: performance.now(), sent });
    this.update(task, { sent, rate: bytesPerSecond(task.samples) });
  }

  private async sendWhole(task: Task, file: File, folderId: string | null) {
    const abort = new AbortController();
    task.stop = () => abort.abort();
    const input = { file, filename: filenameWithoutExtension(file.name), isPublic: false, folderId };
    const onProgress =
      file.size > PROGRESS_FROM_BYTES
        ? (fraction: number) => this.progress(task, fraction * file.size)
        : undefined;
    await uploadFile(input, onProgress, abort.signal);
  }

  private sendResumable(task: Task, file: File, folderId: string | null, chunkBytes: number) {
    return new Promise<void>((resolve, reject) => {
      const input = { file, filename: filenameWithoutExtension(file.name), isPublic: false, folderId };
      const upload: Upload = newUpload(input, chunkBytes, {
        onProgress: (sent) => this.progress(task, sent),
        onSuccess: () => resolve(),
        onError: reject,
      });
      task.stop = () => {
        // Cancelled for good: the server lets go of the bytes it holds.
        void upload.abort(true).catch(() => undefined);
        resolve();
      };
      void upload.findPreviousUploads().then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      }, reject);
    });
  }

  private update(task: Task, change: Partial<UploadItem>) {
    const before = task.item.status;
    task.item = { ...task.item, ...change };
    if (change.status && change.status !== before) this.rememberSoon();
    this.changed();
  }

  private changed() {
    this.stale = true;
    this.notifyTimer ??= setTimeout(() => {
      this.notifyTimer = undefined;
      for (const listener of this.listeners) listener();
    }, NOTIFY_EVERY_MS);
  }

  /** What a reload would interrupt, written at most once a second (a drop of a thousand files changes often). */
  private rememberSoon() {
    if (this.rememberTimer !== undefined) return;
    this.rememberTimer = setTimeout(() => {
      this.rememberTimer = undefined;
      writeRemembered(this.unfinished());
    }, 1000);
  }

  private unfinished(): RememberedUpload[] {
    const open = this.tasks.flatMap(({ item, file, folders, baseFolderId }) =>
      file && isOpen(item.status)
        ? [{ name: file.name, size: file.size, lastModified: file.lastModified, folders, baseFolderId }]
        : [],
    );
    return [...this.carried, ...open];
  }
}
