// handler-proxied on a real Apache: with a ProxyPass covering /balancer-manager (or
// /server-status, /server-info) the request is mapped to a member while its URL is translated,
// before the handler runs, so a member answers; with `ProxyPass PATH !` first (or `ProxyPass !` in
// the handler's <Location>) Apache serves its own page.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lintJson } from '../support/cli';
import { assertApacheInstalled, BackendPool, cleanAfterEach, fillPlaceholders, httpGet, startApache, startBackends } from './harness';
import { mistakePairs } from './mistake-pairs';

const RULE = 'handler-proxied';
const EXTRA_MODULES: readonly (readonly [string, string])[] = [
  ['authz_host_module', 'mod_authz_host.so'],
  ['status_module', 'mod_status.so'],
  ['info_module', 'mod_info.so'],
];
/** The backends answer `<name> <path>`: a body in that form came from a member. */
const FROM_MEMBER = /^[ab] \//;
/** What Apache's own pages say, by handler path. */
const OWN_PAGE = /Load Balancer Manager|Apache Server Status|Apache Server Information/;

describe(`${RULE}: real mistakes on a real Apache`, function () {
  let pool: BackendPool | undefined;
  const perTest = cleanAfterEach();

  before(async () => {
    assertApacheInstalled();
    // Each backend answers `<name> <path>`.
    pool = await startBackends(['a', 'b']);
  });
  after(async () => pool?.close());

  async function probe(
    text: string,
    path: string,
  ): Promise<{ answer: { status: number; body: string }; findings: { ruleId: string; level?: string }[] }> {
    const scratchDir = await perTest.scratch();
    const file = join(scratchDir, 'site.conf');
    await writeFile(file, fillPlaceholders(text, pool!.backends));
    const findings = lintJson([file]).results.flatMap((result) => result.messages);
    const apache = perTest.stopAfter(await startApache(scratchDir, file, EXTRA_MODULES));
    return { answer: await httpGet(apache.port, path), findings };
  }

  for (const pair of mistakePairs(RULE)) {
    it(`${pair.name} (${pair.source}): the bad version sends ${pair.probe} to a member and is flagged`, async () => {
      const { answer, findings } = await probe(pair.bad, pair.probe);
      assert.match(answer.body, FROM_MEMBER, `${answer.status}: ${answer.body.slice(0, 200)}`);
      assert.ok(
        findings.some((finding) => finding.ruleId === RULE),
        JSON.stringify(findings),
      );
    });
    it(`${pair.name}: the corrected version serves Apache's own page and is clean`, async () => {
      const { answer, findings } = await probe(pair.good, pair.probe);
      assert.equal(answer.status, 200);
      assert.match(answer.body, OWN_PAGE, answer.body.slice(0, 200));
      assert.deepEqual(
        findings.filter((finding) => finding.level !== 'info'),
        [],
      );
    });
  }
});
