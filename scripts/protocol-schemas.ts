// Writes docs/protocol/*.schema.json: the JSON Schema of every protocol message, generated from the
// zod schemas the gate validates messages with (src/adapters/protocol.ts), so the shipped schemas
// are exactly what the gate enforces. test/adapters/protocol-schemas.test.ts fails when they are stale.
//   npx tsx scripts/protocol-schemas.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { protocolSchemas } from '../src/adapters/protocol-schemas.js';

const dir = join(import.meta.dirname, '..', 'docs', 'protocol');
for (const [file, text] of Object.entries(protocolSchemas())) writeFileSync(join(dir, file), text);
console.log(`wrote ${Object.keys(protocolSchemas()).length} schemas to docs/protocol/`);
