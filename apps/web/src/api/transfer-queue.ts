import { MESSAGES } from '@cloudstash/contract';
import { messageOf } from './api-client';
import { isTusError, tusErrorMessage } from './tus-errors';

/** How many files go up at once: enough to hide each request's round trips, few enough to keep each fast. */
export const PARALLEL_UPLOADS = 3;

/**
 * Listeners hear of changes at most this often. A drop of a thousand small files changes the queue several
 * times per file (started, progress, done), and each notice re-rendered the panel: measured in Chromium, that
 * was most of the page's cost per file. A fast connection also reports progress many times a frame.
 */
export const NOTIFY_EVERY_MS = 100;

export type TransferStatus = 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';

/** What every row of an upload list has: the rest (its name, its speed) is the queue's own. */
export interface TransferItem {
  id: string;
  size: number;
  status: TransferStatus;
  sent: number;
  /** Why it failed: the server's words when it gave any. */
  error: string | null;
}

export interface TransferTask<Item extends TransferItem> {
  item: Item;
  /** Stops the transfer under way (set by `send`). */
  stop?: () => void;
}

export const isOpen = (status: TransferStatus) => status === 'waiting' || status === 'uploading';

/** What a failed upload's row says: the server's refusal, or the generic failure. */
const failureOf = (error: unknown) =>
  isTusError(error) ? tusErrorMessage(error) : messageOf(error, MESSAGES.uploadFailed);

/**
 * The mechanics both upload queues share: tasks run three at a time, each waiting → uploading → done, failed or
 * cancelled; retry and cancel per file; listeners told at most every NOTIFY_EVERY_MS, and the snapshot made
 * only when next read after a change (useSyncExternalStore reads it). A queue says how a task's bytes go
 * (`send`), what its snapshot holds, and what to do when a task's status changes or it is done.
 */
export abstract class TransferQueue<Item extends TransferItem, Task extends TransferTask<Item>, State> {
  protected tasks: Task[] = [];
  private snapshot: State | undefined;
  /** Set when the snapshot no longer shows the queue; it is made again when next read. */
  private stale = true;
  private notifyTimer: ReturnType<typeof setTimeout> | undefined;
  private listeners = new Set<() => void>();
  private nextId = 0;
  /** What a row no longer going shows besides its status (the signed-in queue clears its speed). */
  protected readonly stopped: Partial<Item> = {};

  /** Sends the task's bytes; resolves once the server holds them (or returns early, having set the status). */
  protected abstract send(task: Task): Promise<void>;
  /** The state the list shows, made from the tasks as they are. */
  protected abstract makeSnapshot(): State;
  /** A task's status changed. */
  protected statusChanged(): void {}
  /** A task's file arrived whole. */
  protected arrived(_task: Task): void {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = (): State => {
    if (this.stale || this.snapshot === undefined) {
      this.stale = false;
      this.snapshot = this.makeSnapshot();
    }
    return this.snapshot;
  };

  /** Whether anything is still waiting or going (leaving or reloading the page would interrupt it). */
  get busy() {
    return this.tasks.some((task) => isOpen(task.item.status));
  }

  retry(id: string): void {
    const task = this.find(id);
    if (!task || isOpen(task.item.status) || task.item.status === 'done') return;
    this.set(task, { status: 'waiting', sent: 0, ...this.stopped, error: null });
    this.pump();
  }

  /** Stops one upload; a resumable one's bytes are removed from the server. */
  cancel(id: string): void {
    const task = this.find(id);
    if (!task || !isOpen(task.item.status)) return;
    task.stop?.();
    this.set(task, { status: 'cancelled', ...this.stopped });
    this.pump();
  }

  /** A new row's id. */
  protected newId(): string {
    return String(this.nextId++);
  }

  protected find(id: string) {
    return this.tasks.find((task) => task.item.id === id);
  }

  protected pump(): void {
    let running = this.tasks.filter((task) => task.item.status === 'uploading').length;
    for (const task of this.tasks) {
      if (running >= PARALLEL_UPLOADS) return;
      if (task.item.status !== 'waiting') continue;
      running += 1;
      this.set(task, { status: 'uploading' });
      void this.run(task).finally(() => this.pump());
    }
  }

  private async run(task: Task): Promise<void> {
    try {
      await this.send(task);
      if (task.item.status !== 'uploading') return;
      this.set(task, { status: 'done', sent: task.item.size, ...this.stopped });
      this.arrived(task);
    } catch (error) {
      if (task.item.status !== 'uploading') return;
      this.set(task, { status: 'failed', ...this.stopped, error: failureOf(error) });
    }
  }

  /** A change to the fields every queue's rows have. */
  private set(task: Task, change: Partial<TransferItem>) {
    this.update(task, change as Partial<Item>);
  }

  protected update(task: Task, change: Partial<Item>) {
    const before = task.item.status;
    task.item = { ...task.item, ...change };
    if (change.status && change.status !== before) this.statusChanged();
    this.changed();
  }

  protected changed() {
    this.stale = true;
    this.notifyTimer ??= setTimeout(() => {
      this.notifyTimer = undefined;
      for (const listener of this.listeners) listener();
    }, NOTIFY_EVERY_MS);
  }
}
