import { ACCOUNT_MESSAGES } from '@cloudstash/contract';
import type { Db } from '../../db/connect';
import { inTransaction, type Executor } from '../../db/executor';
import { AppError } from '../../errors';

/** A 400 naming the field that was wrong, so a form can show the hint beside it. */
export const fieldError = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message }]);

export const lastAdminError = () => new AppError('CONFLICT', ACCOUNT_MESSAGES.lastAdmin);
export const accountDisabledError = () => new AppError('FORBIDDEN', ACCOUNT_MESSAGES.accountDisabled);

/** A unique constraint refused the write (an email or identity taken by a sign-up racing this one). */
export const isUniqueViolation = (error: unknown) =>
  /unique|duplicate key/i.test(String((error as { message?: string })?.message));

/**
 * Runs `work` in one transaction, answering `taken()` when a unique index refuses it: a name taken by a write
 * racing this one gets the same 409 as one taken before.
 */
export async function writeUnique(
  db: Db,
  work: (trx: Executor) => Promise<void>,
  taken: () => AppError,
): Promise<void> {
  try {
    await inTransaction(db, work);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
