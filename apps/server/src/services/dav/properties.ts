import { DAV_MESSAGES, DAV_PROPERTY_LIMITS } from '@cloudstash/contract';
import type { Db } from '../../db/connect';
import { inTransaction, type Executor } from '../../db/executor';
import * as props from '../../repositories/dav-properties';
import type { DeadProperty } from '../../repositories/dav-properties';
import type { Viewer } from '../sessions';
import { DavError } from './errors';
import { resourceKey, type DavResource } from './tree';
import { writableTreeOwner } from './write-access';

export type { DeadProperty };

export type PropertyChange =
  | { op: 'set'; namespace: string; name: string; valueXml: string }
  | { op: 'remove'; namespace: string; name: string };

const full = (limit: string) => new DavError(507, DAV_MESSAGES.propertiesFull(limit));

/**
 * Dead properties (RFC 4918 section 4): whatever a client stored with PROPPATCH, kept as its XML. Storing them
 * is writing to the item: the access policy decides it as it does a PUT, and they count against the caps of
 * DAV_PROPERTY_LIMITS (per item and per account whose item it is).
 */
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

  /**
   * Applies every change in order, all or none (PROPPATCH is atomic): 403 unless the viewer may write the
   * item, 507 when what it would then hold passes a cap (and nothing of the request is kept).
   */
  async apply(viewer: Viewer, resource: DavResource, changes: PropertyChange[]): Promise<void> {
    const ownerId = await writableTreeOwner(this.db, viewer, resource);
    const key = resourceKey(resource);
    await inTransaction(this.db, async (trx) => {
      await props.serialisePropertyWrites(trx, ownerId);
      for (const change of changes) {
        if (change.op === 'set') {
          await props.setProperty(trx, key, ownerId, {
            namespace: change.namespace,
            name: change.name,
            value_xml: change.valueXml,
          });
        } else {
          await props.removeProperty(trx, key, change.namespace, change.name);
        }
      }
      if (changes.some((c) => c.op === 'set')) await this.assertWithinLimits(trx, key, ownerId);
    });
  }

  copy(from: string, to: string, ownerId: string): Promise<void> {
    return props.copyProperties(this.db, from, to, ownerId);
  }

  private async assertWithinLimits(trx: Executor, key: string, ownerId: string): Promise<void> {
    const item = await props.usageOf(trx, key);
    if (item.count > DAV_PROPERTY_LIMITS.namesPerItem)
      throw full(`at most ${DAV_PROPERTY_LIMITS.namesPerItem} per item`);
    if (item.bytes > DAV_PROPERTY_LIMITS.bytesPerItem)
      throw full(`at most ${DAV_PROPERTY_LIMITS.bytesPerItem / 1024} KiB per item`);
    if ((await props.bytesOfOwner(trx, ownerId)) > DAV_PROPERTY_LIMITS.bytesPerAccount)
      throw full(`at most ${DAV_PROPERTY_LIMITS.bytesPerAccount / 1024 / 1024} MiB per account`);
  }
}
