/**
 * `npm test` is deterministic: every randomised test draws from test/support/fuzz.ts's seed, fixed
 * unless BALANCER_LENS_FUZZ_SEED replays another; only the fuzz tier draws a fresh one, and prints it.
 * Checked on the sources (no test of the default tier draws from anything else) and by running the
 * inputs' generators in fresh processes.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { FIXED_SEED } from '../../support/fuzz';

const ROOT = join(__dirname, '../../..');

/** The default tier's test files, and what they share. */
function defaultTierSources(): string[] {
  const files: string[] = [];
  for (const folder of ['test/unit', 'test/security', 'test/ship', 'test/support', 'test/fuzz']) {
    for (const entry of readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.ts')) files.push(relative(ROOT, join(entry.parentPath, entry.name)));
    }
  }
  return files.sort();
}

/** What a fresh process prints: the seed line, then a sample of the fuzz inputs it draws. */
function sample(environment: Record<string, string>): { seedLine: string; inputs: string } {
  const script = [
    "const fc = require('fast-check');",
    "const { grammarText, mutatedText, seedTexts, tokenText } = require('./test/fuzz/inputs.ts');",
    "require('./test/support/fuzz.ts');",
    'const inputs = fc.oneof(tokenText, grammarText, mutatedText(seedTexts().texts));',
    'console.log(JSON.stringify(fc.sample(inputs, 30)));',
  ].join('\n');
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('BALANCER_LENS_FUZZ')));
  const output = execFileSync(process.execPath, ['--require', 'tsx/cjs', '-e', script], {
    cwd: ROOT,
    env: { ...env, ...environment },
    encoding: 'utf8',
  });
  const [seedLine = '', inputs = ''] = output.trimEnd().split('\n');
  return { seedLine, inputs };
}

describe('seeds of the randomised tests', function () {
  this.timeout(120_000);

  it('no test of the default tier draws a seed of its own', () => {
    const files = defaultTierSources();
    assert.ok(files.length > 100, `only ${files.length} files found`);
    for (const file of files) {
      if (file === 'test/support/fuzz.ts' || file === relative(ROOT, __filename)) continue;
      const source = readFileSync(join(ROOT, file), 'utf8');
      assert.doesNotMatch(source, /Math\.random|randomInt|randomBytes|randomUUID|getRandomValues/, `${file} draws random numbers`);
      if (!/from 'fast-check'/.test(source) || file === 'test/fuzz/inputs.ts') continue;
      assert.match(source, /from '(\.\.\/)+support\/fuzz'/, `${file} uses fast-check without test/support/fuzz.ts`);
      assert.doesNotMatch(source, /\bseed:/, `${file} gives fast-check a seed of its own`);
    }
  });

  it('draws the same inputs on every run, from the fixed seed', () => {
    const first = sample({});
    assert.equal(first.seedLine, `fast-check seed ${FIXED_SEED} (fixed); BALANCER_LENS_FUZZ_SEED=${FIXED_SEED} replays it`);
    assert.deepEqual(sample({}), first);
  });

  it('explores from a fresh seed in the fuzz tier, printed so that BALANCER_LENS_FUZZ_SEED replays it', () => {
    const explored = sample({ BALANCER_LENS_FUZZ: 'long' });
    const seed = /^fast-check seed (-?\d+) \(fresh for this fuzz run\)/.exec(explored.seedLine)?.[1];
    assert.ok(seed !== undefined, explored.seedLine);
    // Replayed in its own tier, which reads what the tier reads (the real-world corpus, when beside the repository).
    const replayed = sample({ BALANCER_LENS_FUZZ: 'long', BALANCER_LENS_FUZZ_SEED: seed });
    assert.equal(
      replayed.seedLine,
      `fast-check seed ${seed} (replayed from BALANCER_LENS_FUZZ_SEED); BALANCER_LENS_FUZZ_SEED=${seed} replays it`,
    );
    assert.equal(replayed.inputs, explored.inputs);
  });

  it('refuses a seed that fast-check would fold into another one', () => {
    const refused = spawnSync(process.execPath, ['--require', 'tsx/cjs', '-e', "require('./test/support/fuzz.ts')"], {
      cwd: ROOT,
      env: { ...process.env, BALANCER_LENS_FUZZ_SEED: '1e10' },
      encoding: 'utf8',
    });
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /BALANCER_LENS_FUZZ_SEED=1e10 is not a 32-bit integer/);
  });
});
