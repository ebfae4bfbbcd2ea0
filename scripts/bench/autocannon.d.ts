/** The part of autocannon's programmatic API the bench uses (the package ships no types). */
declare module "autocannon" {
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

  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    pipelining?: number;
    timeout?: number;
    title?: string;
  }

  interface Result {
    title?: string;
    url: string;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    /** Milliseconds. */
    latency: Histogram;
    /** Per second; `total` is the number of completed requests. */
    requests: Histogram & { sent: number };
    /** Bytes per second; `total` is every byte received. */
    throughput: Histogram;
  }

  function autocannon(options: Options): Promise<Result> & { stop(): void };
  export default autocannon;
  export type { Histogram, Options, Result };
}
