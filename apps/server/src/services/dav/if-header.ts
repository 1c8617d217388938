/**
 * The WebDAV `If` header (RFC 4918 section 10.4): lists of conditions, each list optionally tagged with the
 * resource it applies to (untagged lists apply to the request's own resource). A condition is a state token
 * (a lock token, or `DAV:no-lock`, which no resource has) or an entity tag, either of which may be negated.
 */
export interface IfCondition {
  not: boolean;
  kind: 'token' | 'etag';
  value: string;
}

export interface IfList {
  /** The resource's path below /dav/ (decoded, no trailing slash), or undefined for the request's own. */
  resource?: string;
  conditions: IfCondition[];
}

export class IfHeaderSyntaxError extends Error {}

/** Parses the header; an unreadable one throws IfHeaderSyntaxError (answered 400). */
export function parseIfHeader(header: string, pathOfUrl: (url: string) => string | undefined): IfList[] {
  const lists: IfList[] = [];
  let i = 0;
  let resource: string | undefined;
  const skipSpace = () => {
    while (i < header.length && /\s/.test(header[i]!)) i++;
  };
  const readUntil = (end: string): string => {
    const close = header.indexOf(end, i);
    if (close < 0) throw new IfHeaderSyntaxError('unterminated');
    const text = header.slice(i, close);
    i = close + 1;
    return text;
  };
  for (skipSpace(); i < header.length; skipSpace()) {
    const c = header[i];
    if (c === '<') {
      i++;
      const url = readUntil('>');
      // A tag for a resource outside our tree can never be satisfied here.
      resource = pathOfUrl(url) ?? '\u0000outside';
      continue;
    }
    if (c !== '(') throw new IfHeaderSyntaxError(`unexpected ${c}`);
    i++;
    const conditions: IfCondition[] = [];
    for (skipSpace(); header[i] !== ')'; skipSpace()) {
      if (i >= header.length) throw new IfHeaderSyntaxError('unterminated list');
      let not = false;
      if (header.slice(i, i + 3).toLowerCase() === 'not') {
        not = true;
        i += 3;
        skipSpace();
      }
      if (header[i] === '<') {
        i++;
        conditions.push({ not, kind: 'token', value: readUntil('>') });
      } else if (header[i] === '[') {
        i++;
        conditions.push({ not, kind: 'etag', value: readUntil(']') });
      } else throw new IfHeaderSyntaxError('bad condition');
    }
    i++;
    if (!conditions.length) throw new IfHeaderSyntaxError('empty list');
    lists.push({ resource, conditions });
  }
  if (!lists.length) throw new IfHeaderSyntaxError('no list');
  return lists;
}

/** Every state token the header names, negated or not: the lock tokens a client "submitted". */
export function submittedTokens(lists: IfList[]): Set<string> {
  return new Set(lists.flatMap((l) => l.conditions.filter((c) => c.kind === 'token').map((c) => c.value)));
}

/** What a condition is checked against: the resource's current entity tag and the lock tokens covering it. */
export interface ResourceState {
  etag: string | undefined;
  lockTokens: ReadonlySet<string>;
}

/**
 * True when at least one list holds. `stateOf` answers for the request's own path (undefined) or a tagged
 * one; weak and strong tags compare by their opaque value.
 */
export async function ifHeaderHolds(
  lists: IfList[],
  stateOf: (resource: string | undefined) => Promise<ResourceState>,
): Promise<boolean> {
  for (const list of lists) {
    const state = await stateOf(list.resource);
    const holds = list.conditions.every((c) => {
      const met =
        c.kind === 'etag'
          ? state.etag !== undefined && stripWeak(c.value) === stripWeak(state.etag)
          : state.lockTokens.has(c.value);
      return c.not ? !met : met;
    });
    if (holds) return true;
  }
  return false;
}

const stripWeak = (tag: string) => tag.replace(/^W\//, '');
