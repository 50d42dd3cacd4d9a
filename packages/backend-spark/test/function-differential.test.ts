import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Native must not depend on the machine's zone: DuckDB starts in this one, and the backend sets UTC itself.
process.env['TZ'] = 'America/New_York';
import { FUNCTION_CATALOG } from '@thund/ir';
import { FIXED_FUZZ_SEED, fuzzSeeds, signaturesOf } from '@thund/backend-testkit';
import { type NativeBackend, createNativeBackend } from '@thund/backend-native';
import { SparkConnectSession } from '../src/index.js';
import { remote, tempRoot } from './support/differential.js';
import { evaluateOnNative, refusalOf } from './support/function-evaluation.js';
import { INPUTS_PER_SIGNATURE, compareEngines, inputTable, shown } from './support/function-differential.js';

// The function differential (issue 38): every signature of every cataloged function, evaluated on the real Spark
// server and through the native backend over the same generated inputs (NULLs, empty and Unicode strings, boundary
// numbers, dates around 1970 and leap days, DST changes), one query per signature and engine. Results, and the
// result type (which must also be the catalog's type rule), must be equal; rows one engine refuses (Spark's ANSI
// errors) the other must refuse too. THUND_FUNCTIONS=name,name narrows it while working on a family.
const only = new Set((process.env['THUND_FUNCTIONS'] ?? '').split(',').filter((n) => n !== ''));
const functions = FUNCTION_CATALOG.filter((f) => only.size === 0 || only.has(f.name));
const seeds = fuzzSeeds(FIXED_FUZZ_SEED);
const root = tempRoot('thund-fn-diff-');

describe.runIf(remote !== undefined)('function differential: native vs Spark, every catalog signature', () => {
  let session: SparkConnectSession;
  let native: NativeBackend;
  const started = Date.now();
  const totals = { signatures: 0, inputs: 0, queries: 0, bothRefused: 0, refused: 0, refusedInputs: 0 };

  beforeAll(async () => {
    session = SparkConnectSession.connect(remote as string);
    // The graph's session zone; and no ConvertToLocalRelation, so Spark evaluates the inputs as it does a table's.
    await session.setConfig({
      'spark.sql.session.timeZone': 'UTC',
      'spark.sql.optimizer.excludedRules': 'org.apache.spark.sql.catalyst.optimizer.ConvertToLocalRelation',
    });
    native = createNativeBackend({ baseDir: root.path() });
  });

  afterAll(async () => {
    await native?.close();
    await session?.close();
    root.remove();
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(`function differential: ${functions.length} functions, ${totals.signatures} signatures, ${INPUTS_PER_SIGNATURE} generated inputs each (${totals.inputs} in all), seeds ${seeds.join(', ')}, ${totals.queries} queries per engine, ${totals.bothRefused} rows both engines refused, ${totals.refused} signatures refused by check, ${totals.refusedInputs} inputs native refuses at run (THUND_REFUSED), ${seconds} s`);
  });

  for (const signature of functions.flatMap((f) => signaturesOf(f))) {
    it(signature.label, async () => {
      // A call the catalog refuses (its argument rule) is refused by check: native runs nothing, and says why.
      const first = inputTable(signature, seeds[0] ?? FIXED_FUZZ_SEED);
      const refusal = refusalOf(signature, first);
      if (refusal !== undefined) {
        const outcome = await evaluateOnNative(native, signature, first);
        expect(outcome.ok ? 'ran' : outcome.error, `${signature.label} is refused`).toContain(refusal.slice(0, 60));
        totals.refused += 1;
        return;
      }
      for (const seed of seeds) {
        const table = inputTable(signature, seed);
        const result = await compareEngines({ session, native }, signature, table);
        totals.signatures += seed === seeds[0] ? 1 : 0;
        totals.inputs += table.rows.length;
        totals.queries += result.queries;
        totals.bothRefused += result.bothFailed.length;
        totals.refusedInputs += result.refused.length;
        const replay = `seed ${seed} (replay: THUND_FUZZ_SEED=${seed} THUND_FUNCTIONS=${signature.name})`;
        const listed = result.differences.slice(0, 6).map((d) => `inputs ${shown(d.inputs)}: native ${d.native}, spark ${d.spark}`);
        expect(result.differences.length, `${signature.label}, ${replay}: ${result.differences.length} results differ: ${listed.join(' | ')}`).toBe(0);
        expect(result.types.native, `${signature.label}: native's result type`).toBe(result.types.spark);
        if (result.types.spark !== undefined) expect(result.types.inferred, `${signature.label}: the catalog's type rule`).toBe(result.types.spark);
      }
    }, 180_000);
  }
});
