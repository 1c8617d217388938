import type { Executor } from '../db/executor';

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

export async function setProperty(db: Executor, resource: string, property: DeadProperty): Promise<void> {
  await db
    .insertInto('dav_properties')
    .values({ resource, ...property })
    .onConflict((oc) =>
      oc.columns(['resource', 'namespace', 'name']).doUpdateSet({ value_xml: property.value_xml }),
    )
    .execute();
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

/** A COPY's destination gets the source's dead properties. */
export async function copyProperties(db: Executor, from: string, to: string): Promise<void> {
  const rows = await propertiesOf(db, from);
  for (const row of rows) await setProperty(db, to, row);
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
