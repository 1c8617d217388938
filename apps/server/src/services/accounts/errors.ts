import { ACCOUNT_MESSAGES } from '@cloudstash/contract';
import { AppError } from '../../errors';

/** A 400 naming the field that was wrong, so a form can show the hint beside it. */
export const fieldError = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message }]);

export const lastAdminError = () => new AppError('CONFLICT', ACCOUNT_MESSAGES.lastAdmin);
export const accountDisabledError = () => new AppError('FORBIDDEN', ACCOUNT_MESSAGES.accountDisabled);
