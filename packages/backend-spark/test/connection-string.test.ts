import { describe, expect, it } from 'vitest';
import { parseConnectionString } from '../src/index.js';

describe('parseConnectionString', () => {
  it('parses host and port, defaulting the port to 15002', () => {
    expect(parseConnectionString('sc://127.0.0.1:15002')).toMatchObject({ host: '127.0.0.1', port: 15002, useSsl: false, address: '127.0.0.1:15002' });
    expect(parseConnectionString('sc://localhost').port).toBe(15002);
    expect(parseConnectionString('sc://[::1]:16000').address).toBe('[::1]:16000');
  });

  it('reads parameters after "/;": token implies TLS, others become metadata', () => {
    const remote = parseConnectionString('sc://spark.example:443/;token=abc;user_id=ada;x-custom=1;session_id=s1');
    expect(remote).toMatchObject({ token: 'abc', useSsl: true, userId: 'ada', sessionId: 's1', metadata: { 'x-custom': '1' } });
    expect(remote.display).toBe('sc://spark.example:443');
    expect(parseConnectionString('sc://h:1/;use_ssl=true').useSsl).toBe(true);
    expect(parseConnectionString('sc://h:1/;use_ssl=false').useSsl).toBe(false);
  });

  it.each([
    ['http://127.0.0.1:15002', /must start with sc:\/\//],
    ['sc://h:99999', /out of range/],
    ['sc://h:1/path', /path must be empty/],
    ['sc://h:1;token=x', /must follow "\/"/],
    ['sc://h:1/;novalue', /not key=value/],
    ['sc://h:1/;use_ssl=maybe', /use_ssl must be true or false/],
  ])('rejects %s', (remote, message) => {
    expect(() => parseConnectionString(remote)).toThrow(message);
  });

  it('never echoes a token in errors', () => {
    expect(() => parseConnectionString('sc://h:1/;token=secret;bad')).toThrow(/token=\*\*\*/);
  });
});
