/** When a link expires, as the visitor pages write it ("Dec 4, 2026, 3:00 PM"). */
export const linkDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
