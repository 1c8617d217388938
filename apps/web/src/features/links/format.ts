import type { Link, LinkState } from '@cloudstash/contract';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatWhen = (iso: string | null, none = '—') => (iso ? dateTime.format(new Date(iso)) : none);

export const downloadsUsed = (link: Pick<Link, 'downloads' | 'maxDownloads'>) =>
  `${link.downloads} / ${link.maxDownloads ?? '∞'}`;

export const STATE_BADGE: Record<LinkState, string> = {
  active: 'badge-success',
  expired: 'badge-warning',
  'used up': 'badge-info',
  revoked: 'badge-error',
};
