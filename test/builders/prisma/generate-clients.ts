/**
 * Generates the Prisma clients the tests of pagewise/prisma run on, one per provider, from one
 * schema (`MODELS`): `prisma generate` (generator `prisma-client`) into
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

/** The providers the tests run on, by the folder of their client. */
export const PROVIDERS = { sqlite: "sqlite", postgres: "postgresql", mysql: "mysql" } as const;

/**
 * The tests' models, as on every database (the tables are made by SQL in `prisma-engines.ts`):
 * `Item` the walks' table (ties, NULLs, keys beyond 2^53), `Tag` a relation to many.
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
`;

/** The schema of one provider's client. */
function schemaOf(folder: string, provider: string): string {
  return `generator client {
  provider = "prisma-client"
  output   = "./${folder}"
}

datasource db {
  provider = "${provider}"
}
${MODELS}`;
}

/** Generates each provider's client that is missing or stale. */
export function generateClients(): void {
  const cli = require.resolve("prisma/build/index.js");
  const version = JSON.parse(readFileSync(require.resolve("prisma/package.json"), "utf8")).version;
  for (const [folder, provider] of Object.entries(PROVIDERS)) {
    const file = `${HERE}generated/${folder}.prisma`;
    const schema = `// prisma ${version}\n${schemaOf(folder, provider)}`;
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
