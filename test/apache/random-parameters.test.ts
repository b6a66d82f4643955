// Random parameters on a real Apache: balancer members, ProxySet and ProxyPass lines with keys and
// values drawn at random (every key Apache knows and one it does not, values valid and not: numbers,
// signs, units, words, flags, lists), and RewriteRule lines with random flags. `apache2 -t` gives
// each configuration a verdict, and the linter, reading the same complete file with the environment
// Apache has, must report an error exactly where Apache refuses. Drawn from the suite's seed
// (test/support/fuzz.ts): BALANCER_LENS_FUZZ_SEED and BALANCER_LENS_FUZZ_SCALE draw others.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { BALANCER_PARAMETER_KEYS, WORKER_HCHECK_PARAMETER_KEYS, WORKER_PARAMETER_KEYS } from '../../server/src/core/model/params';
import { FUZZ_SEED, fuzzCount } from '../support/fuzz';
import { configTestBatch, lintedAsApache, moduleLines, serverLines } from './harness';

const MODULES = [
  'mpm_event',
  'authz_core',
  'slotmem_shm',
  'proxy',
  'proxy_http',
  'proxy_balancer',
  'proxy_hcheck',
  'proxy_wstunnel',
  'lbmethod_byrequests',
  'lbmethod_bybusyness',
  'lbmethod_bytraffic',
  'rewrite',
];

const VALUES = ['0', '1', '-1', '5', '100', '101', '1.5', 'abc', '', 'On', 'off', '2000000000', '0x10', '1e3', '30ms', '2s', '1m'];
const WORDS = ['+H', '-D', 'X', 'GET', 'HEAD', 'TCP', 'websocket', '*', 'a|b', 'JSESSIONID', 'None', '/health', '200', '500,503'];
// Every key Apache knows (mod_proxy_hcheck is loaded), and one it does not.
const WORKER_KEYS = [...WORKER_PARAMETER_KEYS, ...WORKER_HCHECK_PARAMETER_KEYS, 'bogus'];
const BALANCER_KEYS = [...BALANCER_PARAMETER_KEYS, 'bogus'];
const REWRITE_FLAGS = ['P', 'L', 'QSA', 'qsd', 'NE', 'B', 'BNP', 'BNE=/', 'R', 'R=301', 'R=999', 'R=abc', 'F', 'END', 'N=5', 'S=x'];
const MORE_FLAGS = ['T=text/plain', 'H=proxy-server', 'E=X:1', 'CO=a:b:c', 'CO=a', 'PT', 'NC', 'QSL', 'UnsafeAllow3F', 'bogus', ''];

const parameter = (keys: readonly string[]): fc.Arbitrary<string> =>
  fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...VALUES, ...WORDS)).map(([key, value]) => `${key}=${value}`);

const balancerLines: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(parameter(WORKER_KEYS), { maxLength: 2 }),
    fc.array(parameter(BALANCER_KEYS), { maxLength: 2 }),
    fc.constantFrom('member', 'proxyset', 'proxypass'),
  )
  .map(([worker, balancer, where]) => {
    const member = `  BalancerMember "http://127.0.0.1:18001" ${worker.join(' ')}`;
    const settings = balancer.join(' ');
    if (where === 'member') return `<Proxy "balancer://t">\n${member}\n</Proxy>\nProxySet "balancer://t" ${settings || 'timeout=1'}`;
    if (where === 'proxyset') return `<Proxy "balancer://t">\n${member}\n  ProxySet ${settings || 'timeout=1'}\n</Proxy>`;
    return `<Proxy "balancer://t">\n${member}\n</Proxy>\nProxyPass "/" "balancer://t/" ${settings}`;
  });

const rewriteLines: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.constantFrom(...REWRITE_FLAGS, ...MORE_FLAGS), { minLength: 1, maxLength: 3 }),
    fc.boolean(),
    fc.constantFrom('balancer://t/$1', '/local/$1', 'http://127.0.0.1:18002/$1', '-'),
  )
  .map(
    ([flags, quoted, target]) =>
      `<Proxy "balancer://t">\n  BalancerMember "http://127.0.0.1:18001"\n</Proxy>\nRewriteEngine On\n` +
      `RewriteRule "^/(.*)$" "${target}" ${quoted ? `"[${flags.join(',')}]"` : `[${flags.join(',')}]`}`,
  );

const FRAGMENTS = [
  ...fc.sample(balancerLines, { seed: FUZZ_SEED, numRuns: fuzzCount(30) }),
  ...fc.sample(rewriteLines, { seed: FUZZ_SEED, numRuns: fuzzCount(20) }),
];

describe('real Apache: random parameters and rewrite flags, refused by Apache exactly where the linter reports an error', function () {
  const batch = configTestBatch('random', (dir, port) =>
    FRAGMENTS.map((fragment) => [...serverLines(dir, port), ...moduleLines(MODULES), fragment, ''].join('\n')),
  );

  for (const [index, fragment] of FRAGMENTS.entries()) {
    it(`configuration ${index + 1} of seed ${FUZZ_SEED}`, () => {
      const { results, files, texts } = batch();
      const result = results[index]!;
      const { errors, report } = lintedAsApache(texts[index]!, files[index]!, result, result.output.trim());
      assert.equal(errors.length > 0, result.status !== 0, `the verdicts differ on\n${fragment}\n${report}`);
    });
  }
});
