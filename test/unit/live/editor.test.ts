/** The editor's live line (core/live/editor.ts) and how long the monitor (lsp/live.ts) has seen a member's flags. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../../../server/src/core/analysis';
import { compareAll, LivePage, memberLiveLines } from '../../../server/src/core/live/editor';
import { liveMonitor } from '../../../server/src/lsp/live';

const PAGE = readFileSync(join(__dirname, '../../fixtures/live/manager-2.4.71.html'), 'latin1');
const IN_ERROR = PAGE.replace('<td>2.00</td><td>0</td><td>Init Ok </td>', '<td>2.00</td><td>0</td><td>Init Err </td>');
const ANALYSIS = analyze(
  '<Proxy balancer://t>\nBalancerMember http://127.0.0.1:8081 route=r1\nBalancerMember http://127.0.0.1:8082/ loadfactor=2\nBalancerMember http://127.0.0.1:8083 status=+H lbset=1\n</Proxy>\n',
  { epochSeconds: 0 },
);
const MEMBER_B = ANALYSIS.previews[0]!.balancer.members[1]!;
const URL = 'http://web1:8080/balancer-manager';

/** The pages a monitor holds after fetching each text in turn, `minutes` apart (its clock and network are the test's). */
async function pagesAfter(texts: readonly string[], minutes: number): Promise<readonly LivePage[]> {
  let now = 1_700_000_000_000;
  let served = texts[0] ?? '';
  const monitor = liveMonitor(
    () => undefined,
    (message) => assert.fail(message),
    { env: {}, now: () => now, fetchPage: () => Promise.resolve({ text: served, url: URL }) },
  );
  monitor.configure([URL], 3600);
  for (const text of texts) {
    served = text;
    await monitor.refresh();
    now += minutes * 60_000;
  }
  const pages = monitor.pages();
  monitor.configure([], 3600);
  return pages;
}

async function lineOfB(texts: readonly string[], minutes: number): Promise<string[]> {
  return memberLiveLines(compareAll(ANALYSIS, await pagesAfter(texts, minutes)), MEMBER_B);
}

describe('the live line and how long a member has been seen so', () => {
  it('says nothing of how long on the first fetch, which cannot tell', async () => {
    assert.deepEqual(await lineOfB([IN_ERROR], 3), ['live web1:8080: Err · elected 6 = 66.7% (preview 0.0%)']);
  });

  it('counts the time the same flags were seen across fetches, and starts again when they change', async () => {
    assert.deepEqual(await lineOfB([IN_ERROR, IN_ERROR, IN_ERROR], 2), [
      'live web1:8080: Err for ≥ 4 min · elected 6 = 66.7% (preview 0.0%)',
    ]);
    assert.deepEqual(await lineOfB([PAGE, IN_ERROR, IN_ERROR], 90), [
      'live web1:8080: Err for ≥ 90 min · elected 6 = 66.7% (preview 0.0%)',
    ]);
    assert.deepEqual(await lineOfB([IN_ERROR, IN_ERROR, IN_ERROR], 100), [
      'live web1:8080: Err for ≥ 3 h · elected 6 = 66.7% (preview 0.0%)',
    ]);
    assert.deepEqual(await lineOfB([IN_ERROR, PAGE, PAGE], 2), ['live web1:8080: Ok · elected 6 = 66.7% (preview 66.7%)']);
  });

  it('shows nothing without pages', () => {
    assert.deepEqual(memberLiveLines(compareAll(ANALYSIS, []), MEMBER_B), []);
  });
});
