/** The traffic diff engine (core/reports/traffic-diff.ts) on the changes a reviewer must not miss (issue 17). */
import assert from 'node:assert/strict';
import { assembleSet } from '../../../server/src/core/config-set';
import {
  BalancerChange,
  diffTraffic,
  MemberChange,
  TrafficDiff,
  TrafficSide,
  trafficSide,
} from '../../../server/src/core/reports/traffic-diff';
import { factLines, memberNote, routeWords } from '../../../server/src/core/reports/diff-words';
import { memoryFiles } from '../../support/rules';

/** Reads files (relative name → text) under /r as one revision, the way the CLI assembles a side. */
function side(files: Readonly<Record<string, string>>, isPaired = true): TrafficSide {
  const absolute = Object.fromEntries(Object.entries(files).map(([name, text]) => [`/r/${name}`, text]));
  const set = assembleSet(
    Object.entries(absolute).map(([path, text]) => ({ key: path, path, text })),
    { files: memoryFiles(absolute), keyOf: (path) => path, read: { epochSeconds: 1_800_000_000 }, rulesFor: () => undefined },
  );
  return trafficSide(set.configurations, (file) => file.path.slice('/r/'.length), isPaired);
}

function diff(before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): TrafficDiff {
  return diffTraffic(side(before), side(after));
}

const proxy = (name: string, ...members: string[]): string =>
  `<Proxy "balancer://${name}">\n${members.map((member) => `    BalancerMember ${member}\n`).join('')}</Proxy>\n`;

/** The only changed balancer. */
function only(result: TrafficDiff): BalancerChange {
  assert.equal(result.balancers.length, 1, JSON.stringify(result.balancers.map((change) => change.name)));
  return result.balancers[0]!;
}

function member(change: BalancerChange, url: string): MemberChange {
  const found = change.members.find((each) => each.url === url);
  assert.ok(found, `no member ${url}`);
  return found;
}

const A = 'http://10.0.0.1:8080';
const B = 'http://10.0.0.2:8080';
const C = 'http://10.0.0.3:8080';

