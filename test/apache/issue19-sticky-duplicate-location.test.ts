// Issue 19 on a real Apache: stickiness on a cookie that never carries `.route` (sticky-never-routed),
// a member repeated with its default port (duplicate-member, the schedule's double share), and a
// `ProxyPass !` that a `<Location>` ProxyPass overrides (location-order). Each bad configuration
// shows its symptom and the rule fires; each corrected one shows none and the rule is silent.
import assert from 'node:assert/strict';
import * as http from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { analyze } from '../../server/src/core/analysis';
import { lint } from '../../server/src/core/lint';
import {
  ApacheServer,
  assertApacheInstalled,
  BackendPool,
  cleanAfterEach,
  fillPlaceholders,
  requestPicks,
  startApache,
  startDefaultPortBackend,
  startBackends,
} from './harness';
import { runSchedule } from './scheduleCli';

const REQUEST_TIMEOUT_MS = 10_000;

/** One GET with an optional Cookie header: `<status> <body>`. */
function get(port: number, path: string, cookie?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path,
        agent: false,
        timeout: REQUEST_TIMEOUT_MS,
        headers: { Connection: 'close', ...(cookie === undefined ? {} : { Cookie: cookie }) },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve(`${response.statusCode ?? 0} ${response.statusCode === 200 ? body : ''}`.trim()));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`request to port ${port} timed out`)));
    request.on('error', reject);
  });
}

/** The findings of `ruleId` for the config file, as the linter reports them. */
async function findings(file: string, ruleId: string): Promise<number> {
  return lint(analyze(await readFile(file, 'utf8'), { epochSeconds: 0 })).filter((finding) => finding.ruleId === ruleId).length;
}

