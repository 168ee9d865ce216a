// The few parts of autocannon's result the load driver reads (autocannon ships no types).
declare module 'autocannon' {
  type Histogram = { p50: number; p90: number; p99: number; max: number; average: number };
  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram & { total: number };
  };
  export type Options = {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    pipelining?: number;
    overallRate?: number;
  };
  export default function autocannon(opts: Options): Promise<Result>;
}
