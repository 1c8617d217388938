import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** Reclamation runs this often in the background; a lease keeps it to one process at a time. */
const SWEEP_INTERVAL_MS = 15 * 60_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, services, beginShutdown } = await buildApp(config);
  // Whatever a previous run left half-written is garbage now: no upload survives a restart.
  await services.maintenance.removeTempFiles(Date.now());
  await app.listen({ port: config.port, host: config.host });

  const sweep = setInterval(() => {
    services.maintenance.sweepIfLeader().catch((error: unknown) => app.log.warn({ err: error }, 'background gc failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    beginShutdown();
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    clearInterval(sweep);
    const deadline = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(`CloudStash could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
