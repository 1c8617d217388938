import { savedFilename } from '@cloudstash/contract';

/** What a file's name rule needs: its stored name, whether that is exact, and its type. */
export interface NamedFile {
  filename: string;
  exact_name?: number;
  mimetype: string;
}

/**
 * The name a WebDAV client sees for a file before duplicates are numbered: a file written over WebDAV exactly
 * as it was written; a web upload with the extension of its type added unless the name already ends with it.
 */
export function baseVisibleName(file: NamedFile): string {
  return savedFilename(file.filename, file.mimetype, file.exact_name === 1);
}

/** `name.ext` → `name (n).ext` (`name (n)` without an extension; a leading dot is no extension). */
export function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return `${name} (${n})`;
  return `${name.slice(0, dot)} (${n})${name.slice(dot)}`;
}

/**
 * Gives each file of one folder its visible name, in creation order: the first of several equal names keeps
 * it, the next ones get ` (2)`, ` (3)`... Fed files in (created_at, id) order, so the numbers are stable.
 */
export class VisibleNames {
  private readonly seen = new Map<string, number>();

  next(file: NamedFile): string {
    const base = baseVisibleName(file);
    const count = (this.seen.get(base) ?? 0) + 1;
    this.seen.set(base, count);
    return count === 1 ? base : numbered(base, count);
  }
}

/**
 * The stored names a file shown as `visible` can have: the name itself (exact, or a web upload's that already
 * ends with its extension), the name without its extension (a web upload), and for `name (n).ext` the names
 * behind the numbered duplicate. One indexed query for these finds every file that can be shown as `visible`.
 */
export function storedNameCandidates(visible: string): string[] {
  const out = new Set<string>([visible, stem(visible)]);
  const dup = /^(.*) \((\d+)\)(\.[^.]*)?$/.exec(visible);
  if (dup) {
    const base = `${dup[1]}${dup[3] ?? ''}`;
    out.add(base);
    out.add(stem(base));
  }
  return [...out].filter(Boolean);
}

function stem(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
