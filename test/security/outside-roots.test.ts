// An `Include` outside the include roots reveals nothing there: not contents, not names, not whether
// a path exists. Each include is one finding naming it as written, and the output is the same
// whether the folder is full, empty or missing.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnCli } from '../support/cli';
import { tempDir } from '../support/temp';

const FORMATS = ['stylish', 'compact', 'github', 'json', 'sarif'] as const;
const NAMES = ['alice-id_ed25519', 'bob-token.conf', 'carol'];

describe('security: nothing outside the include roots is revealed', function () {
  this.timeout(60_000);
  let repo: string;
  let outside: string;

  beforeEach(() => {
    const base = tempDir('balancer-lens-roots-');
    repo = join(base, 'repo');
    outside = join(base, 'home');
    mkdirSync(repo);
    symlinkSync(outside, join(repo, 'link'));
    writeFileSync(
      join(repo, 'app.conf'),
      [
        `Include ${outside}/*`,
        `Include ${outside}/*/.ssh/*`,
        `IncludeOptional ${outside}/*.conf`,
        `Include ${outside}`,
        'Include link/*',
        'Include link/c*/x.conf',
        '',
      ].join('\n'),
    );
  });

  /** Fills the outside folder with distinctively named files and folders. */
  function fillOutside(): void {
    mkdirSync(join(outside, 'carol/.ssh'), { recursive: true });
    writeFileSync(join(outside, 'carol/.ssh/id_rsa'), 'BalancerMember http://secret-key-line\n');
    writeFileSync(join(outside, 'carol/x.conf'), 'BalancerMember http://secret-conf-line\n');
    for (const name of NAMES.slice(0, 2)) writeFileSync(join(outside, name), 'BalancerMember http://secret-file-line\n');
  }

  function lint(format: string): string {
    const run = spawnCli(['lint', 'app.conf', '--format', format], { cwd: repo });
    // Infos only: an include outside the roots does not fail the run.
    assert.equal(run.status, 0, run.stderr);
    return `${run.stdout}${run.stderr}`;
  }

  for (const format of FORMATS) {
    it(`lint --format ${format}: the same output whether the folder exists or not, and no name from it`, () => {
      const missing = lint(format);
      mkdirSync(outside);
      const empty = lint(format);
      fillOutside();
      const full = lint(format);
      for (const name of [...NAMES, 'id_rsa', 'secret-']) assert.ok(!full.includes(name), `${name} in ${full}`);
      const stable = (text: string): string => text.replace(/"(startTimeUtc|endTimeUtc)": "[^"]*"/g, '');
      assert.equal(stable(full), stable(missing));
      assert.equal(stable(empty), stable(missing));
    });
  }

  it('gives one include-outside-roots finding per include, naming it as written', () => {
    fillOutside();
    const run = spawnCli(['lint', 'app.conf', '--format', 'json'], { cwd: repo });
    const [file] = JSON.parse(run.stdout) as { messages: { ruleId: string; line: number; message: string }[] }[];
    assert.deepEqual(
      file!.messages.map((message) => `${message.line} ${message.ruleId}`),
      [
        '1 include-outside-roots',
        '2 include-outside-roots',
        '3 include-outside-roots',
        '4 include-outside-roots',
        '5 include-outside-roots',
        '6 include-outside-roots',
      ],
    );
    // The include as written, quoted; a long one keeps its end, cut with … at the start.
    const shown = /^"(?:…)?([^"]*)" is outside the include roots/.exec(file!.messages[0]!.message);
    assert.ok(shown && `${outside}/*`.endsWith(shown[1]!), file!.messages[0]!.message);
    assert.match(file!.messages[4]!.message, /^"link\/\*" is outside the include roots/);
  });

  it('schedule names nothing outside either', () => {
    fillOutside();
    const run = spawnCli(['schedule', 'app.conf'], { cwd: repo });
    assert.equal(run.status, 0);
    for (const name of [...NAMES, 'id_rsa', 'secret-']) assert.ok(!`${run.stdout}${run.stderr}`.includes(name), `${name} in ${run.stderr}`);
    rmSync(outside, { recursive: true });
    assert.equal(spawnCli(['schedule', 'app.conf'], { cwd: repo }).stderr, run.stderr);
  });
});
