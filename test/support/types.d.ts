// Minimal typings for test-only packages that ship none.

declare module "li" {
  /** One link as `li.parse(header, { extended: true })` returns it. */
  interface LiLink {
    link: string;
    rel?: string[];
    rev?: string[];
    [attribute: string]: string | string[] | undefined;
  }

  interface Li {
    /** Maps each rel to its URL (a later link with the same rel wins). */
    parse(header: string): Record<string, string>;
    /** Every link in header order, each with its rel list. */
    parse(header: string, options: { extended: true }): LiLink[];
    stringify(links: Record<string, string>): string;
  }

  const li: Li;
  export default li;
}

declare module "express4" {
  import express = require("express");
  export = express;
}

declare module "autocannon" {
  /** A histogram summary (latency in ms, requests and bytes per sample). */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  /** One request of a cycle each connection sends in turn. */
  export interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    /** Called with each answer (its body then read): the headers by lower-case name. */
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void;
  }

  export interface Options {
    url: string;
    requests?: RequestSpec[];
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    timeout?: number;
    title?: string;
  }

  export interface Result {
    /** Seconds the run took. */
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    /** `total` is the number of completed requests. */
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  /** Without a callback, the returned tracker is also a promise of the result. */
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
