import { col, pipeline, readFiles } from '@thund/ir';

const changes = readFiles('json', 'data/changes', { schema: [{ name: 'id', type: 'int64' }, { name: 'city', type: 'utf8' }, { name: 'op', type: 'utf8' }, { name: 'seq', type: 'int64' }] });

export default pipeline('people')
  .table('people')
  .flow('apply', { kind: 'cdc', target: 'people', query: changes, cdc: { keys: ['id'], sequenceBy: 'seq', scdType: 2, deleteWhen: col('op').eq('D'), exceptColumns: ['op'], trackHistory: ['cty'] } })
  .build();
