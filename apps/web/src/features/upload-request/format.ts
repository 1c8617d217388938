import type { UploadRequest } from '@cloudstash/contract';

export { formatWhen } from '../../lib/date-time';

export const STATE_BADGE: Record<UploadRequest['state'], string> = {
  active: 'badge-success',
  expired: 'badge-warning',
  'used up': 'badge-info',
  closed: 'badge-error',
};
