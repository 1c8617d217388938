import { describe, expect, it } from 'vitest';
import { goingFirst, type TransferItem, type TransferStatus } from './transfer-queue';

const row = (id: string, status: TransferStatus): TransferItem => ({
  id,
  size: 1,
  status,
  sent: 0,
  error: null,
});

describe('the order of an upload list', () => {
  it('puts the files going now first, then failures, the queued and the finished, each in queue order', () => {
    const items = [
      row('a', 'done'),
      row('b', 'done'),
      row('c', 'failed'),
      row('d', 'waiting'),
      row('e', 'uploading'),
      row('f', 'cancelled'),
      row('g', 'uploading'),
      row('h', 'waiting'),
    ];
    expect(goingFirst(items).map((item) => item.id)).toEqual(['e', 'g', 'c', 'd', 'h', 'a', 'b', 'f']);
  });
});
