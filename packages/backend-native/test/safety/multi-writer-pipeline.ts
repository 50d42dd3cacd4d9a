import { type Pipeline, pipeline, sql } from '@thund/ir';

/** Rows each writer of the multi-writer crash pipeline writes. */
export const ROWS = 200_000;

/** Table `t` written by two batch flows; every row carries `generation`. */
export function multiWriterPipeline(generation: number): Pipeline {
  const rows = (from: number): string => `SELECT range AS id, CAST(${generation} AS BIGINT) AS gen, md5(range::VARCHAR) AS pad FROM range(${from}, ${from + ROWS})`;
  return pipeline('multi_writer')
    .table('t')
    .flow('a', { target: 't', query: sql('duckdb', rows(0)) })
    .flow('b', { target: 't', query: sql('duckdb', rows(ROWS)) })
    .build();
}
