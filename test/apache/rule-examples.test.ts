// Every rule's own examples on a real Apache: severity means something (docs/rules, STYLE.md), so the
// example that shows an error rule is one `apache2 -t` refuses, the one that shows a warning or an
// info is one it accepts, every corrected example is accepted, and on each of them the linter's
// verdict (an error or none) is Apache's. Each example is read as a whole configuration: the private
// server lines, the modules the examples use (unless it loads its own), then the example.
import assert from 'node:assert/strict';
import { RULES } from '../../server/src/core/rules';
import { RULE_EXAMPLES } from '../../server/src/core/rules/examples';
import type { RuleId } from '../../server/src/core/rule-ids';
import { configTestBatch, lintedAsApache, moduleLines, serverLines } from './harness';

const MODULES = [
  'mpm_event',
  'authz_core',
  'authz_host',
  'authz_user',
  'authn_core',
  'authn_file',
  'auth_basic',
  'slotmem_shm',
  'socache_shmcb',
  'proxy',
  'proxy_http',
  'proxy_balancer',
  'proxy_hcheck',
  'proxy_wstunnel',
  'proxy_ajp',
  'proxy_fcgi',
  'lbmethod_byrequests',
  'lbmethod_bybusyness',
  'lbmethod_bytraffic',
  'rewrite',
  'alias',
  'headers',
  'ssl',
  'macro',
  'setenvif',
  'env',
  'dir',
  'mime',
];

/**
 * Examples Apache does not judge with `apache2 -t` alone, and why. Those of an error rule that
 * Apache refuses only when it starts are started by config-test.test.ts ("start-up failures that
 * apache2 -t misses").
 */
const AT_START_UP = new Set<RuleId>(['balancer-name-collision', 'module-not-loaded']);
/** A warning whose example Apache refuses here, with the linter's error: the variable it names is set nowhere in this environment. */
const UNSET_HERE = new Set<RuleId>(['refused-if-unset']);
const NOT_HERE: ReadonlyMap<RuleId, string> = new Map([
  ['include-outside-roots', "it includes files of a Debian layout and /etc/letsencrypt, which this machine's layout decides"],
  ['include-over-limit', 'it includes the Debian tree under /etc/apache2, which reads ${APACHE_LOG_DIR} from envvars'],
  ['load-module-failed', 'its module files are named relative to a ServerRoot of their own'],
  ['load-module-unchecked', 'its module files are named relative to a ServerRoot of their own'],
  // A file meant for inclusion inside a <Proxy> section: read alone, Apache refuses it, as member-syntax says.
  ['member-needs-section', 'its example is a file included inside a <Proxy> section, refused when read alone'],
]);

const CHECKED = RULES.filter((rule) => !NOT_HERE.has(rule.id));

function configuration(example: string, dir: string, port: number): string {
  const ownModules = /^\s*LoadModule\s/im.test(example);
  return [...serverLines(dir, port), ...(ownModules ? [] : moduleLines(MODULES)), example, ''].join('\n');
}

describe("real Apache: every rule's examples, refused by Apache exactly where the linter reports an error", function () {
  const batch = configTestBatch('example', (dir, port) =>
    CHECKED.flatMap((rule) => [
      configuration(RULE_EXAMPLES[rule.id].bad, dir, port),
      configuration(RULE_EXAMPLES[rule.id].good, dir, port),
    ]),
  );

  for (const [index, rule] of CHECKED.entries()) {
    it(`${rule.id} (${rule.severity})`, () => {
      const { results, files, texts } = batch();
      for (const [offset, kind] of [
        [0, 'bad'],
        [1, 'good'],
      ] as const) {
        const at = 2 * index + offset;
        const result = results[at]!;
        const refused = result.status !== 0;
        const { errors, report } = lintedAsApache(texts[at]!, files[at]!, result, result.output.trim());
        const refuses = kind === 'bad' && ((rule.severity === 'error' && !AT_START_UP.has(rule.id)) || UNSET_HERE.has(rule.id));
        assert.equal(refused, refuses, `${kind} example: Apache ${refused ? 'refuses' : 'accepts'} it\n${report}`);
        const reported = kind === 'bad' && AT_START_UP.has(rule.id) ? errors.length > 0 : refused;
        assert.equal(errors.length > 0, reported, `${kind} example: the verdicts differ\n${report}`);
      }
    });
  }
});
