import { describe, expect as assert, it } from 'vitest';
import { col, from, sum } from '../src/index.js';

describe('builder', () => {
  it('builds the issue example plan', () => {
    const plan = from('orders').filter(col('amount').gt(10)).groupBy('customer').agg(sum('amount').as('total')).node;
    assert(plan.kind).toBe('aggregate');
  });
});
