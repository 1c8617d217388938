import type { Compilable, CompiledQuery } from 'kysely';
import type { Executor } from './executor';
import { isPostgres } from './totals';

/**
 * A query that runs on every request, built and compiled once per dialect and then run with each call's values.
 * Building and compiling a Kysely query cost more CPU than SQLite took to run it: on a signed-link ranged read,
 * the two lookups' building was about 15 % of the serving process's busy time.
 *
 * `build` names each argument after `db` (no rest or default parameters, so that its length counts them) and
 * receives a placeholder for each, which it must pass straight through as a value (not into a `sql` fragment
 * as text, nor through a function of it), so that it lands in the compiled parameters, where each call's own
 * value replaces it.
 */
export function preparedQuery<Args extends unknown[], Row>(
  build: (db: Executor, ...placeholders: Args) => Compilable<Row>,
): (db: Executor, ...args: Args) => Promise<Row[]> {
  const arity = build.length - 1;
  const placeholders = Array.from({ length: arity }, (_, i) => `\u0000prepared-query-argument-${i}\u0000`);
  const slotOf = new Map(placeholders.map((p, i) => [p, i]));
  const compiled = new Map<
    'postgres' | 'sqlite',
    { query: CompiledQuery<Row>; slots: (number | undefined)[] }
  >();
  return async (db, ...args) => {
    const dialect = isPostgres(db) ? 'postgres' : 'sqlite';
    let entry = compiled.get(dialect);
    if (!entry) {
      const query = build(db, ...(placeholders as Args)).compile();
      const slots = query.parameters.map((p) => (typeof p === 'string' ? slotOf.get(p) : undefined));
      if (new Set(slots.filter((s) => s !== undefined)).size !== arity) {
        throw new Error('preparedQuery: every placeholder must reach the compiled parameters as a value');
      }
      entry = { query, slots };
      compiled.set(dialect, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => (slots[i] === undefined ? p : args[slots[i]]));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
