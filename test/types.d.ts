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
