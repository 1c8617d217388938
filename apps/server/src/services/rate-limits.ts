import { MESSAGES } from '@cloudstash/contract';
import type { Db } from '../db/connect';
import { AppError } from '../errors';
import { deleteExpiredRateLimits, incrementRateLimit } from '../repositories/rate-limits';

/** Where request counts live: every process must see the same counts, or N processes allow N times the limit. */
export interface RateLimitCounter {
  /** Adds one hit to `key` in the window starting at `windowStart` and returns the hits so far. */
  hit(key: string, windowStart: number, windowMs: number): Promise<number>;
}

/** The embedded setup runs one process (SQLite), so its counts can live in memory. */
export class MemoryRateLimitCounter implements RateLimitCounter {
  private readonly windows = new Map<string, { windowStart: number; hits: number; endsAt: number }>();
  private nextPrune = 0;

  async hit(key: string, windowStart: number, windowMs: number): Promise<number> {
    const now = Date.now();
    if (now >= this.nextPrune) {
      for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
      this.nextPrune = now + 60_000;
    }
    const current = this.windows.get(key);
    if (current?.windowStart === windowStart) return ++current.hits;
    this.windows.set(key, { windowStart, hits: 1, endsAt: windowStart + windowMs });
    return 1;
  }
}

/** PostgreSQL deployments run several processes: counts live in the shared database. */
export class DatabaseRateLimitCounter implements RateLimitCounter {
  private nextPrune = 0;
  constructor(private readonly db: Db) {}

  async hit(key: string, windowStart: number, windowMs: number): Promise<number> {
    const now = Date.now();
    if (now >= this.nextPrune) {
      this.nextPrune = now + 60_000;
      await deleteExpiredRateLimits(this.db, new Date(now).toISOString());
    }
    return incrementRateLimit(this.db, key, windowStart, new Date(windowStart + windowMs).toISOString());
  }
}

export interface RateLimit {
  /** Names the counter, so two limits on one address count apart. */
  name: string;
  max: number;
  windowMs: number;
}

/** Fixed-window request limits per client address, counted where every process sees them. */
export class RateLimiter {
  constructor(private readonly counter: RateLimitCounter) {}

  /** Counts one request from `client`; past the limit, 429 with the seconds until the window ends. */
  async consume(limit: RateLimit, client: string, now = Date.now()): Promise<void> {
    const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
    const hits = await this.counter.hit(`${limit.name}:${client}`, windowStart, limit.windowMs);
    if (hits <= limit.max) return;
    const retryAfter = Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000));
    throw new AppError('RATE_LIMITED', MESSAGES.tooManyRequests, undefined, {
      'retry-after': String(retryAfter),
    });
  }
}
