import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closedPort, type TestS3 } from '../blobs/s3-server';
import { startChildServer, type ChildServer } from '../helpers/child-server';

/**
 * N CloudStash processes on their own ports and data folders, sharing one PostgreSQL database and one S3
 * bucket: the deployment of docs/deployment.md, in miniature.
 */
export class Cluster {
  readonly nodes: Array<ChildServer | undefined> = [];
  readonly dataDirs: string[] = [];
  private readonly ports: string[] = [];

  constructor(
    private readonly sharedEnv: Record<string, string>,
    readonly size: number,
  ) {}

  static async start(options: {
    databaseUrl: string;
    s3: TestS3;
    bucket: string;
    size: number;
    /** Settings every process adds to the shared ones. */
    env?: Record<string, string>;
  }): Promise<Cluster> {
    const cluster = new Cluster(
      {
        ...options.s3.env(options.bucket),
        DATABASE_URL: options.databaseUrl,
        APP_SECRET: 'one-secret-for-every-process',
        SHUTDOWN_TIMEOUT_SECONDS: '20',
        ...options.env,
      },
      options.size,
    );
    for (let i = 0; i < options.size; i++) {
      cluster.dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `cloudstash-node${i}-`)));
      cluster.ports.push(String(await closedPort()));
    }
    await Promise.all(Array.from({ length: options.size }, (_, i) => cluster.startNode(i)));
    return cluster;
  }

  /** The settings node `i` runs with (also what a CLI run against the cluster needs). */
  env(i: number): Record<string, string> {
    return { ...this.sharedEnv, DATA_DIR: this.dataDirs[i]!, PORT: this.ports[i]! };
  }

  async startNode(i: number): Promise<ChildServer> {
    const node = await startChildServer(this.env(i));
    this.nodes[i] = node;
    return node;
  }

  url(i: number): string {
    const node = this.nodes[i];
    if (!node) throw new Error(`node ${i} is not running`);
    return node.baseUrl;
  }

  /** Warnings and errors every process has logged so far (LOG_LEVEL=warn), for a failing test's message. */
  readonly logs: string[] = [];

  async kill(i: number, signal: NodeJS.Signals): Promise<number | null> {
    const node = this.nodes[i];
    this.nodes[i] = undefined;
    if (!node) return null;
    const code = await node.kill(signal);
    this.logs.push(
      ...node
        .output()
        .split('\n')
        .filter(Boolean)
        .map((line) => `[process ${i}] ${line}`),
    );
    return code;
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((_, i) => this.kill(i, 'SIGKILL')));
    for (const dir of this.dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
