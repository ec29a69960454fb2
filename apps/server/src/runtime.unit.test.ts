import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from './config/node-args';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('runtime', () => {
  it('runs on the Node major the project brings (.nvmrc, the `node` package)', () => {
    const major = readFileSync(resolve(ROOT, '.nvmrc'), 'utf8').trim();
    const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(pkg.devDependencies.node).toMatch(new RegExp(`^\\^${major}\\.`));
    expect(process.versions.node.split('.')[0]).toBe(major);
  });

  it('serves with the Node flags the benchmarks and end-to-end tests use (npm run serve)', () => {
    const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.serve).toBe(`node ${SERVER_NODE_ARGS.join(' ')} apps/server/dist/server.js`);
  });
});
