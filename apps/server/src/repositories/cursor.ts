/** Keyset position of the last row of a page: its sort value and id, opaque to clients. */
export interface Cursor {
  value: string | number;
  id: string;
}

export function encodeCursor(value: string | number, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

/** A cursor that does not decode is treated as "from the start" rather than an error a user can't fix. */
export function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  try {
    const [value, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if ((typeof value === 'string' || typeof value === 'number') && typeof id === 'string') return { value, id };
  } catch {
    // fall through
  }
  return undefined;
}
