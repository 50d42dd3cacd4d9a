/**
 * Child process of the multi-writer crash test: recomputes table `t`
 * (written by flows `a` and `b`, ROWS rows each, every row tagged with
 * `argv[3]`, the generation) in `<argv[2]>/db.duckdb`, and prints one line
 * per terminal flow event so the parent can SIGKILL it around the swap.
 */
import { join } from 'node:path';
import { createNativeBackend } from '../../src/index.js';
import { multiWriterPipeline } from './multi-writer-pipeline.js';

const [dir, generation] = process.argv.slice(2);
if (dir === undefined || generation === undefined) throw new Error('usage: multi-writer-child <dir> <generation>');
const backend = createNativeBackend({ baseDir: dir, database: join(dir, 'db.duckdb') });
const handle = backend.run(multiWriterPipeline(Number(generation)));
for await (const event of handle) {
  if (event.element.kind === 'flow' && event.phase === 'completed') process.stdout.write(`COMPLETED ${event.element.name}\n`);
}
const result = await handle.result;
await backend.close();
process.stdout.write(`DONE ${result.status}\n`);
