import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

const SLOW_SOCKETS = 300;

/**
 * Slowloris: a few hundred connections that trickle their headers one byte a second must neither starve other
 * clients nor hold their sockets past the header timeout. Loopback only, bounded, about 13 seconds.
 */
describe('slow and stuck clients', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('has header, request, idle and keep-alive timeouts set', () => {
    const server = t.app.server;
    expect(server.headersTimeout).toBeGreaterThan(0);
    expect(server.headersTimeout).toBeLessThanOrEqual(10_000);
    expect(server.requestTimeout).toBeGreaterThan(0);
    expect(server.requestTimeout).toBeLessThanOrEqual(5 * 60_000);
    expect(server.timeout).toBeGreaterThan(0);
    expect(server.timeout).toBeLessThanOrEqual(2 * 60_000);
    expect(server.keepAliveTimeout).toBeLessThanOrEqual(10_000);
  });

  it('keeps answering others while 300 connections trickle a byte a second, then drops the tricklers', async () => {
    const closedAt: number[] = [];
    const sockets: net.Socket[] = [];
    const opened = Date.now();
    const header = Buffer.from('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    await Promise.all(
      Array.from(
        { length: SLOW_SOCKETS },
        () =>
          new Promise<void>((resolve) => {
            const socket = net.connect(t.port, '127.0.0.1', () => {
              socket.write(header.subarray(0, 20));
              resolve();
            });
            socket.on('error', () => {});
            socket.on('close', () => closedAt.push(Date.now() - opened));
            sockets.push(socket);
          }),
      ),
    );
    let sent = 20;
    const trickle = setInterval(() => {
      for (const s of sockets)
        if (!s.destroyed) s.write(sent < header.length ? header.subarray(sent, sent + 1) : 'a');
      sent += 1;
    }, 1000);
    try {
      // While they trickle, ordinary requests answer promptly.
      const latencies: number[] = [];
      while (Date.now() - opened < 8000) {
        const started = performance.now();
        const answer = await fetch(`${t.baseUrl}/api/v1/health`);
        latencies.push(performance.now() - started);
        expect(answer.status).toBe(200);
        await new Promise((r) => setTimeout(r, 250));
      }
      const worst = Math.max(...latencies);
      const stillOpen = sockets.filter((s) => !s.destroyed).length;
      // The header timeout (10 s, checked every second) must have closed every trickler soon after.
      const deadline = opened + 10_000 + 3000;
      while (closedAt.length < SLOW_SOCKETS && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      console.log(
        `slowloris: ${SLOW_SOCKETS} trickling sockets; ${latencies.length} ordinary requests meanwhile, worst ${worst.toFixed(0)} ms; ` +
          `${stillOpen} still open at 8 s; ${closedAt.length} closed by the server, the last after ${(Math.max(...closedAt) / 1000).toFixed(1)} s`,
      );
      expect(stillOpen).toBe(SLOW_SOCKETS);
      expect(worst).toBeLessThan(1500);
      expect(closedAt.length).toBe(SLOW_SOCKETS);
      expect(Math.min(...closedAt)).toBeGreaterThanOrEqual(9000);
    } finally {
      clearInterval(trickle);
      for (const s of sockets) s.destroy();
    }
  }, 30_000);
});
