/** A moment as the link screens write it: "Dec 4, 2026, 3:00 PM". */
export const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** `iso` written as dateTime does; `none` when there is no date (no expiry, never downloaded). */
export const formatWhen = (iso: string | null, none = '—') => (iso ? dateTime.format(new Date(iso)) : none);
