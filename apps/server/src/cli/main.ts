import { parseArgs } from 'node:util';
import pino from 'pino';
import { createBlobStore } from '../blobs/create-blob-store';
import { MIGRATE_USAGE, MigrateUsageError, migrateCommand } from './migrate';
import { ConfigError, loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { loadAppSecret } from '../secrets';
import { createServices } from '../services/container';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  create-admin --email <email> [--name <name>] [--password <password>]
        Make a new administrator, or promote the existing account with that email.
        The password may also come from CLOUDSTASH_ADMIN_PASSWORD.
  fsck [--backfill | --repair]
        Check that every file has intact bytes, every reference count is right and every
        folder hangs from the top of its owner's tree (no cycle, nothing past the depth limit).
        Exits 1 and lists the problems when not. --backfill only gives blobs stored before
        checksums existed their CRC32C (after checking their SHA-256). --repair puts each
        stranded folder back at the top of its owner's tree as 'name (restored)'.
  scrub Re-hash every stored blob with SHA-256 and report the damaged ones (exits 1 if any).
  gc [--dry-run] [--grace-minutes <n>]
        Reclaim blobs nobody references and stale temporary files.
  thumbnails --backfill
        Queue thumbnails for stored files that have none (images always; videos with ffmpeg,
        PDFs with pdftoppm on this machine's PATH). Running servers make them in the background.
${MIGRATE_USAGE}
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // migrate has its own options, source and target stores; it returns non-zero when fsck finds problems.
  if (command === 'migrate') return (await migrateCommand(rest)).fsckProblems ? 1 : 0;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'grace-minutes': { type: 'string' },
      backfill: { type: 'boolean', default: false },
      repair: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }

  const config = loadConfig();
  const db = connectDatabase(config);
  try {
    await migrateToLatest(db);
    const store = await createBlobStore(config);
    const log = pino({ level: 'warn' });
    const services = createServices(config, db, store, loadAppSecret(config), log);

    switch (command) {
      case 'create-admin': {
        const email = values.email;
        const password = values.password ?? process.env.CLOUDSTASH_ADMIN_PASSWORD;
        if (!email) throw new UsageError('create-admin needs --email');
        const result = await services.accounts.makeAdmin({ email, name: values.name, password });
        console.log(
          result === 'promoted' ? `${email} is now an administrator.` : `Created administrator ${email}.`,
        );
        return 0;
      }
      case 'fsck': {
        if (values.backfill) {
          const { filled, problems } = await services.maintenance.backfillChecksums();
          for (const p of problems) console.log(`${p.problem}\t${p.blob}\t${p.detail ?? ''}`);
          console.log(`fsck --backfill: ${filled} checksum(s) recorded, ${problems.length} problem(s)`);
          return problems.length ? 1 : 0;
        }
        if (values.repair) {
          const moved = await services.folderTrees.repair();
          console.log(`fsck --repair: ${moved} folder(s) put back at the top`);
        }
        const { checkedBlobs, problems, uploadsInFlight } = await services.maintenance.fsck();
        const trees = await services.folderTrees.problems();
        for (const p of problems) console.log(`${p.problem}\t${p.blob}\t${p.detail ?? ''}`);
        for (const p of trees) console.log(`${p.problem}\t${p.folder}\t${p.detail}`);
        console.log(`fsck: ${checkedBlobs} blobs checked, ${problems.length + trees.length} problem(s)`);
        // Reported apart: an upload in progress is expected, not damage.
        console.log(`fsck: ${uploadsInFlight} resumable upload(s) in flight`);
        return problems.length + trees.length ? 1 : 0;
      }
      case 'scrub': {
        const { checkedBlobs, problems } = await services.maintenance.scrub();
        for (const p of problems) console.log(`${p.problem}\t${p.blob}\t${p.detail ?? ''}`);
        console.log(`scrub: ${checkedBlobs} blobs re-hashed, ${problems.length} problem(s)`);
        return problems.length ? 1 : 0;
      }
      case 'gc': {
        const graceMinutes =
          values['grace-minutes'] === undefined ? undefined : Number(values['grace-minutes']);
        if (graceMinutes !== undefined && !(graceMinutes >= 0))
          throw new UsageError('--grace-minutes must be >= 0');
        const report = await services.maintenance.gc({
          dryRun: values['dry-run'],
          graceMs: graceMinutes === undefined ? undefined : graceMinutes * 60_000,
        });
        const verb = values['dry-run'] ? 'would free' : 'freed';
        console.log(
          `gc: ${verb} ${report.bytesFreed} bytes (${report.unreferencedBlobs} unreferenced blobs, ` +
            `${report.orphanBytes} orphaned objects, ${report.orphanThumbnails} orphaned thumbnails, ` +
            `${report.tempFiles} temporary files, ${report.abandonedUploads} abandoned uploads, ` +
            `${report.trashPurged} trash items past their retention)`,
        );
        return 0;
      }
      case 'thumbnails': {
        if (!values.backfill) throw new UsageError('thumbnails needs --backfill');
        const queued = await services.thumbnails.backfill();
        console.log(`thumbnails: queued ${queued} stored file(s) for thumbnails`);
        return 0;
      }
      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
  } finally {
    await db.destroy();
  }
}

class UsageError extends Error {}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof MigrateUsageError || error instanceof ConfigError) {
      console.error(error.message);
      if (!(error instanceof ConfigError)) console.error(USAGE);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
