import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/executor';
import * as props from '../../repositories/dav-properties';
import type { DeadProperty } from '../../repositories/dav-properties';

export type { DeadProperty };

export type PropertyChange =
  | { op: 'set'; namespace: string; name: string; valueXml: string }
  | { op: 'remove'; namespace: string; name: string };

/** Dead properties (RFC 4918 section 4): whatever a client stored with PROPPATCH, kept as its XML. */
export class DavProperties {
  constructor(private readonly db: Db) {}

  list(resource: string): Promise<DeadProperty[]> {
    return props.propertiesOf(this.db, resource);
  }

  /** The dead properties of each of `resources`, by resource, in one query. */
  async listMany(resources: string[]): Promise<Map<string, DeadProperty[]>> {
    const out = new Map<string, DeadProperty[]>();
    for (const row of await props.propertiesOfMany(this.db, resources)) {
      const list = out.get(row.resource) ?? [];
      list.push(row);
      out.set(row.resource, list);
    }
    return out;
  }

  /** Applies every change in order, all or none (PROPPATCH is atomic). */
  async apply(resource: string, changes: PropertyChange[]): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      for (const change of changes) {
        if (change.op === 'set') {
          await props.setProperty(trx, resource, {
            namespace: change.namespace,
            name: change.name,
            value_xml: change.valueXml,
          });
        } else {
          await props.removeProperty(trx, resource, change.namespace, change.name);
        }
      }
    });
  }

  copy(from: string, to: string): Promise<void> {
    return props.copyProperties(this.db, from, to);
  }
}
