import { describe, expect, it } from 'vitest';
import { ThundError } from '@thund/ir';
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
    ['sc://h:1/;user_id=%zz', /malformed percent escape/],
    ['sc://h:1/;%E0%A4%A=1', /malformed percent escape/],
    ['sc://h:abc', /port "abc" is not a number/],
    ['sc://h:', /port after ":" is missing/],
    ['sc://[]:1', /IPv6 address .* is empty/],
    ['sc://[::1', /must start with sc:\/\/ followed by a host/],
    ['sc://h\n:1', /control characters/],
  ])('rejects %s', (remote, message) => {
    expect(() => parseConnectionString(remote)).toThrow(message);
  });

  it('every malformed string is a typed THUND_VALIDATION error, never a URIError', () => {
    for (const remote of ['sc://h:1/;a=%', 'sc://h:1/;%=b', 'sc://\u0000', 'sc://h:-1', 'sc:///;x=1', 'sc://h:1/;=x']) {
      let caught: unknown;
      try {
        parseConnectionString(remote);
      } catch (error) {
        caught = error;
      }
      expect(caught, remote).toBeInstanceOf(ThundError);
      expect((caught as ThundError).code, remote).toBe('THUND_VALIDATION');
      expect((caught as ThundError).message, remote).toMatch(/expected sc:\/\/host\[:port\]/);
    }
  });

  it('never echoes a token in errors', () => {
    expect(() => parseConnectionString('sc://h:1/;token=secret;bad')).toThrow(/token=\*\*\*/);
  });
});
