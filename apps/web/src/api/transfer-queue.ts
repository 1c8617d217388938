import { MESSAGES } from '@cloudstash/contract';
import { messageOf } from './api-client';
import { isTusError, tusErrorMessage } from './tus-errors';

/**
 * How many requests are under way at once: enough to hide each one's round trips, few enough to keep each
 * fast. A request carries one file, or several small ones where a queue sends them together.
 */
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

/** Where each status sits in a list a person watches: what is moving, then what needs them, then the rest. */
const LIST_ORDER: Record<TransferStatus, number> = {
  uploading: 0,
  failed: 1,
  waiting: 2,
  done: 3,
  cancelled: 4,
};

/**
 * The rows in the order a person looks for them: the files going now at the top (not below a hundred finished
 * ones), then those that failed and wait for a Retry, then those queued, then the finished. Within a status the
 * queue's own order stands.
 */
export function goingFirst<Item extends TransferItem>(items: readonly Item[]): Item[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => LIST_ORDER[a.item.status] - LIST_ORDER[b.item.status] || a.index - b.index)
    .map(({ item }) => item);
}

/** What a failed upload's row says: the server's refusal, or the generic failure. */
const failureOf = (error: unknown) =>
  isTusError(error) ? tusErrorMessage(error) : messageOf(error, MESSAGES.uploadFailed);

/**
 * The mechanics both upload queues share: three requests at a time, each carrying one task (or several, where
 * a queue names `companions`), each task waiting → uploading → done, failed or cancelled; retry and cancel per
 * file; listeners told at most every NOTIFY_EVERY_MS, and the snapshot made only when next read after a change
 * (useSyncExternalStore reads it). A queue says how a task's bytes go (`send`), what its snapshot holds, and what
 * to do when a task's status changes or it is done.
 */
export abstract class TransferQueue<Item extends TransferItem, Task extends TransferTask<Item>, State> {
  protected tasks: Task[] = [];
  private snapshot: State | undefined;
  /** Set when the snapshot no longer shows the queue; it is made again when next read. */
  private stale = true;
  private notifyTimer: ReturnType<typeof setTimeout> | undefined;
  private listeners = new Set<() => void>();
  private nextId = 0;
  /** Requests under way (one may carry several tasks). */
  private requests = 0;
  /**
   * Each task's latest run: a run that ends after its task was cancelled and started again (retried, or sent
   * again with others) no longer speaks for it.
   */
  private runs = new WeakMap<Task, object>();
  /** What a row no longer going shows besides its status (the signed-in queue clears its speed). */
  protected readonly stopped: Partial<Item> = {};

  /** Sends the task's bytes; resolves once the server holds them (or returns early, having set the status). */
  protected abstract send(task: Task): Promise<void>;
  /** The state the list shows, made from the tasks as they are. */
  protected abstract makeSnapshot(): State;
  /**
   * Tasks waiting that go in the same request as `task`, which starts now; none unless a queue sends several
   * files at once (`sendTogether`).
   */
  protected companions(_task: Task): Task[] {
    return [];
  }
  /**
   * Sends several tasks' bytes in one request: for each, null once the server holds it, why it was refused, or
   * undefined if the request ended before it was read. A failure of the request itself (a lost connection, a
   * cancel) rejects, and is every task's.
   */
  protected sendTogether(_tasks: Task[]): Promise<(string | null | undefined)[]> {
    return Promise.reject(new Error('This queue sends one file per request'));
  }
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
    this.requeue(task);
    this.pump();
  }

  /** Puts a task back in line, as if it had not started. */
  protected requeue(task: Task): void {
    this.set(task, { status: 'waiting', sent: 0, ...this.stopped, error: null });
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
    for (const task of this.tasks) {
      if (this.requests >= PARALLEL_UPLOADS) return;
      if (task.item.status !== 'waiting') continue;
      const group = [task, ...this.companions(task)];
      const run = {};
      for (const one of group) {
        this.set(one, { status: 'uploading' });
        this.runs.set(one, run);
      }
      this.requests += 1;
      void this.run(group, run).finally(() => {
        this.requests -= 1;
        this.pump();
      });
    }
  }

  private async run(group: Task[], run: object): Promise<void> {
    const settle = (task: Task, refusal: string | null) => {
      if (this.runs.get(task) === run) this.settle(task, refusal);
    };
    if (group.length === 1) {
      const task = group[0]!;
      try {
        await this.send(task);
        settle(task, null);
      } catch (error) {
        settle(task, failureOf(error));
      }
      return;
    }
    const outcomes = await this.sendTogether(group).catch((error: unknown) =>
      group.map(() => failureOf(error)),
    );
    // A file the answer does not mention was not read (the request ended before it).
    group.forEach((task, index) => {
      const outcome = outcomes[index];
      settle(task, outcome === undefined ? MESSAGES.uploadFailed : outcome);
    });
  }

  /** A task still going is done (no refusal) or failed (why); one cancelled or set meanwhile stays as it is. */
  private settle(task: Task, refusal: string | null) {
    if (task.item.status !== 'uploading') return;
    if (refusal !== null) return this.set(task, { status: 'failed', ...this.stopped, error: refusal });
    this.set(task, { status: 'done', sent: task.item.size, ...this.stopped });
    this.arrived(task);
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
