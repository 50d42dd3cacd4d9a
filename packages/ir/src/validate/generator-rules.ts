import { expressionType } from '../infer/expression-type.js';
import { generatedCount } from '../infer/generated-columns.js';
import { scopeOf } from '../infer/plan-schema.js';
import { dataTypeLabel } from '../model/data-type.js';
import type { GenerateNode } from '../plan/rel/generate.js';
import { type FlowReport, type Rule, perFlow } from './context.js';

/** What each generator takes, for messages. */
const TAKES: Readonly<Record<GenerateNode['generator'], string>> = {
  explode: 'a list or a map',
  posexplode: 'a list or a map',
  inline: 'a list of structs',
};

/**
 * Generators, where the pipeline tells the type they run on: `explode` and
 * `posexplode` take a list or a map, `inline` a list of structs
 * (`generator_input`); `names` name exactly the columns the generator
 * makes; no generated column has the name of an input column
 * (`duplicate_output_column`: the rows would have two columns of one name).
 */
export const generatorsWellFormed: Rule = ({ pipeline, schemaOf }) =>
  perFlow(pipeline, (_flow, _i, report, eachRelation) => {
    eachRelation((node, path) => {
      if (node.kind === 'generate') checkGenerate(node, path, schemaOf, report);
    });
  });

function checkGenerate(node: GenerateNode, path: readonly PropertyKey[], schemaOf: Parameters<typeof scopeOf>[1], report: FlowReport): void {
  const type = expressionType(node.expr, scopeOf(node.input, schemaOf).type);
  if (type !== undefined) {
    const count = generatedCount(node.generator, type);
    if (count === undefined) {
      report('generator_input', [...path, 'expr'], `${node.generator} takes ${TAKES[node.generator]}, but it is given ${dataTypeLabel(type)}`);
      return;
    }
    if (node.names !== undefined && node.names.length !== count) {
      report('generator_input', [...path, 'names'], `${node.generator} of ${dataTypeLabel(type)} makes ${count} column${count === 1 ? '' : 's'}, but ${node.names.length} name${node.names.length === 1 ? ' is' : 's are'} given (${node.names.join(', ')}): name each column once`);
      return;
    }
  }
  const input = schemaOf(node.input);
  const generated = schemaOf(node)?.slice(input?.length ?? 0) ?? [];
  const inputNames = new Set((input ?? []).map((f) => f.name.toLowerCase()));
  for (const column of generated) {
    if (inputNames.has(column.name.toLowerCase())) {
      report('duplicate_output_column', [...path, ...(node.names === undefined ? [] : ['names'])], `${node.generator}'s column "${column.name}" has the name of a column of its input: name it otherwise (names, or AS in SQL)`);
    }
  }
}