describe('real Apache: issue 19 (sticky-never-routed, duplicate-member, location-order)', function () {
  let pool: BackendPool | undefined;
  const perTest = cleanAfterEach();

  before(async () => {
    assertApacheInstalled();
    pool = await startBackends(['a', 'b']);
  });
  after(async () => pool?.close());

  /** Writes the fragment (placeholders filled), checks the rule's verdict, and starts Apache on it. */
  async function serve(config: string, ruleId: string, flagged: boolean): Promise<{ apache: ApacheServer; port: number; file: string }> {
    const scratchDir = await perTest.scratch();
    const file = join(scratchDir, 'balancer.conf');
    await writeFile(file, `${fillPlaceholders(config, pool!.backends)}\n`);
    assert.equal(await findings(file, ruleId), flagged ? 1 : 0, `${ruleId} ${flagged ? 'must' : 'must not'} fire`);
    const apache = perTest.stopAfter(await startApache(scratchDir, file));
    return { apache, port: apache.port, file };
  }

  const sticky = (value: string): string =>
    [
      '<Proxy "balancer://t">',
      '  BalancerMember http://{a} route=a',
      '  BalancerMember http://{b} route=b',
      `  ProxySet stickysession=${value}`,
      '</Proxy>',
    ].join('\n');

  it('stickysession=PHPSESSID: a PHP session cookie carries no route, so requests follow byrequests', async () => {
    const { port } = await serve(sticky('PHPSESSID'), 'sticky-never-routed', true);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get(port, '/probe', 'PHPSESSID=k3j4h5g6'));
    assert.deepEqual(answers, ['200 a /probe', '200 b /probe', '200 a /probe', '200 b /probe']);
  });

  it('stickysession=jsessionid: the JSESSIONID cookie is not matched (names are case-sensitive)', async () => {
    const { port } = await serve(sticky('jsessionid'), 'sticky-never-routed', true);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await get(port, '/probe', 'JSESSIONID=x9.b'));
    assert.deepEqual(answers, ['200 a /probe', '200 b /probe', '200 a /probe']);
  });

  it('stickysession=JSESSIONID|jsessionid (the fix): the cookie and the URL parameter stick', async () => {
    const { port } = await serve(sticky('JSESSIONID|jsessionid'), 'sticky-never-routed', false);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await get(port, '/probe', 'JSESSIONID=x9.b'));
    answers.push(await get(port, '/probe;jsessionid=x9.a'));
    assert.deepEqual(answers, ['200 b /probe', '200 b /probe', '200 b /probe', '200 a /probe;jsessionid=x9.a']);
  });

  it('stickysession=ROUTEID set by Header with the route (the fix for a framework cookie): requests stick', async () => {
    const config = `Header add Set-Cookie "ROUTEID=.%{BALANCER_WORKER_ROUTE}e; path=/" env=BALANCER_ROUTE_CHANGED\n${sticky('ROUTEID')}`;
    const scratchDir = await perTest.scratch();
    const file = join(scratchDir, 'balancer.conf');
    await writeFile(file, `${fillPlaceholders(config, pool!.backends)}\n`);
    assert.equal(await findings(file, 'sticky-never-routed'), 0);
    const apache = perTest.stopAfter(await startApache(scratchDir, file, [['headers_module', 'mod_headers.so']]));
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await get(apache.port, '/probe', 'ROUTEID=.b'));
    assert.deepEqual(answers, ['200 b /probe', '200 b /probe', '200 b /probe']);
  });

  it('a <Location> exclusion before a broader <Location> ProxyPass is overridden; after it, it holds', async () => {
    const balancer = '<Proxy "balancer://t">\n  BalancerMember http://{a}\n</Proxy>\n';
    const exclusion = '<Location "/static/">\n  ProxyPass "!"\n</Location>\n';
    const root = '<Location "/">\n  ProxyPass "balancer://t/"\n</Location>\n';
    let { apache, port } = await serve(balancer + exclusion + root, 'location-order', true);
    assert.deepEqual([await get(port, '/static/x'), await get(port, '/probe')], ['200 a /static/x', '200 a /probe']);
    await apache.stop();
    ({ apache, port } = await serve(balancer + root + exclusion, 'location-order', false));
    assert.deepEqual([await get(port, '/static/x'), await get(port, '/probe')], ['404', '200 a /probe']);
  });

  it('a server-level ProxyPass /static/ ! is overridden by a <Location "/"> ProxyPass; a <Location> exclusion after it holds', async () => {
    const balancer = '<Proxy "balancer://t">\n  BalancerMember http://{a}\n</Proxy>\n';
    const root = '<Location "/">\n  ProxyPass "balancer://t/"\n</Location>\n';
    let { apache, port } = await serve(`${balancer}ProxyPass "/static/" "!"\n${root}`, 'location-order', true);
    assert.deepEqual([await get(port, '/static/x'), await get(port, '/probe')], ['200 a /static/x', '200 a /probe']);
    await apache.stop();
    ({ apache, port } = await serve(`${balancer}${root}<Location "/static/">\n  ProxyPass "!"\n</Location>\n`, 'location-order', false));
    assert.deepEqual([await get(port, '/static/x'), await get(port, '/probe')], ['404', '200 a /probe']);
  });

  it('http://h then http://h:80: two members sharing one slot, the host gets a double share, and so it does in the preview', async () => {
    const { host } = perTest.closeAfter(await startDefaultPortBackend('a'));
    const members = (...urls: string[]): string =>
      ['<Proxy "balancer://t">', ...urls.map((url) => `  BalancerMember ${url}`), '</Proxy>'].join('\n');
    const pickOf = (url: string | null): string => (url === null ? '503' : url.includes(host) ? 'a' : 'b');
    const shareOfA = (picks: readonly string[]): number => picks.filter((pick) => pick === 'a').length / picks.length;

    let { apache, port, file } = await serve(members(`http://${host}`, `http://${host}:80`, 'http://{b}'), 'duplicate-member', true);
    let preview = await runSchedule(file, 'balancer://t', 6);
    let observed = await requestPicks(port, 6);
    assert.deepEqual(observed, ['a', 'b', 'a', 'a', 'b', 'a']);
    // The double share: the preview gives the host two members and 2/3 of the requests, as Apache does.
    assert.equal(shareOfA(observed), 2 / 3);
    assert.equal(shareOfA(preview.picks.map(pickOf)), 2 / 3);
    assert.equal(
      preview.members.filter((member) => member.url.includes(host)).reduce((sum, member) => sum + member.share, 0),
      2 / 3,
    );
    // The two members of one name share one shared-memory slot, so one lbstatus: a b a a b a, not a a b a a b.
    assert.deepEqual(preview.picks.map(pickOf), observed, 'the schedule preview matches Apache');
    await apache.stop();

    ({ apache, port, file } = await serve(members(`http://${host}`, 'http://{b}'), 'duplicate-member', false));
    preview = await runSchedule(file, 'balancer://t', 6);
    observed = await requestPicks(port, 6);
    assert.deepEqual(observed, ['a', 'b', 'a', 'b', 'a', 'b']);
    assert.deepEqual(preview.picks.map(pickOf), observed, 'the schedule preview matches Apache');
  });
});
