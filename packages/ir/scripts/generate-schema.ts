// Writes schema/pipeline.schema.json from the zod schema, the one definition of the document.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PipelineSchema } from '../src/document/schema.js';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'schema', 'pipeline.schema.json');
const schema = z.toJSONSchema(PipelineSchema, { target: 'draft-2020-12', io: 'input' });
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ ...schema, $id: 'urn:thund:schema:pipeline:1' }, null, 2)}\n`);
console.log(`wrote ${out}`);
