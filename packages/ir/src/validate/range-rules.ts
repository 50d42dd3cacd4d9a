import { type Rule, perFlow } from './context.js';

/**
 * `range` nodes: start, end and step are integers a JSON number holds
 * exactly (beyond 2^53 a document would silently read another number), and
 * the step is not 0 (`range_bounds`).
 */
export const rangesWellFormed: Rule = ({ pipeline }) =>
  perFlow(pipeline, (_flow, _i, report, eachRelation) => {
    eachRelation((node, path) => {
      if (node.kind !== 'range') return;
      for (const field of ['start', 'end', 'step'] as const) {
        if (!Number.isSafeInteger(node[field])) {
          report('range_bounds', [...path, field], `range's ${field} is ${node[field]}, not an integer between -(2^53 - 1) and 2^53 - 1: give a whole number in that range`);
        }
      }
      if (node.step === 0) report('range_bounds', [...path, 'step'], 'range\'s step is 0, which would never reach the end: give a positive step to count up or a negative one to count down');
    });
  });
