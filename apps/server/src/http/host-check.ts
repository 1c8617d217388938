import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@cloudstash/contract';
import type { Config } from '../config';
import { AppError } from '../errors';

/** A host name, lower-cased, IPv6 addresses in brackets, with its port when one was given. */
export interface HostName {
  name: string;
  port?: string;
}

export function parseHost(value: string): HostName | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(value.trim());
  if (!match) return undefined;
  return { name: match[1]!.toLowerCase().replace(/\.$/, ''), ...(match[2] && { port: match[2] }) };
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The machine's own addresses, so `http://<lan-ip>:3000` keeps working without configuration. */
function interfaceAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((i) => i !== undefined)
    .map((i) => (i.family === 'IPv6' ? `[${i.address.replace(/%.*$/, '')}]` : i.address).toLowerCase());
}

/**
 * The hosts this instance answers to. With PUBLIC_ORIGIN: its host (on its port) and ALLOWED_HOSTS. Without:
 * loopback names, the machine's own addresses and ALLOWED_HOSTS. An entry without a port allows any port.
 */
export function allowedHosts(
  config: Pick<Config, 'publicOrigin' | 'allowedHosts'>,
  addresses: () => string[] = interfaceAddresses,
): (host: string | undefined) => boolean {
  const allowed: HostName[] = config.allowedHosts.flatMap((entry) => parseHost(entry) ?? []);
  if (config.publicOrigin) {
    const origin = new URL(config.publicOrigin);
    const defaultPort = origin.protocol === 'https:' ? '443' : '80';
    allowed.push({ name: origin.hostname.toLowerCase(), port: origin.port || defaultPort });
  } else {
    allowed.push(...[...LOOPBACK_NAMES, ...addresses()].map((name) => ({ name })));
  }
  return (host) => {
    const given = host === undefined ? undefined : parseHost(host);
    if (!given) return false;
    return allowed.some(
      (a) =>
        a.name === given.name &&
        (a.port === undefined ||
          a.port === given.port ||
          (given.port === undefined && (a.port === '80' || a.port === '443'))),
    );
  };
}

/**
 * DNS rebinding defence: a page on attacker.example whose name is made to resolve to this server is same-origin
 * with it in the browser, Origin check included. Only requests naming one of our own hosts are answered, on
 * every route (health included); others get 421.
 */
export function registerHostCheck(
  app: FastifyInstance,
  config: Pick<Config, 'publicOrigin' | 'allowedHosts'>,
): void {
  const isAllowed = allowedHosts(config);
  app.addHook('onRequest', async (request) => {
    if (!isAllowed(request.host)) throw new AppError('MISDIRECTED', MESSAGES.unknownHost);
  });
}
