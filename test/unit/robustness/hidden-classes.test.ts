/**
 * The objects an analysis makes by the thousand share V8's hidden classes (core/with-keys.ts): in
 * Node 20, `{ ...object, key }` with a key the object lacks can give each object a class of its
 * own, which costs memory and makes every later read of those objects slow. V8's own test
 * (`%HaveSameMap`) needs a flag, so a child process answers.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');

/**
 * A generated configuration, with virtual hosts that declare a main-server balancer again (which
 * merges the two) and balancers Apache refuses; for the diagnostics, balancers and previews of its
 * set, grouped by their keys in order: the objects, the groups and the hidden classes.
 */
const SCRIPT = `
const { generateConfig } = require('./bench/generate.ts');
const { assembleSet } = require('./server/src/core/config-set.ts');
const { memoryFiles } = require('./test/support/rules.ts');
const lines = [generateConfig({ root: '/srv/bench', port: 18080, lines: 3000, seed: 20261205 }).text];
lines.push('<Proxy balancer://merged>', '    BalancerMember http://10.8.0.1:8080', '</Proxy>');
for (let i = 0; i < 60; i++)
  lines.push('<VirtualHost *:' + (9000 + i) + '>', '    <Proxy balancer://merged>', '        BalancerMember http://10.8.1.' + i + ':8080', '    </Proxy>', '</VirtualHost>');
for (let i = 0; i < 60; i++) lines.push('<Proxy balancer://refused' + i + '>', '    BalancerMember http://10.9.0.' + i + ':8080 loadfactor=0', '</Proxy>');
const text = lines.join('\\n') + '\\n';
const path = '/etc/apache2/bench.conf';
const set = assembleSet([{ key: path, path, text }], {
  files: memoryFiles({ [path]: text }),
  keyOf: (key) => key,
  read: { epochSeconds: 1_800_000_000, environment: {} },
  rulesFor: () => undefined,
});
const [configuration] = set.configurations;
const classes = (objects) => {
  const groups = new Map();
  for (const object of objects) {
    const keys = Object.keys(object).join();
    if (!groups.has(keys)) groups.set(keys, []);
    const seen = groups.get(keys);
    if (!seen.some((other) => %HaveSameMap(other, object))) seen.push(object);
  }
  return { objects: objects.length, groups: groups.size, classes: [...groups.values()].reduce((sum, seen) => sum + seen.length, 0), keys: [...groups.keys()] };
};
console.log(JSON.stringify({
  diagnostics: classes(configuration.diagnostics),
  balancers: classes(configuration.analysis.model.balancers),
  previews: classes(configuration.analysis.previews),
}));
`;

interface Classes {
  readonly objects: number;
  readonly groups: number;
  readonly classes: number;
  readonly keys: readonly string[];
}

describe('hidden classes of what an analysis makes', function () {
  this.timeout(120_000);

  const found = (): Record<'diagnostics' | 'balancers' | 'previews', Classes> =>
    JSON.parse(
      execFileSync(process.execPath, ['--allow-natives-syntax', '--require', 'tsx/cjs', '-e', SCRIPT], { cwd: ROOT, encoding: 'utf8' }),
    );

  it('gives the objects of one list with the same keys one class', () => {
    const { diagnostics, balancers, previews } = found();
    assert.ok(diagnostics.objects > 500 && diagnostics.groups > 2, `diagnostics: ${JSON.stringify(diagnostics)}`);
    assert.ok(
      balancers.keys.some((keys) => keys.includes('inherited')) && balancers.keys.some((keys) => keys.includes('sharedAcross')),
      `balancers: ${JSON.stringify(balancers)}`,
    );
    assert.ok(
      previews.keys.some((keys) => keys.includes('refusal')),
      `previews: ${JSON.stringify(previews)}`,
    );
    for (const [list, classes] of Object.entries({ diagnostics, balancers, previews }))
      assert.equal(classes.classes, classes.groups, `${list}: ${classes.classes} hidden classes for ${classes.groups} sets of keys`);
  });
});
