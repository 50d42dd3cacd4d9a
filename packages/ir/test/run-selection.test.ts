import { describe, expect, it } from 'vitest';
import { type Pipeline, ThundError, count, from, pipeline, readFiles, selectRun } from '../src/index.js';

const orders: Pipeline = pipeline('shop')
  .temporaryView('raw', { query: readFiles('csv', 'orders.csv') })
  .materializedView('orders', { query: from('raw') })
  .temporaryView('recent', { query: from('orders') })
  .materializedView('daily', { query: from('recent').groupBy('day').agg(count().as('n')) })
  .materializedView('customers', { query: from('orders').select('customer') })
  .build();

function refusal(options: Parameters<typeof selectRun>[1]): ThundError {
  try {
    selectRun(orders, options);
  } catch (reason) {
    expect(reason).toBeInstanceOf(ThundError);
    return reason as ThundError;
  }
  throw new Error('selectRun accepted the selection');
}

describe('selectRun', () => {
  it('without a selection every flow runs; fullRefresh: true resets every dataset', () => {
    expect(selectRun(orders, {})).toEqual({ all: true, flows: new Set(['raw', 'orders', 'recent', 'daily', 'customers']), excluded: [], resets: new Set() });
    expect(selectRun(orders, { fullRefresh: true }).resets).toEqual(new Set(['raw', 'orders', 'recent', 'daily', 'customers']));
    expect(selectRun(orders, { refresh: [], fullRefresh: [] }).all).toBe(true);
  });

  it('refresh runs the named datasets\' flows and, transitively, those of the temporary views they read; the rest are excluded', () => {
    const daily = selectRun(orders, { refresh: ['daily'] });
    expect([...daily.flows]).toEqual(['recent', 'daily']);
    expect(daily.excluded).toEqual(['raw', 'orders', 'customers']);
    expect(daily.resets).toEqual(new Set());
    expect([...selectRun(orders, { refresh: ['orders'] }).flows]).toEqual(['raw', 'orders']);
  });

  it('a fullRefresh list selects its datasets too, and resets only them', () => {
    const selection = selectRun(orders, { refresh: ['customers'], fullRefresh: ['orders'] });
    expect([...selection.flows]).toEqual(['raw', 'orders', 'customers']);
    expect(selection.excluded).toEqual(['recent', 'daily']);
    expect(selection.resets).toEqual(new Set(['orders']));
  });

  it('graph operators: +name adds every dataset it reads, name+ every dataset reading it (through temporary views); a full refresh wins over a refresh', () => {
    expect([...selectRun(orders, { refresh: ['+daily'] }).flows]).toEqual(['raw', 'orders', 'recent', 'daily']);
    expect([...selectRun(orders, { refresh: ['orders+'] }).flows]).toEqual(['raw', 'orders', 'recent', 'daily', 'customers']);
    expect(selectRun(orders, { refresh: ['customers+'] }).excluded).toEqual(['raw', 'orders', 'recent', 'daily']);
    const both = selectRun(orders, { refresh: ['orders+'], fullRefresh: ['+daily'] });
    expect(both.resets).toEqual(new Set(['daily', 'orders']));
    expect(both.excluded).toEqual([]);
    expect(refusal({ refresh: ['+ordrs'] }).message).toMatch(/refresh names "ordrs".*did you mean "orders"/);
  });

  it('refuses SDP\'s conflicts with THUND_VALIDATION naming the option and the fix', () => {
    expect(refusal({ fullRefresh: true, refresh: ['orders'] })).toMatchObject({ code: 'THUND_VALIDATION' });
    expect(refusal({ fullRefresh: true, refresh: ['orders'] }).message).toMatch(/cannot be combined with a selection.*drop one/);
    expect(refusal({ refresh: ['orders'], fullRefresh: ['orders', 'daily'] }).message).toMatch(/"orders" is named by both refresh and fullRefresh.*name each dataset once/);
  });

  it('refuses a name that is not a dataset, with the closest one', () => {
    const error = refusal({ refresh: ['ordrs'] });
    expect(error.message).toMatch(/refresh names "ordrs", not a dataset of pipeline "shop"; did you mean "orders"\? \(datasets: orders, daily, customers\)/);
    expect(refusal({ fullRefresh: ['nope'] }).message).toMatch(/^.*fullRefresh names "nope"/);
  });

  it('refuses a temporary view: it holds nothing between runs', () => {
    expect(refusal({ refresh: ['recent'] }).message).toMatch(/temporary view "recent", which holds nothing between runs: select the datasets that read it/);
  });
});
