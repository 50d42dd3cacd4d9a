import { generatedCases } from '@thund/backend-testkit';
import { type Pipeline, type RelationNode, isStreamingTable, serializePipeline } from '@thund/ir';
import { describe, expect, it } from 'vitest';
import { SqlPrintError, pipelineFromSql, printPipelineSql, printQuery, queryFromSql } from '../src/index.js';

/** How many generated cases the round trip covers (the seed is the testkit's fixed one). */
const RUNS = 520;
const cases = generatedCases(RUNS);
const context = { workDir: '/work', path: (relative: string) => relative };

/** A plan in its canonical JSON form, so key order and absent optionals compare exactly. */
function canonical(query: RelationNode): unknown {
  const doc = JSON.parse(serializePipeline({ version: 1, name: 'q', datasets: [{ name: 'q', type: 'materialized_view' }], flows: [{ name: 'q', target: 'q', kind: 'batch', query }] } as Pipeline));
  return doc.flows[0].query;
}

describe(`print to SQL, parse back: the same plan (${RUNS} generated cases, seed ${cases[0]?.seed})`, () => {
  it('every flow query of every generated case', () => {
    let queries = 0;
    for (const generated of cases) {
      const pipeline = generated.pipeline(context);
      for (const flow of pipeline.flows) {
        const streaming = flow.kind === 'streaming';
        const sql = printQuery(flow.query, { streamed: (d) => streaming && isStreamingTable(pipeline, d), streamFiles: streaming });
        let back: RelationNode;
        try {
          back = queryFromSql(sql);
        } catch (error) {
          throw new Error(`${generated.id} flow ${flow.name}: ${sql}\n${String(error)}`);
        }
        expect(canonical(back), `${generated.id} flow ${flow.name}: ${sql}`).toEqual(canonical(flow.query));
        queries += 1;
      }
    }
    expect(queries).toBeGreaterThanOrEqual(RUNS);
  });

  it('whole pipelines, where SQL can say everything the pipeline does', () => {
    const outcomes = { same: 0, unprintable: new Map<string, number>() };
    for (const generated of cases) {
      const pipeline = generated.pipeline(context);
      let sql: string;
      try {
        sql = printPipelineSql(pipeline);
      } catch (error) {
        if (!(error instanceof SqlPrintError)) throw error;
        const reason = error.rawMessage.replace(/^cannot print as SQL: /, '').replace(/\b(sink|flow|dataset) \S+/, '$1 …');
        outcomes.unprintable.set(reason, (outcomes.unprintable.get(reason) ?? 0) + 1);
        continue;
      }
      const back = pipelineFromSql([{ file: `${generated.id}.sql`, text: sql }], { name: pipeline.name });
      expect(serializePipeline(back), `${generated.id}:\n${sql}`).toBe(serializePipeline(withoutDefaultTriggers(pipeline)));
      outcomes.same += 1;
    }
    // Sinks, triggers and update/complete output modes have no SDP SQL form; everything else must round-trip.
    expect([...outcomes.unprintable.keys()].every((reason) => /sink|trigger|output mode/.test(reason)), JSON.stringify([...outcomes.unprintable])).toBe(true);
    expect(outcomes.same).toBeGreaterThanOrEqual(RUNS / 4);
  });
});

/** The pipeline without available-now triggers: the default, which SQL leaves out. */
function withoutDefaultTriggers(pipeline: Pipeline): Pipeline {
  return { ...pipeline, flows: pipeline.flows.map((flow) => (flow.trigger?.kind === 'available_now' ? (({ trigger: _trigger, ...rest }) => rest)(flow) : flow)) };
}
