// The small part of autocannon 8's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  export interface Request {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    /**
     * Called before each request is sent; returns the request to send. `context` belongs to the
     * connection and starts empty at each pass through `requests`.
     */
    setupRequest?(req: Request, context: Record<string, unknown>): Request;
  }
  interface Options {
    url: string;
    connections?: number;
    /** seconds */
    duration?: number;
    /** Stop after this many requests in all (instead of after `duration`). */
    amount?: number;
    headers?: Record<string, string>;
    requests?: Request[];
    pipelining?: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
