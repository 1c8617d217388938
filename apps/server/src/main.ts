import './heap-tuning';
import { ConfigError, loadConfig } from './config';
import { serve } from './serve';

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
  await serve(config);
}

main().catch((error: unknown) => {
  console.error(`CloudStash could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
