/**
 * A tree keeps the words of the lines it read as written as rows (core/syntax/written.ts,
 * `WordRows`), and the model keeps a member line's parameters as rows of key, value and word
 * (core/model/storage.ts, `MemberSettings`): neither holds a `Word` object per word, which costs
 * about 64 bytes where a row costs 16, nor a `WordParameter` per parameter (about 64 bytes, a row
 * 24). The inspector's `queryObjects` counts the objects alive (it collects garbage first), in a
 * child process: an inspector session slows what the test process runs after it.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');

/** Lines added to a generated configuration: member lines with parameters (the tree's words and the model's), and lines only the tree holds. */
const LINES = 400;

/**
 * For a generated configuration of each shape, and the same with the lines added: how many `Word`
 * objects its analysis, linted, keeps alive, and how many words its lines hold.
 */
const SCRIPT = `
const { Session } = require('node:inspector');
const { generateBalancerHeavy, generateConfig } = require('./bench/generate.ts');
const { analyze } = require('./server/src/core/analysis.ts');
const { lint } = require('./server/src/core/lint.ts');
const { walk } = require('./server/src/core/syntax/walk.ts');
const { Word } = require('./server/src/core/syntax/words.ts');
const { WordParameter } = require('./server/src/core/model/storage.ts');
const LINES = ${LINES};
const session = new Session();
session.connect();
const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
globalThis.counted = { words: Word.prototype, parameters: WordParameter.prototype };
const live = async (kind) => {
  const prototype = await post('Runtime.evaluate', { expression: 'globalThis.counted.' + kind });
  const found = await post('Runtime.queryObjects', { prototypeObjectId: prototype.result.objectId });
  const count = await post('Runtime.callFunctionOn', { objectId: found.objects.objectId, functionDeclaration: 'function () { return this.length; }', returnByValue: true });
  await post('Runtime.releaseObject', { objectId: found.objects.objectId });
  return count.result.value;
};
const keptFor = async (text) => {
  const before = { words: await live('words'), parameters: await live('parameters') };
  const analysis = analyze(text, { epochSeconds: 1_800_000_000, environment: {} });
  lint(analysis);
  const kept = (await live('words')) - before.words;
  const keptParameters = (await live('parameters')) - before.parameters;
  let parameters = 0;
  for (const balancer of analysis.model.balancers) for (const member of balancer.members) parameters += member.setBy.size;
  let words = 0;
  for (const step of walk(analysis.tree.nodes)) {
    const line = step.kind === 'directive' ? step.directive : step.kind === 'enter' ? step.section.open : undefined;
    words += line ? line.args.length : 0;
  }
  return { kept, words, keptParameters, parameters };
};
const added = [
  '<Proxy "balancer://added">',
  ...Array.from({ length: LINES }, (_, i) => '    BalancerMember "http://10.7.' + (i >> 8) + '.' + (i & 255) + ':8080" loadfactor=' + ((i % 9) + 1) + ' route=r' + i),
  '</Proxy>',
  'ProxyPass "/added/" "balancer://added/"',
  ...Array.from({ length: LINES }, (_, i) => 'Header set X-Added-' + i + ' "value ' + i + '"'),
].join('\\n');
(async () => {
  const shapes = {};
  for (const [shape, generate] of [['balancer-heavy', generateBalancerHeavy], ['many virtual hosts', generateConfig]]) {
    const text = generate({ root: '/srv/bench', port: 18080, lines: 1000, seed: 20261205 }).text;
    shapes[shape] = { base: await keptFor(text), grown: await keptFor(text + '\\n' + added + '\\n') };
  }
  session.disconnect();
  console.log(JSON.stringify(shapes));
})();
`;

interface Kept {
  readonly kept: number;
  readonly words: number;
  readonly keptParameters: number;
  /** The parameters the members set. */
  readonly parameters: number;
}

describe('words an analysis keeps', function () {
  this.timeout(120_000);
  let shapes: Record<string, { readonly base: Kept; readonly grown: Kept }>;

  before(() => {
    shapes = JSON.parse(execFileSync(process.execPath, ['--require', 'tsx/cjs', '-e', SCRIPT], { cwd: ROOT, encoding: 'utf8' }));
  });

  it('keeps no Word object per word of the member lines and plain lines added to a configuration', () => {
    assert.deepEqual(Object.keys(shapes), ['balancer-heavy', 'many virtual hosts']);
    for (const [shape, { base, grown }] of Object.entries(shapes)) {
      const words = grown.words - base.words;
      assert.ok(words >= 6 * LINES, `${shape}: ${words} words added`);
      // The section's and the ProxyPass line's words may be kept: a few, not one per line.
      assert.ok(grown.kept - base.kept < LINES / 10, `${shape}: ${grown.kept - base.kept} Word objects kept for the ${words} words added`);
    }
  });

  it('keeps no parameter object per parameter of the member lines added', () => {
    for (const [shape, { base, grown }] of Object.entries(shapes)) {
      const parameters = grown.parameters - base.parameters;
      assert.ok(parameters >= 2 * LINES, `${shape}: ${parameters} parameters added`);
      const kept = grown.keptParameters - base.keptParameters;
      assert.ok(kept < LINES / 10, `${shape}: ${kept} parameter objects kept for the ${parameters} parameters added`);
    }
  });
});
