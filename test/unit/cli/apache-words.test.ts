// Apache's own words travel beside the message (issue 13): an `apacheMessage` field in JSON, a
// result property in SARIF, an indented second line in stylish, a second annotation line in github;
// compact stays one line of our message. And text fits a terminal's width, but only on a terminal.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import type * as Sarif from 'sarif';
import { runCli } from '../../support/cli';

const FIXTURES = join(__dirname, '../../fixtures/lint');
const ERROR = join(FIXTURES, 'error.conf');
const APACHE = 'BalancerMember LoadFactor must be a number between 1..100';
const EXAMPLE = join(__dirname, '../../../examples/shop.conf');

/** A configuration whose findings and picks run long: a long balancer name, many members, notes. */
const LONG = [
  '<Proxy "balancer://a-balancer-with-a-rather-long-name-for-the-width-test">',
  ...Array.from({ length: 7 }, (_, index) => `    BalancerMember "http://10.0.0.${index + 1}:8080" loadfactor=${index + 3}`),
  '    BalancerMember "http://10.0.0.9:8080" loadfactor=0',
  '    BalancerMember "http://10.0.0.10:8080" status=+H',
  '</Proxy>',
  'ProxyPass "/a-rather-long-path-for-the-width-test/" "balancer://a-balancer-with-a-rather-long-name-for-the-width-test"',
  '',
].join('\n');

describe("Apache's words beside the message", () => {
  it('json: an additive apacheMessage on the findings that have them, none on the others', () => {
    const run = runCli(['lint', '--format', 'json', FIXTURES]);
    const messages = (JSON.parse(run.stdout) as { messages: { ruleId: string; message: string; apacheMessage?: string }[] }[]).flatMap(
      (file) => file.messages,
    );
    const zero = messages.find((message) => message.ruleId === 'zero-loadfactor');
    assert.equal(zero?.apacheMessage, APACHE);
    assert.ok(!zero.message.includes(APACHE));
    const without = messages.filter((message) => message.apacheMessage === undefined);
    assert.ok(without.length > 0, 'some findings have no words of Apache');
    for (const message of without) assert.ok(!('apacheMessage' in message), JSON.stringify(message));
  });

  it('sarif: result.properties.apacheMessage', () => {
    const log = JSON.parse(runCli(['lint', '--format', 'sarif', ERROR]).stdout) as Sarif.Log;
    const result = log.runs[0]!.results!.find((each) => each.ruleId === 'zero-loadfactor');
    assert.deepEqual(result?.properties, { apacheMessage: APACHE });
    assert.ok(!result.message.text!.includes(APACHE));
  });

  it('stylish: an indented second line under the finding', () => {
    const lines = runCli(['lint', ERROR]).stdout.split('\n');
    const row = lines.findIndex((line) => line.includes('zero-loadfactor'));
    assert.ok(row >= 0, lines.join('\n'));
    const messageColumn = lines[row]!.indexOf('loadfactor "0"');
    assert.equal(lines[row + 1], `${' '.repeat(messageColumn)}Apache: ${APACHE}`);
  });

  it('github: a second annotation line, still one workflow command; compact: our message alone', () => {
    const github = runCli(['lint', '--format', 'github', ERROR]).stdout;
    assert.match(
      github,
      new RegExp(
        `^::error .*title=zero-loadfactor::loadfactor "0" is out of range [^\\n]*%0AApache: ${APACHE.replace(/\./g, '\\.')}$`,
        'm',
      ),
    );
    const compact = runCli(['lint', '--format', 'compact', ERROR]).stdout;
    assert.ok(!compact.includes(APACHE), compact);
    assert.equal(compact.split('\n').filter(Boolean).length, 1);
  });
});

describe("fitting text to the terminal's width", () => {
  /** The text a terminal shows: without the OSC 8 links around rule ids, which take no columns. */
  const visible = (text: string): string => text.replace(/\x1b]8;;[^\x1b]*\x1b\\/g, '');
  const longest = (text: string): number =>
    Math.max(
      ...visible(text)
        .split('\n')
        .map((line) => line.length),
    );

  it('stylish on an 80-column terminal: every line fits, continuation lines under the message', () => {
    const piped = runCli(['lint', '-'], { stdin: LONG });
    const terminal = runCli(['lint', '-'], { stdin: LONG, columns: 80 });
    assert.ok(longest(piped.stdout) > 80, 'the test needs rows longer than 80 columns');
    assert.ok(longest(terminal.stdout) <= 80, terminal.stdout);
    // The same characters, only broken into other lines.
    const characters = (text: string): string => [...text.replace(/\s/g, '')].sort().join('');
    assert.equal(characters(visible(terminal.stdout)), characters(piped.stdout));
    const lines = visible(terminal.stdout).split('\n');
    const row = lines.findIndex((line) => line.includes('loadfactor "0"'));
    const column = lines[row]!.indexOf('loadfactor "0"');
    assert.match(lines[row + 1]!, new RegExp(`^ {${column}}\\S`), 'a continuation line starts under the message');
  });

  it('stylish: not a terminal, nothing is wrapped (and COLUMNS does not matter)', () => {
    const piped = runCli(['lint', '-'], { stdin: LONG });
    const withColumns = runCli(['lint', '-'], { stdin: LONG, env: { COLUMNS: '40' } });
    assert.equal(withColumns.stdout, piped.stdout);
    const row = piped.stdout.split('\n').find((line) => line.includes('zero-loadfactor'));
    assert.match(
      row!,
      /loadfactor "0" is out of range 1–100: write 1 or more, or take the member out with status=\+D, \+N or \+H +zero-loadfactor$/,
    );
  });

  it('COLUMNS overrides the width a terminal reports', () => {
    const terminal = runCli(['lint', '-'], { stdin: LONG, columns: 200, env: { COLUMNS: '60' } });
    assert.ok(longest(terminal.stdout) <= 60, terminal.stdout);
  });

  it('schedule on an 80-column terminal: the picks are cut with …, notes and reasons wrapped; piped, nothing changes', () => {
    const piped = runCli(['schedule', EXAMPLE, '--picks', '200']);
    const terminal = runCli(['schedule', EXAMPLE, '--picks', '200'], { columns: 80 });
    assert.ok(longest(piped.stdout) > 80);
    assert.ok(longest(terminal.stdout) <= 80, terminal.stdout);
    const picks = terminal.stdout.split('\n').filter((line) => line.startsWith('  picks  '));
    assert.ok(picks.length > 0);
    for (const line of picks) assert.match(line, / …$/);
    const pipedPicks = piped.stdout.split('\n').filter((line) => line.startsWith('  picks  '));
    for (const line of pipedPicks) assert.equal(line.split(' ').filter((word) => /^[a-z]$/.test(word)).length, 200);
  });
});
