// The part of autocannon (untyped) that the benchmarks use.
declare module "autocannon" {
  type Histogram = { average: number; total: number; p50: number; p99: number; [k: string]: number };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx?: number;
    [k: string]: unknown;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: string;
    body?: string | Buffer;
    headers?: Record<string, string>;
    [k: string]: unknown;
  };
  function autocannon(opts: Options, cb: (err: Error | null, result: Result) => void): unknown;
  export default autocannon;
}
