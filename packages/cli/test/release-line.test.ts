import { describe, expect, it, vi } from 'vitest';
import { cliVersion, installedVersion, releaseLine, releaseLineMismatch } from '../src/release-line.js';

// The CLI and its backends are released together; an install mixing release lines is refused with the fix.
describe('release lines of the CLI and its backends', () => {
  it('before 1.0 a minor is its own line; after 1.0 a major is', () => {
    expect(releaseLine('0.2.0')).toBe('0.2');
    expect(releaseLine('0.2.7')).toBe('0.2');
    expect(releaseLine('1.4.2')).toBe('1');
    expect(releaseLine('2.0.0-next.1')).toBe('2');
  });

  it('a backend of the same line serves the CLI; another line is refused with the command that fixes it', () => {
    // The command names the package manager running thund (see install-command.test.ts); here, pnpm whatever runs the test.
    vi.stubEnv('npm_config_user_agent', 'pnpm/12.4.2 npm/? node/v20 linux x64');
    expect(releaseLineMismatch('@thund/backend-native', '0.2.3', '0.2.0')).toBeUndefined();
    expect(releaseLineMismatch('@thund/backend-spark', '1.9.0', '1.0.1')).toBeUndefined();
    expect(releaseLineMismatch('@thund/backend-native', '0.1.4', '0.2.0')).toBe(
      '@thund/backend-native 0.1.4 is installed, but @thund/cli 0.2.0 works with the 0.2 release of the backends: install the matching one with `pnpm add @thund/backend-native@~0.2.0` (or install @thund/cli@0.1)',
    );
    expect(releaseLineMismatch('@thund/backend-spark', '2.0.0', '1.3.0')).toContain('`pnpm add @thund/backend-spark@^1.0.0`');
    vi.unstubAllEnvs();
  });

  it('in this workspace the backends the CLI resolves are of its own line, and a package that is not installed has no version', () => {
    const cli = cliVersion();
    expect(cli).toMatch(/^\d+\.\d+\.\d+/);
    for (const backend of ['@thund/backend-native', '@thund/backend-spark']) expect(releaseLine(installedVersion(backend) ?? 'missing')).toBe(releaseLine(cli));
    expect(installedVersion('@thund/backend-nope')).toBeUndefined();
  });
});
