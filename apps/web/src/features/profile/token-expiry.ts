/**
 * The expiry of a new access token from a date field ("2026-12-31"): the end of that day where the user is,
 * as an ISO instant; an empty field means the token never expires. An unreadable date is passed on as typed,
 * so the contract's schema names the problem under the field.
 */
export function tokenExpiry(day: string): string | null {
  if (!day) return null;
  const end = new Date(`${day}T23:59:59.999`);
  return Number.isNaN(end.getTime()) ? day : end.toISOString();
}
