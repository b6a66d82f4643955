import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseManagerPage, type ManagerPage } from '../../../server/src/core/live/manager-page';
import { STATUS_BITS } from '../../../server/src/core/model/params';
import { workCounter } from '../../support/work';

const FIXTURES = join(__dirname, '../../fixtures/live');
/** Pages Apache 2.4.71 served (test/apache/status.test.ts checks the parser against a running one too); ports and nonce replaced. */
const HTML = readFileSync(join(FIXTURES, 'manager-2.4.71.html'), 'latin1');
const XML = readFileSync(join(FIXTURES, 'manager-2.4.71.xml'), 'utf8');

function page(text: string): ManagerPage {
  const result = parseManagerPage(text);
  if ('error' in result) assert.fail(result.error);
  return result.page;
}

function error(text: string): string {
  const result = parseManagerPage(text);
  assert.ok('error' in result, 'expected an error');
  return result.error;
}

/** A page as balancer_display_page writes it, with one member row per `rows` entry (the cells after the worker URL). */
function htmlPage(
  rows: readonly string[],
  header = '<th>Worker URL</th><th>Route</th><th>RouteRedir</th><th>Factor</th><th>Set</th><th>Status</th><th>Elected</th><th>Busy</th><th>Load</th><th>To</th><th>From</th>',
): string {
  return `<html><body><h1>Load Balancer Manager for h</h1>\n<dl><dt>Server Version: Apache/2.4.71</dt>\n<dt>Balancer changes will be persisted on restart.</dt></dl>\n<hr />\n<h3>LoadBalancer Status for <a href="/bm?b=x&amp;nonce=n">balancer://x</a> [p_x]</h3>\n<table><tr><th>MaxMembers</th><th>StickySession</th><th>DisableFailover</th><th>Timeout</th><th>FailoverAttempts</th><th>Method</th><th>Path</th><th>Active</th></tr>\n<tr><td>1 [1 Used]</td>\n<td>JSESSIONID | jsessionid</td><td>Off</td><td>0</td><td>1</td><td>bytraffic</td><td>/</td><td>Yes</td></tr></table>\n<table><tr>${header}</tr>\n${rows.map((row) => `<tr>\n${row}</tr>\n`).join('')}</table><hr />\n</body></html>`;
}

