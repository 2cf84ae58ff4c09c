/** The part of autocannon's API bench/city.ts uses (the package ships no types). */
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p99: number; total: number };
  type Request = { setupRequest?: (req: Record<string, unknown>) => Record<string, unknown> };
  type Options = { url: string | string[]; connections?: number; duration?: number; requests?: Request[] };
  type Result = { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number };
  export default function autocannon(options: Options): Promise<Result>;
}
