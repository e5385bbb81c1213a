/**
 * Generates the Prisma clients the tests of pagewise/prisma run on, one per provider, from one
 * schema (`MODELS`), and the client of docs/prisma.md's endpoint (`DOCS_MODEL`): `prisma generate` (generator `prisma-client`) into
 * `test/builders/prisma/generated/<provider>/` (its schema beside it), which git ignores. Run before the type check
 * (`npm run typecheck`'s `pretypecheck`) and by vitest's global setup; a client already generated
 * from the same schema and Prisma version is kept. Nothing here reaches outside the registries:
 * the schema engine is a stand-in (`schema-engine-stand-in.sh` says why).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const require = createRequire(import.meta.url);

/**
 * The tests' models, as on every database (the tables are made by SQL in `prisma-engines.ts`):
 * `Item` the walks' table (ties, NULLs, keys beyond 2^53), `Tag` a relation to many, `Post` the
 * kinds of field Prisma compares otherwise: an enum (declared out of alphabetical order), a
 * Boolean, a Decimal.
 */
const MODELS = `
model Item {
  id        BigInt   @id
  name      String
  score     Int?
  grp       Int
  createdAt DateTime @map("created_at")
  tags      Tag[]

  @@map("items")
}

model Tag {
  id     Int    @id
  itemId BigInt @map("item_id")
  label  String
  item   Item   @relation(fields: [itemId], references: [id])

  @@map("tags")
}

enum Status {
  draft
  review
  published
  archived
}

model Post {
  id     Int     @id
  status Status
  pinned Boolean
  price  Decimal

  @@map("posts")
}
`;

/**
 * The model of docs/prisma.md's complete endpoint, as a user has it, its client generated with
 * `.js` import names (a project compiled under `module: "NodeNext"`).
 */
const DOCS_MODEL = `
model Package {
  id        Int      @id
  owner     String
  name      String
  status    String
  createdAt DateTime @map("created_at")

  @@index([owner, createdAt, id])
  @@map("packages")
}
`;

/** Each client by its folder: its provider, its models, its generator's options beyond output. */
const CLIENTS: Readonly<Record<string, readonly [string, string, string]>> = {
  sqlite: ["sqlite", MODELS, ""],
  postgres: ["postgresql", MODELS, ""],
  mysql: ["mysql", MODELS, ""],
  docs: ["sqlite", DOCS_MODEL, '\n  importFileExtension = "js"'],
};

/** The schema of one client. */
function schemaOf(
  folder: string,
  [provider, models, options]: readonly [string, string, string],
): string {
  return `generator client {
  provider = "prisma-client"
  output   = "./${folder}"${options}
}

datasource db {
  provider = "${provider}"
}
${models}`;
}

/** Generates each provider's client that is missing or stale. */
export function generateClients(): void {
  const cli = require.resolve("prisma/build/index.js");
  const version = JSON.parse(readFileSync(require.resolve("prisma/package.json"), "utf8")).version;
  for (const [folder, client] of Object.entries(CLIENTS)) {
    const file = `${HERE}generated/${folder}.prisma`;
    const schema = `// prisma ${version}\n${schemaOf(folder, client)}`;
    const made = existsSync(file) && readFileSync(file, "utf8") === schema;
    if (made && existsSync(`${HERE}generated/${folder}/client.ts`)) continue;
    mkdirSync(`${HERE}generated`, { recursive: true });
    writeFileSync(file, schema);
    execFileSync(process.execPath, [cli, "generate", "--schema", file], {
      stdio: "pipe",
      env: {
        ...process.env,
        PRISMA_SCHEMA_ENGINE_BINARY: `${HERE}schema-engine-stand-in.sh`,
        CHECKPOINT_DISABLE: "1",
        PRISMA_HIDE_UPDATE_MESSAGE: "1",
      },
    });
  }
}

/** vitest's global setup. */
export default function setup(): void {
  generateClients();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) generateClients();