describe('the balancer-manager page', () => {
  it('reads the HTML Apache 2.4.71 served: every member, its values, flags and counts', () => {
    const read = page(HTML);
    assert.equal(read.form, 'html');
    assert.equal(read.serverVersion, 'Apache/2.4.71 (Debian)');
    assert.equal(read.persist, false);
    assert.equal(read.balancers.length, 1);
    const [balancer] = read.balancers;
    assert.equal(balancer!.name, 'balancer://t');
    assert.equal(balancer!.lbmethod, 'byrequests');
    assert.equal(balancer!.stickysession, undefined);
    assert.deepEqual(
      balancer!.members.map((m) => [m.name, m.route, m.lbfactor, m.lbset, m.statusText, m.isUsable, m.elected, m.busy, m.load]),
      [
        ['http://127.0.0.1:8081', 'r1', 100, 0, 'Init Ok', true, 3, 0, 0],
        ['http://127.0.0.1:8082/', '', 200, 0, 'Init Ok', true, 6, 0, 0],
        ['http://127.0.0.1:8083', '', 100, 1, 'Init Stby Ok', true, 0, 0, 0],
      ],
    );
    assert.equal(balancer!.members[2]!.status, STATUS_BITS.O | STATUS_BITS.H);
    assert.equal(balancer!.members[1]!.sent, '1.0K');
  });

  it('reads the XML form to the same members', () => {
    const read = page(XML);
    assert.equal(read.form, 'xml');
    assert.equal(read.persist, undefined);
    const strip = (p: ManagerPage) => p.balancers.map((b) => ({ ...b, members: b.members.map((m) => ({ ...m, sent: '', received: '' })) }));
    assert.deepEqual(strip(read), strip(page(HTML)));
  });

  it('reads every status word, the health-check columns, persistence and sticky names', () => {
    const read = page(
      htmlPage(
        [
          '<td><a href="x">http://a:1</a></td><td></td><td></td><td>1.50</td><td>2</td><td>Init Ign Drn Dis Stop Err Spar HcFl </td><td>10</td><td>1</td><td>-3</td><td>0</td><td>0</td><td>GET</td><td>60000ms</td><td>1 (0)</td><td>1 (0)</td><td></td><td></td></tr>',
          '<td><a href="y"><i>unix:/run/s|http://b</i></a></td><td>r&amp;1</td><td>r2</td><td>100.00</td><td>0</td><td>??? </td><td>0</td><td>0</td><td>0</td><td>0</td><td>0</td><td>NONE</td><td>0ms</td><td>0 (0)</td><td>0 (0)</td><td></td><td></td>',
        ],
        '<th>Worker URL</th><th>Route</th><th>RouteRedir</th><th>Factor</th><th>Set</th><th>Status</th><th>Elected</th><th>Busy</th><th>Load</th><th>To</th><th>From</th><th>HC Method</th><th>HC Interval</th><th>Passes</th><th>Fails</th><th>HC uri</th><th>HC Expr</th>',
      ),
    );
    assert.equal(read.persist, true);
    const [balancer] = read.balancers;
    assert.equal(balancer!.stickysession, 'JSESSIONID | jsessionid');
    assert.equal(balancer!.lbmethod, 'bytraffic');
    const [a, b] = balancer!.members;
    const { O, I, N, D, S, E, R, C } = STATUS_BITS;
    assert.equal(a!.status, O | I | N | D | S | E | R | C);
    assert.equal(a!.isUsable, false);
    assert.equal(a!.lbfactor, 150);
    assert.equal(a!.load, -3);
    assert.equal(b!.name, 'unix:/run/s|http://b');
    assert.equal(b!.route, 'r&1');
    assert.equal(b!.redirect, 'r2');
    assert.equal(b!.lbfactor, 10000);
    assert.equal(b!.status, 0);
  });

  it('reads a page with no balancers as none', () => {
    assert.deepEqual(page('<h1>Load Balancer Manager for h</h1><dl></dl><hr />').balancers, []);
  });

  const refused: readonly [string, string, RegExp][] = [
    ['an empty answer', '', /not a balancer-manager page \(the answer is empty\)/],
    [
      'a login page',
      '<html><head><title>Sign in</title></head><body><form></form></body></html>',
      /not a balancer-manager page \(its title is "Sign in"\)/,
    ],
    ['plain text', 'OK', /not a balancer-manager page \(not HTML\)/],
    ['other XML', "<?xml version='1.0'?><feed/>", /XML document, but not a balancer-manager one/],
    [
      'a heading without a balancer',
      '<h1>Load Balancer Manager for h</h1><h3>LoadBalancer Status for <a>nothing</a></h3>',
      /names no balancer:\/\//,
    ],
    [
      'a balancer without tables',
      '<h1>Load Balancer Manager for h</h1><h3>LoadBalancer Status for <a>balancer://x</a></h3><p>hi</p>',
      /balancer:\/\/x: the page has no settings or member table/,
    ],
    [
      'a factor that is not a number',
      htmlPage([
        '<td>http://a</td><td></td><td></td><td>one</td><td>0</td><td>Init Ok</td><td>0</td><td>0</td><td>0</td><td>0</td><td>0</td>',
      ]),
      /member "http:\/\/a" has the factor "one"/,
    ],
    [
      'an unknown status word',
      htmlPage([
        '<td>http://a</td><td></td><td></td><td>1.00</td><td>0</td><td>Init <script>alert(1)</script> Ok</td><td>0</td><td>0</td><td>0</td><td>0</td><td>0</td>',
      ]),
      /has the status "Init alert\(1\) Ok"/,
    ],
    [
      'an elected count too long for a number',
      htmlPage([
        '<td>http://a</td><td></td><td></td><td>1.00</td><td>0</td><td>Init Ok</td><td>1234567890123456789012</td><td>0</td><td>0</td><td>0</td><td>0</td>',
      ]),
      /has the elected count/,
    ],
  ];
  for (const [what, text, message] of refused) it(`refuses ${what}`, () => assert.match(error(text), message));

  it('reads a page of 20,000 members, or megabytes of one unclosed tag, in linear time', () => {
    const row =
      '<td><a href="x">http://h:1/</a></td><td></td><td></td><td>1.00</td><td>0</td><td>Init Ok </td><td>1</td><td>0</td><td>0</td><td>0</td><td>0</td>';
    const members = (count: number): string => htmlPage(new Array<string>(count).fill(row));
    const unclosed = (size: number): string =>
      `<h1>Load Balancer Manager for h</h1><h3>LoadBalancer Status for <a>balancer://x</a></h3><table><tr><td><${'x'.repeat(size)}`;
    assert.equal(page(members(20_000)).balancers[0]!.members.length, 20_000);
    assert.match(error(unclosed(4_000_000)), /no settings or member table/);
    // The work counted, not timed: twice the input, twice the work (a quadratic scan: four times).
    const counter = workCounter('server/src/core/live/manager-page.ts', 'parseManagerPage');
    try {
      counter.count(members(10));
      for (const [what, input, small, large] of [
        ['members', members, 5000, 10_000],
        ['characters of an unclosed tag', unclosed, 1_000_000, 2_000_000],
      ] as const) {
        const once = counter.count(input(small)).work;
        const twice = counter.count(input(large)).work;
        assert.ok(twice <= 3 * once, `${small} ${what}: ${once} units of work; ${large}: ${twice}`);
      }
    } finally {
      void counter.close();
    }
  });
});
