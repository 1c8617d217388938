/** Keyset position of the last row of a page: its sort value and id, opaque to clients. */
export interface Cursor {
  value: string | number;
  id: string;
}

export function encodeCursor(value: string | number, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

/** What the sort column holds: the cursor's value must be of that kind, or the database rejects the query. */
export type CursorKind = 'text' | 'integer';

const INT32 = 2 ** 31;
// A NUL can never match a stored value, and PostgreSQL refuses it outright.
const isText = (v: unknown): v is string => typeof v === 'string' && !v.includes('\u0000');
const isInteger = (v: unknown): v is number => Number.isSafeInteger(v) && Math.abs(v as number) < INT32;

/**
 * The position a cursor names, if it names one this list can use. A cursor that does not decode, or whose value
 * does not fit the sort column, is treated as "from the start" rather than an error a user can't fix.
 */
export function decodeCursor(cursor: string | undefined, kind: CursorKind): Cursor | undefined {
  if (!cursor) return undefined;
  try {
    const [value, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const fits = kind === 'text' ? isText(value) : isInteger(value);
    if (fits && isText(id)) return { value: value as string | number, id };
  } catch {
    // fall through
  }
  return undefined;
}
