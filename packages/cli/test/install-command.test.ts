import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installCommand } from '../src/install-command.js';

describe('installCommand: the hint to add a backend names the package manager in use', () => {
  const empty = mkdtempSync(join(tmpdir(), 'thund-pm-'));
  it.each([
    ['pnpm/12.4.2 npm/? node/v20.20.2 linux x64', 'pnpm add @thund/backend-spark'],
    ['npm/11.19.1 node/v20.20.2 linux x64 workspaces/false', 'npm install @thund/backend-spark'],
    ['yarn/4.5.0 npm/? node/v20.20.2 linux x64', 'yarn add @thund/backend-spark'],
  ])('run by %s: %s', (agent, command) => {
    expect(installCommand('@thund/backend-spark', { npm_config_user_agent: agent }, empty)).toBe(command);
  });

  it('run by node itself: the lockfile in the folder decides, npm without one', () => {
    expect(installCommand('@thund/backend-native', {}, empty)).toBe('npm install @thund/backend-native');
    const pnpm = mkdtempSync(join(tmpdir(), 'thund-pm-'));
    writeFileSync(join(pnpm, 'pnpm-lock.yaml'), '');
    expect(installCommand('@thund/backend-native', {}, pnpm)).toBe('pnpm add @thund/backend-native');
    const yarn = mkdtempSync(join(tmpdir(), 'thund-pm-'));
    writeFileSync(join(yarn, 'yarn.lock'), '');
    expect(installCommand('@thund/backend-native', {}, yarn)).toBe('yarn add @thund/backend-native');
  });
});
