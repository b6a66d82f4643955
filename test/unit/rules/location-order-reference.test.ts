/**
 * location-order finds an overriding `<Location>` through an index of paths; this compares its
 * findings on generated configurations with many `<Location>` sections against the plain reading of
 * the rule below, which checks every pair (and every third section) directly.
 */
import assert from 'node:assert/strict';
import { analyze, type Analysis } from '../../../server/src/core/analysis';
import { rule } from '../../../server/src/core/rules/location-order';
import { covers, proxyRules, type ProxyRule } from '../../../server/src/core/requests/proxy-rules';
import { EPOCH_SECONDS } from '../../support/rules';

interface Found {
  readonly at: number;
  readonly by: number;
}

const isExclusion = (each: ProxyRule): boolean => each.url.value === '!';
const isPlain = (path: string | undefined): path is string => path !== undefined && path.startsWith('/') && !/[*?[\\$%]/.test(path);
const applies = (exclusion: ProxyRule, proxied: ProxyRule): boolean =>
  proxied.vhost === exclusion.vhost || !exclusion.vhost || !proxied.vhost;
const order = (each: ProxyRule): number => (each.vhost ? 1 : 0);
const start = (each: ProxyRule): number => each.location!.span.start;

/** For each exclusion, the first `<Location>` ProxyPass in rule order that overrides it, by direct comparison. */
function reference(analysis: Analysis): Found[] {
  const rules = proxyRules(analysis).filter((each) => each.kind === 'ProxyPass');
  const inLocations = rules.filter((each) => each.location?.name.toLowerCase() === 'location' && !each.isRegex && isPlain(each.path));
  const found: Found[] = [];
  for (const exclusion of inLocations.filter(isExclusion)) {
    const path = exclusion.path!;
    const later = inLocations.find(
      (each) =>
        !isExclusion(each) &&
        applies(exclusion, each) &&
        (order(each) > order(exclusion) || (order(each) === order(exclusion) && start(each) > start(exclusion))) &&
        covers(each.path!, path) &&
        !inLocations.some(
          (again) => isExclusion(again) && start(again) > start(each) && again.vhost === each.vhost && covers(again.path!, path),
        ),
    );
    if (later) found.push({ at: exclusion.directive.span.start, by: later.directive.span.start });
  }
  for (const exclusion of rules.filter((each) => !each.location && isExclusion(each) && !each.isRegex && isPlain(each.path))) {
    const path = exclusion.path!;
    if (inLocations.some((again) => isExclusion(again) && applies(exclusion, again) && covers(again.path!, path))) continue;
    const first = inLocations.find((each) => !isExclusion(each) && applies(exclusion, each) && covers(each.path!, path));
    if (first) found.push({ at: exclusion.pathWord!.span.start, by: first.directive.span.start });
  }
  return found.sort((a, b) => a.at - b.at);
}

/** A small deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PATHS = ['/', '/a', '/a/', '/a/b', '/a//b/', '/a/b/c', '/ab', '/static/', '/stat', '/static/img', '/x/y/'];

/** `sections` `<Location>` sections and server-level exclusions, spread over the main server and three virtual hosts. */
function generate(seed: number, sections: number): string {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const body = (): string => {
    const roll = next();
    if (roll < 0.15) return `ProxyPass "${pick(PATHS)}" "!"\n`;
    const lines = [next() < 0.5 ? '    ProxyPass "!"' : `    ProxyPass "balancer://c${pick(PATHS)}"`];
    if (roll > 0.95) lines.push('    ProxyPass "balancer://c/"');
    return `<Location "${pick(PATHS)}">\n${lines.join('\n')}\n</Location>\n`;
  };
  const hosts: string[][] = [[], [], [], []];
  for (let i = 0; i < sections; i++) pick(hosts).push(body());
  const [main, ...virtual] = hosts as [string[], ...string[][]];
  return [
    '<Proxy "balancer://c">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n',
    ...main,
    ...virtual.map((lines, i) => `<VirtualHost *:${8080 + i}>\n${lines.join('')}</VirtualHost>\n`),
  ].join('');
}

describe('location-order against a direct reading of the rule', () => {
  it('finds the same exclusions and the same overriding <Location> on generated configurations', () => {
    let total = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const analysis = analyze(generate(seed, 160), { epochSeconds: EPOCH_SECONDS });
      const actual = [...rule.check({ analysis, run: [analysis] })].map((finding) => ({
        at: finding.span.start,
        by: finding.related![0]!.span.start,
      }));
      const expected = reference(analysis);
      assert.deepEqual(actual, expected, `seed ${seed}`);
      total += expected.length;
    }
    // The generated sections give the rule plenty to find, so an empty result on both sides cannot pass.
    assert.ok(total > 100, `${total} findings`);
  });
});
