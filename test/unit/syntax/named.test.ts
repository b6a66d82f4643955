import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  enclosing,
  expandedLines,
  foldedName,
  linesByServer,
  namesIn,
  outermostSection,
  parentSection,
  stepsNamed,
} from '../../../server/src/core/syntax/named';
import { parse } from '../../../server/src/core/syntax/parser';
import type { Section } from '../../../server/src/core/syntax/tree';
import { walk, WalkStep } from '../../../server/src/core/syntax/walk';
import { grammarText, mutatedText, seedTexts } from '../../fuzz/inputs';
import { fuzzRuns } from '../../support/fuzz';

/**
 * The index against the plain walk it stands for: the steps with each name, and for every step the
 * sections entered and not yet left (innermost first), as a stack kept over the whole walk says.
 */
const PATHS = new Set(['location', 'locationmatch', 'directory']);

/** Names whose lines `linesByServer` is checked with. */
const SERVER_NAMES = ['proxypass', 'balancermember', 'sslproxyengine', 'proxyrequests'];

function checkAgainstWalk(text: string): void {
  const nodes = parse(text, { environment: {} }).nodes;
  const open: Section[] = [];
  const byName = new Map<string, number[]>();
  const servers: { vhost: Section | undefined; lines: WalkStep[] }[] = [{ vhost: undefined, lines: [] }];
  walk(nodes).forEach((step, position) => {
    if (step.kind === 'leave') {
      assert.equal(open.pop(), step.section);
      return;
    }
    const directive = step.kind === 'directive' ? step.directive : step.section.open;
    const name = directive.name.replace(/[A-Z]/g, (c) => c.toLowerCase());
    byName.set(name, [...(byName.get(name) ?? []), position]);
    const around = [...open].reverse();
    const folded = (section: Section): string => section.name.replace(/[A-Z]/g, (c) => c.toLowerCase());
    if (step.kind === 'enter' && folded(step.section) === 'virtualhost') servers.push({ vhost: step.section, lines: [] });
    if (step.kind === 'directive' && SERVER_NAMES.includes(name)) {
      const vhost = around.find((section) => folded(section) === 'virtualhost');
      servers.find((server) => server.vhost === vhost)!.lines.push(step);
    }
    assert.equal(step.parent && outermostSection(nodes, step.parent), open[0]);
    for (const wanted of ['virtualhost', 'location', 'proxy']) {
      assert.equal(
        enclosing(nodes, step.parent, wanted),
        around.find((section) => folded(section) === wanted),
      );
    }
    assert.equal(
      enclosing(nodes, step.parent, PATHS),
      around.find((section) => PATHS.has(folded(section))),
    );
    if (step.kind === 'enter') {
      assert.equal(parentSection(nodes, step.section), open.at(-1));
      assert.equal(
        foldedName(nodes, step.section),
        step.section.name.replace(/[A-Z]/g, (c) => c.toLowerCase()),
      );
      open.push(step.section);
    }
  });
  assert.deepEqual(linesByServer(nodes, SERVER_NAMES), servers);
  const steps = walk(nodes);
  const lines = steps.flatMap((step) => (step.kind === 'directive' ? [step.directive] : step.kind === 'enter' ? [step.section.open] : []));
  assert.deepEqual(
    expandedLines(nodes),
    lines.filter((line) => line.macroLine),
  );
  const names = [...byName.keys()];
  assert.deepEqual(new Set(namesIn(nodes)), new Set(names));
  for (const name of names)
    assert.deepEqual(
      stepsNamed(nodes, [name]),
      byName.get(name)!.map((position) => steps[position]),
    );
  const several = names.filter((_, index) => index % 2 === 0);
  const positions = several.flatMap((name) => byName.get(name)!).sort((a, b) => a - b);
  assert.deepEqual(
    stepsNamed(nodes, several),
    positions.map((position) => steps[position]),
  );
}

describe('the walk indexed by name (syntax/named)', () => {
  const seeds = seedTexts().texts;

  it('agrees with the plain walk on every seed text (rule examples, examples, fixtures, corpus)', () => {
    for (const text of seeds) checkAgainstWalk(text);
  });

  it('agrees with the plain walk on macro expansions (lines read in place of Use)', () => {
    const text = [
      '<Macro Pool $name $port>',
      '  <Proxy "balancer://$name">',
      '    BalancerMember "http://10.0.0.1:$port"',
      '  </Proxy>',
      '  ProxyPass "/$name/" "balancer://$name/"',
      '</Macro>',
      'Use Pool shop 8080',
      '<VirtualHost *:80>',
      '  Use Pool cart 8081',
      '</VirtualHost>',
    ].join('\n');
    assert.equal(expandedLines(parse(text, { environment: {} }).nodes).length, 6);
    checkAgainstWalk(text);
  });

  it('agrees with the plain walk on generated and mutated configurations', function () {
    // 600 inputs take about a second alone and four on a loaded machine: mocha's 2 s would make the verdict depend on the load.
    this.timeout(60_000);
    fc.assert(fc.property(grammarText, checkAgainstWalk), fuzzRuns(300));
    fc.assert(fc.property(mutatedText(seeds), checkAgainstWalk), fuzzRuns(300));
  });
});
