import { describe, expect, it } from 'vitest';
import { readyLine } from '../../src/ready-line';

const base = {
  publicOrigin: undefined,
  database: { kind: 'sqlite', file: '/srv/app/data/cloudstash.db' },
  blobStore: { kind: 'fs', root: '/srv/app/data/blobs' },
  maxUploadBytes: 5 * 1024 * 1024,
} as const;

describe('readyLine', () => {
  it('shows every-interface hosts as localhost and paths relative to the working folder', () => {
    expect(readyLine(base, { host: '0.0.0.0', port: 3000 }, { newInstance: true, cwd: '/srv/app' })).toBe(
      'CloudStash is ready at http://localhost:3000 · database: SQLite (./data/cloudstash.db) · ' +
        'blobs: ./data/blobs · uploads up to 5 MB · ' +
        'new instance: the first account to register becomes administrator',
    );
  });

  it('prefers PUBLIC_ORIGIN and leaves out the new-instance note once an account exists', () => {
    const line = readyLine(
      { ...base, publicOrigin: 'https://files.example.org' },
      { host: '127.0.0.1', port: 3000 },
      { newInstance: false, cwd: '/elsewhere' },
    );
    expect(line).toBe(
      'CloudStash is ready at https://files.example.org · database: SQLite (/srv/app/data/cloudstash.db) · ' +
        'blobs: /srv/app/data/blobs · uploads up to 5 MB',
    );
  });

  it('never prints database or S3 credentials', () => {
    const line = readyLine(
      {
        ...base,
        database: { kind: 'postgres', url: 'postgres://app:s3cret@db.internal:5432/cloudstash?password=x' },
        blobStore: {
          kind: 's3',
          bucket: 'files',
          endpoint: 'https://key:secret@s3.example.org',
          region: 'us-east-1',
          accessKeyId: 'AKIA',
          secretAccessKey: 'very-secret',
          forcePathStyle: true,
        },
      },
      { host: '::', port: 8080 },
      { newInstance: false },
    );
    expect(line).toBe(
      'CloudStash is ready at http://localhost:8080 · database: PostgreSQL (postgres://db.internal:5432/cloudstash) · ' +
        'blobs: S3 bucket files at https://s3.example.org/ · uploads up to 5 MB',
    );
    expect(line).not.toMatch(/s3cret|secret|AKIA|app:/);
  });
});
