import type { Link, LinkState } from '@cloudstash/contract';

export { formatWhen } from '../../lib/date-time';

export const downloadsUsed = (link: Pick<Link, 'downloads' | 'maxDownloads'>) =>
  `${link.downloads} / ${link.maxDownloads ?? '∞'}`;

export const STATE_BADGE: Record<LinkState, string> = {
  active: 'badge-success',
  expired: 'badge-warning',
  'used up': 'badge-info',
  revoked: 'badge-error',
};
