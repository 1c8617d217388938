import { sql } from 'kysely';
import type { Executor } from '../db/executor';
import { isPostgres } from '../db/totals';

export interface DeadProperty {
  namespace: string;
  name: string;
  value_xml: string;
}

/** The dead properties of one resource (`file:{id}` or `folder:{id}`), by its primary-key prefix. */
export function propertiesOf(db: Executor, resource: string): Promise<DeadProperty[]> {
  return db
    .selectFrom('dav_properties')
    .select(['namespace', 'name', 'value_xml'])
    .where('resource', '=', resource)
    .execute();
}

/** What a property weighs against the caps: its namespace, name and value, in UTF-8 bytes. */
const sizeOf = (p: DeadProperty) =>
  Buffer.byteLength(p.namespace) + Buffer.byteLength(p.name) + Buffer.byteLength(p.value_xml);

export async function setProperty(
  db: Executor,
  resource: string,
  ownerId: string,
  property: DeadProperty,
): Promise<void> {
  const size = sizeOf(property);
  await db
    .insertInto('dav_properties')
    .values({ resource, owner_id: ownerId, size, ...property })
    .onConflict((oc) =>
      oc.columns(['resource', 'namespace', 'name']).doUpdateSet({ value_xml: property.value_xml, size }),
    )
    .execute();
}

/** How many dead properties one resource holds, and their bytes. */
export async function usageOf(db: Executor, resource: string): Promise<{ count: number; bytes: number }> {
  const row = await db
    .selectFrom('dav_properties')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number | null>('size').as('bytes')])
    .where('resource', '=', resource)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** The bytes of every dead property on an account's items. */
export async function bytesOfOwner(db: Executor, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('dav_properties')
    .select((eb) => eb.fn.sum<number | null>('size').as('bytes'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/**
 * Makes PROPPATCHes on one account's items take turns until the transaction ends, so two at once cannot both
 * find room under the account's cap (across processes on PostgreSQL; SQLite runs one writer at a time).
 */
export async function serialisePropertyWrites(db: Executor, ownerId: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`dav-properties:${ownerId}`}))`.execute(db);
}

export async function removeProperty(
  db: Executor,
  resource: string,
  namespace: string,
  name: string,
): Promise<void> {
  await db
    .deleteFrom('dav_properties')
    .where('resource', '=', resource)
    .where('namespace', '=', namespace)
    .where('name', '=', name)
    .execute();
}

export async function removePropertiesOf(db: Executor, resources: string[]): Promise<void> {
  if (!resources.length) return;
  await db.deleteFrom('dav_properties').where('resource', 'in', resources).execute();
}

/** A COPY's destination (an item of `ownerId`) gets the source's dead properties. */
export async function copyProperties(db: Executor, from: string, to: string, ownerId: string): Promise<void> {
  const rows = await propertiesOf(db, from);
  for (const row of rows) await setProperty(db, to, ownerId, row);
}

/** The dead properties of many resources at once (a page of a listing), one query. */
export function propertiesOfMany(
  db: Executor,
  resources: string[],
): Promise<Array<DeadProperty & { resource: string }>> {
  if (!resources.length) return Promise.resolve([]);
  return db
    .selectFrom('dav_properties')
    .select(['resource', 'namespace', 'name', 'value_xml'])
    .where('resource', 'in', resources)
    .execute();
}
