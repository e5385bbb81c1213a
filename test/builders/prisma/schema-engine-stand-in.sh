#!/bin/sh
# A stand-in for Prisma's schema engine, named by PRISMA_SCHEMA_ENGINE_BINARY in the tests'
# `prisma generate` (test/builders/prisma/generate-clients.ts). Prisma's CLI downloads the real
# engine from binaries.prisma.sh, outside the registries this project installs from, before any
# command; `prisma generate` parses the schema with the CLI's own WebAssembly and never runs the
# engine, but the path must exist. The tests make their tables by SQL (`prisma migrate` is the
# engine's work). Users run Prisma's own CLI as usual.
echo "pagewise's tests: a stand-in for Prisma's schema engine, which they do not run" >&2
exit 1
