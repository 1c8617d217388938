import { BATCH_UPLOAD_MAX_FILES, filenameWithoutExtension } from '@cloudstash/contract';
import type { Upload } from 'tus-js-client';
import {
  isOpen,
  TransferQueue,
  type TransferItem,
  type TransferStatus,
  type TransferTask,
} from '../../../api/transfer-queue';
import { newUpload } from '../api/resumable-upload';
import { uploadBatch, uploadFile, type UploadInput } from '../api/upload-file';
import { addSample, bytesPerSecond, type ProgressSample } from '../transfer-rate';
import { chosenFileError, type ChosenFileLimits } from '../validation';
import type { PickedFile } from '../../../lib/dropped-files';
import { FolderMaker } from './folder-maker';
import { isSameFile, readRemembered, writeRemembered, type RememberedUpload } from './remembered-uploads';

export { NOTIFY_EVERY_MS, PARALLEL_UPLOADS } from '../../../api/transfer-queue';

export type UploadStatus = TransferStatus;

/** One row of the upload panel; its `error` is the server's refusal, or the check made before sending. */
export interface UploadItem extends TransferItem {
  /** The name with the folders it goes into, as dropped ('Photos/2024/a.jpg'); a folder ends with '/'. */
  label: string;
  /** Bytes per second lately; null until measured. */
  rate: number | null;
}

export interface UploadLimits extends ChosenFileLimits {
  resumableChunkBytes: number;
}

interface Task extends TransferTask<UploadItem> {
  file: File | null;
  folders: string[];
  baseFolderId: string | null;
  samples: ProgressSample[];
}

interface QueueDeps {
  /** The instance's limits, asked once per file as it starts (they are cached). */
  limits: () => Promise<UploadLimits>;
  /** A file arrived: the lists that show it are refreshed (the caller spaces the refreshes). */
  onUploaded: () => void;
  /** How many small files may share one request (1: each goes alone); BATCH_FILES unless a test says. */
  batchFiles?: number;
}

/** What the panel shows: this session's uploads, and those a reload interrupted that may be resumed. */
export interface QueueState {
  items: readonly UploadItem[];
  carried: readonly RememberedUpload[];
}

/** Files up to this size show no byte progress: they are sent within a moment, and each report costs the page. */
const PROGRESS_FROM_BYTES = 256 * 1024;

/**
 * Files that small share a request, up to BATCH_FILES of them and BATCH_BYTES together. Each request costs the
 * browser more than a small file's bytes do: measured on a drop of a thousand files of 10 KB, one request per
 * file held the page to under half the rate of a script sending the same files.
 */
const BATCH_FILE_BYTES = PROGRESS_FROM_BYTES;
const BATCH_FILES = Math.min(16, BATCH_UPLOAD_MAX_FILES);
const BATCH_BYTES = 1024 * 1024;

const isSmall = (task: Task) => task.file !== null && task.file.size <= BATCH_FILE_BYTES;

/**
 * The uploads of the signed-in session: many files, three requests at a time (the mechanics are
 * TransferQueue's), small files several to a request, each into its folder (dropped folders recreated first).
 * Lives outside React so it keeps going while screens change; the panel reads it with useSyncExternalStore.
 */
export class UploadQueue extends TransferQueue<UploadItem, Task, QueueState> {
  /** Unfinished uploads of the page before a reload, until they are chosen again or forgotten. */
  private carried: RememberedUpload[] = readRemembered();
  private folders = new FolderMaker();
  private rememberTimer: ReturnType<typeof setTimeout> | undefined;
  protected override readonly stopped = { rate: null };

  constructor(private readonly deps: QueueDeps) {
    super();
  }

  add(picked: readonly PickedFile[], baseFolderId: string | null): void {
    for (const { file, folders } of picked) {
      const label = [...folders, file?.name ?? ''].join('/') + (file ? '' : '/');
      this.tasks.push({
        item: {
          id: this.newId(),
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

  cancelAll(): void {
    for (const task of this.tasks) if (isOpen(task.item.status)) this.cancel(task.item.id);
  }

  /** Takes the finished rows (done, failed, cancelled) off the list. */
  clearFinished(): void {
    this.tasks = this.tasks.filter((task) => isOpen(task.item.status));
    this.changed();
  }

  protected makeSnapshot(): QueueState {
    return { items: this.tasks.map((task) => task.item), carried: this.carried };
  }

  /** Its folders first: a folder's own row is done once they exist, a file's once its bytes are sent. */
  protected async send(task: Task): Promise<void> {
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
  }

  /** The small files waiting after this small one, to go in its request. */
  protected override companions(task: Task): Task[] {
    const most = this.deps.batchFiles ?? BATCH_FILES;
    if (most <= 1 || !isSmall(task)) return [];
    const group: Task[] = [];
    let bytes = task.file!.size;
    for (let i = this.tasks.indexOf(task) + 1; i < this.tasks.length && group.length + 1 < most; i++) {
      const next = this.tasks[i]!;
      if (next.item.status !== 'waiting' || !isSmall(next)) continue;
      if (bytes + next.file!.size > BATCH_BYTES) break;
      bytes += next.file!.size;
      group.push(next);
    }
    return group;
  }

  /**
   * Each file's folders first, then the files the checks let through in one request. Cancelling one of them
   * stops the request; the others go back to waiting and are sent again.
   */
  protected override async sendTogether(group: Task[]): Promise<(string | null | undefined)[]> {
    const abort = new AbortController();
    for (const task of group) {
      task.stop = () => {
        abort.abort();
        for (const other of group)
          if (other !== task && other.item.status === 'uploading') this.requeue(other);
      };
    }
    const limits = await this.deps.limits();
    const outcomes: (string | null | undefined)[] = group.map(() => null);
    const sending: { index: number; input: UploadInput }[] = [];
    for (const [index, task] of group.entries()) {
      const folderId = await this.folders.ensure(task.baseFolderId, task.folders);
      const file = task.file!;
      const refusal = chosenFileError(file, limits);
      if (refusal) outcomes[index] = refusal;
      else {
        const input = { file, filename: filenameWithoutExtension(file.name), isPublic: false, folderId };
        sending.push({ index, input });
      }
    }
    // A file cancelled while its folders were made is not sent (nor are the others, which wait again).
    if (sending.length === 0 || abort.signal.aborted) return outcomes;
    const { data } = await uploadBatch(
      sending.map((one) => one.input),
      abort.signal,
    );
    sending.forEach(({ index }, k) => {
      const result = data.results[k];
      outcomes[index] = result && ('file' in result ? null : result.message);
    });
    return outcomes;
  }

  protected override arrived(): void {
    this.deps.onUploaded();
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

  protected override statusChanged(): void {
    this.rememberSoon();
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
