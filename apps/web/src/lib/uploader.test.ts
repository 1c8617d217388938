import { describe, expect, it } from 'vitest';
import { uploaderShown } from './uploader';

const dana = { _id: 'u-dana', name: 'Dana Admin' };

describe('uploaderShown', () => {
  it('names the owner alone when they uploaded it themselves', () => {
    expect(uploaderShown({ uploadedBy: dana, uploader: { ...dana, via: 'app' } })).toEqual({
      name: 'Dana Admin',
    });
  });

  it('names the colleague who uploaded it, with the owner beside', () => {
    expect(
      uploaderShown({
        uploadedBy: dana,
        uploader: { _id: 'u-ana', name: 'Ana', via: 'client', client: 'Laptop' },
      }),
    ).toEqual({ name: 'Ana', owner: 'Dana Admin', through: 'Laptop' });
  });

  it('names an upload link’s visitor by the name they gave', () => {
    expect(
      uploaderShown({ uploadedBy: dana, uploader: { _id: null, name: 'A client', via: 'link' } }),
    ).toEqual({
      name: 'A client',
      owner: 'Dana Admin',
      through: 'an upload link',
    });
  });

  it('falls back to the owner, or Unknown User, when no uploader is known', () => {
    expect(uploaderShown({ uploadedBy: dana, uploader: null })).toEqual({ name: 'Dana Admin' });
    expect(uploaderShown({ uploadedBy: null, uploader: null })).toEqual({ name: 'Unknown User' });
  });
});
