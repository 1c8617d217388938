declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (
      req: Request & { headers: Record<string, string> },
      context: unknown,
    ) => Request | undefined;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    requests?: Request[];
    timeout?: number;
    pipelining?: number;
  }
  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export interface Instance extends EventEmitter, PromiseLike<Result> {}
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