describe('traffic diff', () => {
  it('loadfactor 70 → 7: shares 70/30 become 7/37 and 30/37, the cycle 10 → 37', () => {
    const change = only(
      diff(
        { 'a.conf': proxy('shop', `${A} loadfactor=70`, `${B} loadfactor=30`) },
        { 'a.conf': proxy('shop', `${A} loadfactor=7`, `${B} loadfactor=30`) },
      ),
    );
    assert.equal(change.kind, 'changed');
    assert.equal(member(change, A).after?.share, 7 / 37);
    assert.equal(member(change, A).before?.share, 0.7);
    assert.equal(member(change, A).points, -51.1);
    assert.equal(member(change, B).points, 51.1);
    assert.ok(change.kind === 'changed' && change.before.cycleLength === 10 && change.after.cycleLength === 37);
  });

  it('a member added with status=+H: added, standby, no share, and the others keep theirs', () => {
    const change = only(diff({ 'a.conf': proxy('shop', A, B) }, { 'a.conf': proxy('shop', A, B, `${C} status=+H`) }));
    const standby = member(change, C);
    assert.equal(standby.change, 'added');
    assert.deepEqual([standby.after?.state, standby.after?.share, standby.points], ['standby-not-needed', 0, 0]);
    assert.equal(member(change, A).points, 0);
  });

  it('a member moved to lbset=1: shadowed by lbset 0, its share goes to the others', () => {
    const change = only(diff({ 'a.conf': proxy('shop', A, B, C) }, { 'a.conf': proxy('shop', A, B, `${C} lbset=1`) }));
    assert.deepEqual(
      [member(change, C).after?.state, member(change, C).after?.lbset, member(change, C).points],
      ['shadowed-by-lbset', 1, -33.3],
    );
    assert.equal(member(change, A).after?.share, 0.5);
  });

  it('a ProxyPass "/" added above "/api/": /api/ now reaches the shop balancer; the balancers are unchanged', () => {
    const balancers = proxy('shop', A) + proxy('api', B);
    const result = diff(
      { 'a.conf': `${balancers}ProxyPass "/api/" "balancer://api/"\n` },
      { 'a.conf': `${balancers}ProxyPass "/" "balancer://shop/"\nProxyPass "/api/" "balancer://api/"\n` },
    );
    assert.equal(result.balancers.length, 0);
    assert.equal(result.unchanged, 2);
    const api = result.routes.find((route) => route.path === '/api/');
    assert.deepEqual([api?.before, api?.after, api?.line], ['balancer://api', 'balancer://shop', 7]);
    assert.ok(result.changed);
  });

  it('a virtual host tries the main server lines first: a main "/" shadows its "/api/"', () => {
    const vhost = (lines: string): string => `<VirtualHost *:80>\n    ServerName shop.example\n${lines}</VirtualHost>\n`;
    const balancers = proxy('shop', A) + proxy('api', B);
    const result = diff(
      { 'a.conf': `${balancers}${vhost('    ProxyPass "/api/" "balancer://api/"\n')}` },
      { 'a.conf': `${balancers}ProxyPass "/" "balancer://shop/"\n${vhost('    ProxyPass "/api/" "balancer://api/"\n')}` },
    );
    const api = result.routes.find((route) => route.path === '/api/' && route.server.includes('shop.example'));
    assert.deepEqual([api?.server, api?.before, api?.after], ['<VirtualHost *:80> shop.example', 'balancer://api', 'balancer://shop']);
  });

  it('a member added in another file through IncludeOptional changes the balancer', () => {
    const main = 'IncludeOptional conf.d/*.conf\n';
    const change = only(
      diff(
        { 'apache2.conf': main, 'conf.d/a.conf': proxy('shop', A) },
        { 'apache2.conf': main, 'conf.d/a.conf': proxy('shop', A), 'conf.d/b.conf': proxy('shop', `${B} loadfactor=3`) },
      ),
    );
    assert.deepEqual(
      change.members.map((each) => [each.url, each.change, each.points]),
      [
        [A, 'kept', -75],
        [B, 'added', 75],
      ],
    );
  });

  it('a balancer renamed with the same members is one change, not a removal and an addition', () => {
    const change = only(diff({ 'a.conf': proxy('shop', A, B) }, { 'a.conf': proxy('store', B, A) }));
    assert.ok(change.kind === 'renamed' && change.renamedFrom === 'balancer://shop' && change.name === 'balancer://store');
  });

  it('a configuration Apache refuses: the balancer is refused, and the refusal is new', () => {
    const result = diff({ 'a.conf': proxy('shop', A, B) }, { 'a.conf': proxy('shop', `${A} loadfactor=0`, B) });
    const change = only(result);
    assert.ok(change.kind === 'changed' && change.before.refused === null && change.after.refused !== null && !change.after.hasSchedule);
    assert.deepEqual(
      result.newRefusals.map((refusal) => [refusal.file, refusal.line, refusal.ruleId]),
      [['a.conf', 2, 'zero-loadfactor']],
    );
    assert.equal(member(change, A).after?.state, 'refused');
  });

  it('a refusal the old revision already had is not new', () => {
    const refused = { 'a.conf': proxy('shop', `${A} loadfactor=0`, B) };
    assert.deepEqual(diff(refused, { 'a.conf': `# edited\n${refused['a.conf']}` }).newRefusals, []);
  });

  it('comments, spacing and quotes change nothing: exit 0 material', () => {
    const result = diff(
      { 'a.conf': proxy('shop', `${A} loadfactor=2`, B) },
      { 'a.conf': `# reviewed\n${proxy('shop', `"${A}"   loadfactor=2`, B)}` },
    );
    assert.deepEqual([result.changed, result.balancers.length, result.unchanged], [false, 0, 1]);
  });

  it('members swapped with equal weights: same shares, but the first picks change', () => {
    const change = only(diff({ 'a.conf': proxy('shop', A, B) }, { 'a.conf': proxy('shop', B, A) }));
    assert.ok(change.kind === 'changed');
    assert.deepEqual(
      [change.before.picks, change.after.picks],
      [
        [A, B],
        [B, A],
      ],
    );
    assert.ok(change.members.every((each) => each.points === 0));
  });

  it('stickysession and a member route change a balancer: each is a change, with the values as written', () => {
    const change = only(
      diff(
        { 'a.conf': `${proxy('shop', `${A} route=a1`, B)}ProxySet "balancer://shop" stickysession=JSESSIONID\n` },
        { 'a.conf': `${proxy('shop', `${A} route=a2`, B)}ProxySet "balancer://shop" stickysession=SID nofailover=On\n` },
      ),
    );
    assert.ok(change.kind === 'changed');
    assert.deepEqual(factLines(change), ['stickysession JSESSIONID → SID', 'nofailover (none) → On']);
    assert.equal(memberNote(member(change, A), change), 'route a1 → a2');
    assert.equal(memberNote(member(change, B), change), '');
  });

  it('a member setting that moves no traffic (a timeout) leaves the balancer unchanged', () => {
    const result = diff({ 'a.conf': proxy('shop', A, B) }, { 'a.conf': proxy('shop', `${A} timeout=30`, B) });
    assert.deepEqual([result.changed, result.unchanged], [false, 1]);
  });

  it('a refused loadfactor is shown as written: loadfactor 20 → 0; now refused', () => {
    const change = only(diff({ 'a.conf': proxy('shop', `${A} loadfactor=20`, B) }, { 'a.conf': proxy('shop', `${A} loadfactor=0`, B) }));
    assert.equal(memberNote(member(change, A), change), 'loadfactor 20 → 0; now refused by Apache');
  });

  describe('routes through the request model', () => {
    const balancers = proxy('api', A) + proxy('web', B);
    const vhost = (...lines: string[]): string =>
      `${balancers}<VirtualHost *:80>\n    ServerName shop.example\n${lines.map((line) => `    ${line}\n`).join('')}</VirtualHost>\n`;
    const routeOf = (result: TrafficDiff, path: string): TrafficDiff['routes'][number] => {
      const found = result.routes.find((route) => route.path === path);
      assert.ok(found, `no route ${path}: ${JSON.stringify(result.routes)}`);
      return found;
    };

    it('a ProxyPassMatch that now sends /api/ to another balancer is a route change', () => {
      const result = diff(
        { 'a.conf': vhost('ProxyPassMatch "^/api/(.*)$" "balancer://api/$1"') },
        { 'a.conf': vhost('ProxyPassMatch "^/api/(.*)$" "balancer://web/$1"') },
      );
      const route = routeOf(result, '/api/x');
      assert.deepEqual([route.server, route.before, route.after], ['<VirtualHost *:80> shop.example', 'balancer://api', 'balancer://web']);
      assert.ok(result.changed);
    });

    it('a RewriteRule [P] added in front of a ProxyPass takes /api/ elsewhere', () => {
      const result = diff(
        { 'a.conf': vhost('ProxyPass "/api/" "balancer://api/"') },
        { 'a.conf': vhost('RewriteEngine On', 'RewriteRule "^/api/(.*)$" "balancer://web/$1" [P]', 'ProxyPass "/api/" "balancer://api/"') },
      );
      const route = routeOf(result, '/api/x');
      assert.deepEqual([route.before, route.after], ['balancer://api', 'balancer://web']);
    });

    it('a <Location> exclusion now keeps /api/ local', () => {
      const result = diff(
        { 'a.conf': vhost('ProxyPass "/" "balancer://web/"') },
        { 'a.conf': vhost('ProxyPass "/" "balancer://web/"', '<Location "/api/">', '    ProxyPass "!"', '</Location>') },
      );
      // The plain ProxyPass routes list /api/ already: its example request is not listed again.
      const route = routeOf(result, '/api/');
      assert.deepEqual([route.before, route.after], ['balancer://web', '!']);
      assert.ok(!result.routes.some((each) => each.path === '/api/x'));
    });

    it('the same balancer, but another path for the member: says what the member receives before and after', () => {
      const result = diff(
        { 'a.conf': vhost('ProxyPass "/api/" "balancer://api/v1/"') },
        { 'a.conf': vhost('ProxyPass "/api/" "balancer://api/"') },
      );
      const route = routeOf(result, '/api/x');
      assert.deepEqual([route.before, route.after, route.received], ['balancer://api', 'balancer://api', { before: '/v1/x', after: '/x' }]);
      assert.match(
        routeWords(route),
        /^\/api\/x \(<VirtualHost \*:80> shop\.example\): balancer:\/\/api → balancer:\/\/api; the member receives \/v1\/x → \/x$/,
      );
    });

    it('a change that moves nothing reports no route', () => {
      const lines = ['RewriteEngine On', 'RewriteRule "^/old/(.*)$" "balancer://web/$1" [P]', 'ProxyPass "/api/" "balancer://api/"'];
      assert.deepEqual(diff({ 'a.conf': vhost(...lines) }, { 'a.conf': `# reviewed\n${vhost(...lines)}` }).routes, []);
    });
  });

  it('balancers in two configurations are told apart by their entry file', () => {
    const before = side({ 'one.conf': proxy('shop', A), 'two.conf': proxy('shop', B) }, false);
    const after = side({ 'one.conf': proxy('shop', A), 'two.conf': proxy('shop', `${B} status=+D`) }, false);
    const change = only(diffTraffic(before, after));
    assert.equal(change.configuration, 'two.conf');
  });
});
