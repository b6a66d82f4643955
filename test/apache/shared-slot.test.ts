// Members sharing a shared-memory slot: a member written with its scheme's default port after the
// same host without it (`http://h`, then `http://h:80`) is a second worker of the same name, and
// mod_proxy_balancer's start-up gives it the first one's slot (ap_proxy_find_workershm by the
// name's hash, then ap_proxy_share_worker "re-using"). So it runs with the first member's
// loadfactor, lbset and status, whatever its own line says, and both feed one lbstatus. The
// preview must pick exactly as Apache does.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  assertApacheInstalled,
  BackendPool,
  cleanAfterEach,
  requestPicks,
  startApache,
  startBackends,
  startDefaultPortBackend,
} from './harness';
import { runSchedule } from './scheduleCli';

/** Member lines, `H` standing for the port-80 backend's address, `{b}` for the other backend. */
const CASES: readonly (readonly string[])[] = [
  ['http://H', 'http://H:80', 'http://{b}'],
  ['http://H loadfactor=1', 'http://H:80 loadfactor=3', 'http://{b} loadfactor=1'],
  ['http://H loadfactor=3', 'http://{b} loadfactor=2', 'http://H:80 loadfactor=1'],
  ['http://H', 'http://{b}', 'http://H:80'],
  ['http://H', 'http://{b}', 'http://H:80 status=+D'],
  ['http://H status=+D', 'http://{b}', 'http://H:80'],
  ['http://H lbset=1', 'http://{b}', 'http://H:80'],
  ['http://H:80 loadfactor=2', 'http://{b} loadfactor=3', 'http://H'],
  // The later member wins the first pick: only its turn lifts the slot above the other member (scheduler.test.ts, `2 3 2=0`).
  ['http://H loadfactor=2', 'http://{b} loadfactor=3', 'http://H:80'],
];

const PICKS = 24;

describe('real Apache: members sharing a slot are scheduled as Apache schedules them', function () {
  const perTest = cleanAfterEach();
  let pool: BackendPool | undefined;

  before(async () => {
    assertApacheInstalled();
    pool = await startBackends(['b']);
  });
  after(async () => pool?.close());

  for (const lines of CASES) {
    it(lines.join(' | '), async () => {
      const { host } = perTest.closeAfter(await startDefaultPortBackend('a'));
      const other = `127.0.0.1:${pool!.backends[0]!.port}`;
      const dir = await perTest.scratch();
      const file = join(dir, 'balancer.conf');
      const members = lines.map((line) => `    BalancerMember ${line.replace(/\bH\b/g, host).replace('{b}', other)}`);
      await writeFile(file, ['<Proxy "balancer://t">', ...members, '</Proxy>', ''].join('\n'));
      const apache = perTest.stopAfter(await startApache(dir, file));
      const observed = (await requestPicks(apache.port, PICKS)).map((pick) => (pick === null ? '503' : pick));
      const preview = await runSchedule(file, 'balancer://t', PICKS);
      const predicted = preview.picks.map((url) => (url === null ? '503' : url.includes(`//${host}`) ? 'a' : 'b'));
      assert.deepEqual(predicted, observed);
      // Each member's share sums to what its backend served over the whole number of cycles asked for.
      const served = observed.filter((pick) => pick === 'a').length / PICKS;
      const shareOfA = preview.members.filter((member) => member.url.includes(`//${host}`)).reduce((sum, member) => sum + member.share, 0);
      if (preview.cycleLength !== null && PICKS % preview.cycleLength === 0) assert.equal(shareOfA, served);
    });
  }
});
