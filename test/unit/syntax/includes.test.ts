import assert from 'node:assert/strict';
import { analyze, Analysis } from '../../../server/src/core/analysis';
import { fileAt, fileText, localize } from '../../../server/src/core/files';
import { lint } from '../../../server/src/core/lint';
import { picks } from '../../../server/src/core/scheduler/byrequests';
import { RULES } from '../../../server/src/core/rules';
import { RULE_EXAMPLES } from '../../../server/src/core/rules/examples';
import { matchComponent } from '../../../server/src/core/glob';
import { DEFAULT_READ_LIMITS, FileAccess, IncludeBudget, resolveInclude } from '../../../server/src/core/syntax/includes';

/** A fresh budget with the default limits. */
function budget(): IncludeBudget {
  return { left: DEFAULT_READ_LIMITS.includes, directoryDepth: DEFAULT_READ_LIMITS.directoryDepth };
}

/** An in-memory file system: paths to texts; directories are implied by the paths. */
function memoryFs(files: Record<string, string>): FileAccess {
  return {
    readFile: (path) => files[path],
    readDirectory(path) {
      const prefix = path === '/' ? '/' : `${path}/`;
      const names = new Set<string>();
      for (const file of Object.keys(files)) if (file.startsWith(prefix)) names.add(file.slice(prefix.length).split('/')[0]!);
      return names.size > 0 ? [...names] : undefined;
    },
  };
}

function analyzeSet(files: Record<string, string>, entry = '/etc/apache2/apache2.conf', extra: object = {}): Analysis {
  return analyze(files[entry]!, { path: entry, files: memoryFs(files), epochSeconds: 1_800_000_000, ...extra });
}

/**
 * `access` counting its calls (files read, folders listed, paths probed): the work a limit bounds,
 * counted instead of timed. Past `cap` calls it throws, so a walk the limit no longer stops fails
 * at once instead of running for hours.
 */
function countingAccess(access: FileAccess, cap: number): { readonly access: FileAccess; readonly calls: () => number } {
  let calls = 0;
  const count = (): void => {
    if (++calls > cap) assert.fail(`more than ${cap} reads: the include limit did not stop them`);
  };
  return {
    access: {
      readFile: (path) => (count(), access.readFile(path)),
      readDirectory: (path) => (count(), access.readDirectory(path)),
    },
    calls: () => calls,
  };
}

/** Each diagnostic as `file:line rule: message-start`. */
function findings(analysis: Analysis): string[] {
  return localize(analysis.tree.files, lint(analysis)).map(({ file, diagnostic }) => {
    const line = fileText(analysis.tree.text, file).slice(0, diagnostic.span.start).split('\n').length;
    return `${file.path}:${line} ${diagnostic.ruleId}`;
  });
}

describe('include resolution', () => {
  const fs = memoryFs({
    '/etc/apache2/apache2.conf': '',
    '/etc/apache2/conf-enabled/b.conf': '',
    '/etc/apache2/conf-enabled/a.conf': '',
    '/etc/apache2/conf-enabled/B.conf': '',
    '/etc/apache2/conf-enabled/.hidden.conf': '',
    '/etc/apache2/conf-enabled/notes.txt': '',
    '/etc/apache2/sites-enabled/one/x.conf': '',
    '/etc/apache2/sites-enabled/two/x.conf': '',
    '/etc/apache2/dir/sub/z.conf': '',
    '/etc/apache2/dir/a.conf': '',
    '/etc/apache2/dir/.dot': '',
    '/etc/apache2/x/a/m.conf': '',
    '/etc/apache2/x/b/n.conf': '',
  });
  const cases: [string, boolean, string[] | string][] = [
    [
      'conf-enabled/*.conf',
      false,
      ['/etc/apache2/conf-enabled/B.conf', '/etc/apache2/conf-enabled/a.conf', '/etc/apache2/conf-enabled/b.conf'],
    ],
    [
      '/etc/apache2/conf-enabled/?.conf',
      false,
      ['/etc/apache2/conf-enabled/B.conf', '/etc/apache2/conf-enabled/a.conf', '/etc/apache2/conf-enabled/b.conf'],
    ],
    ['conf-enabled/[ab].conf', false, ['/etc/apache2/conf-enabled/a.conf', '/etc/apache2/conf-enabled/b.conf']],
    ['sites-enabled/*/x.conf', false, ['/etc/apache2/sites-enabled/one/x.conf', '/etc/apache2/sites-enabled/two/x.conf']],
    ['dir', false, ['/etc/apache2/dir/.dot', '/etc/apache2/dir/a.conf', '/etc/apache2/dir/sub/z.conf']],
    ['./conf-enabled/../conf-enabled/a.conf', false, ['/etc/apache2/conf-enabled/a.conf']],
    ['missing.conf', false, 'Could not open configuration file /etc/apache2/missing.conf: No such file or directory'],
    ['missing.conf', true, []],
    [
      'conf-enabled/zz*.conf',
      false,
      "Include/IncludeOptional: No matches for the wildcard 'zz*.conf' in '/etc/apache2/conf-enabled', failing",
    ],
    ['conf-enabled/zz*.conf', true, []],
    ['nodir/*.conf', true, []],
    // Apache matches each wildcard in each directory an earlier one matched (verified with 2.4.71).
    ['x/*/m*.conf', false, "Include/IncludeOptional: No matches for the wildcard 'm*.conf' in '/etc/apache2/x/b', failing"],
    ['x/*/m*.conf', true, ['/etc/apache2/x/a/m.conf']],
    ['x/*/m.conf', false, 'Could not open configuration file /etc/apache2/x/b/m.conf: No such file or directory'],
    ['x/*/m.conf', true, ['/etc/apache2/x/a/m.conf']],
    ['x/*/', false, ['/etc/apache2/x/a/m.conf', '/etc/apache2/x/b/n.conf']],
    ['nodir/*.conf', false, 'Include/IncludeOptional: Could not open directory /etc/apache2/nodir: No such file or directory'],
    ['dir/a.conf/*.conf', true, 'Include/IncludeOptional: Could not open directory /etc/apache2/dir/a.conf: Not a directory'],
    ['conf-enabled/a[.conf', false, 'Could not open configuration file /etc/apache2/conf-enabled/a[.conf: No such file or directory'],
  ];
  for (const [argument, optional, expected] of cases) {
    it(`${optional ? 'IncludeOptional' : 'Include'} ${argument}`, () => {
      const result = resolveInclude(argument, optional, '/etc/apache2', fs, budget());
      assert.deepEqual('error' in result ? result.error : result.files, expected);
    });
  }

  it('stops at a directory loop (a symlink to a parent)', () => {
    const loop: FileAccess = {
      readFile: (path) => (path.endsWith('.conf') ? '' : undefined),
      readDirectory: (path) => (path.endsWith('.conf') ? undefined : ['a.conf', 'again']),
    };
    const result = resolveInclude('/etc/loop', false, '/', loop, budget());
    assert.ok('files' in result && result.files.length === 33 && result.limit === 'depth', JSON.stringify(result).slice(0, 200));
  });

  const patterns: [string, string, boolean][] = [
    ['*.conf', 'a.conf', true],
    ['*.conf', '.a.conf', false],
    ['.*', '.a', true],
    ['[!a]*', 'b', true],
    ['[!a]*', 'a', false],
    ['[a-c]', 'b', true],
    ['a\\*', 'a*', true],
    ['a\\*', 'ab', false],
    ['*a*b', 'xaxab', true],
    ['*a*b', 'xaxa', false],
    [`*${'a*'.repeat(16)}b`, 'a'.repeat(60), false],
  ];
  for (const [pattern, name, expected] of patterns)
    it(`fnmatch ${pattern} ${expected ? 'matches' : 'does not match'} ${name}`, () =>
      assert.equal(matchComponent(pattern, name), expected));
});

describe('localize: findings in their own files', () => {
  const files = [
    { path: '/etc/apache2/apache2.conf', start: 0, length: 50 },
    { path: '/etc/apache2/members.conf', start: 51, length: 30 },
  ];
  const edit = (start: number, end: number) => ({ span: { start, end }, newText: 'x' });

  it('keeps what lies in the first file as it is, and moves what lies in another to its offsets', () => {
    const first = {
      ruleId: 'zero-loadfactor',
      severity: 'error' as const,
      span: { start: 10, end: 20 },
      message: 'm',
      fixes: [{ title: 'f', edits: [edit(12, 14)], safe: true }],
      related: [{ span: { start: 30, end: 40 }, message: 'r' }],
    };
    const second = { ...first, span: { start: 60, end: 70 }, fixes: [{ title: 'f', edits: [edit(61, 62)], safe: true }], related: [] };
    assert.deepEqual(localize(files, [first, second]), [
      { file: files[0], diagnostic: first },
      {
        file: files[1],
        diagnostic: { ...second, span: { start: 9, end: 19 }, fixes: [{ title: 'f', edits: [edit(10, 11)], safe: true }], related: [] },
      },
    ]);
  });

  it('drops related places and fixes that reach into another file, in the first file too', () => {
    const base = { ruleId: 'duplicate-member', severity: 'warning' as const, span: { start: 10, end: 20 }, message: 'm' };
    const here = { title: 'here', edits: [edit(12, 14)], safe: true };
    const related = {
      ...base,
      related: [
        { span: { start: 30, end: 40 }, message: 'here' },
        { span: { start: 55, end: 58 }, message: 'there' },
      ],
    };
    const fixed = { ...base, fixes: [here, { title: 'there', edits: [edit(12, 14), edit(60, 61)], safe: true }] };
    assert.deepEqual(
      localize(files, [related, fixed]).map(({ diagnostic }) => diagnostic),
      [
        { ...base, related: [{ span: { start: 30, end: 40 }, message: 'here' }] },
        { ...base, fixes: [here] },
      ],
    );
  });
});

describe('configurations across files', () => {
  it('splices an included file into the <Proxy> that includes it', () => {
    const analysis = analyzeSet({
      '/etc/apache2/apache2.conf': '<Proxy balancer://shop>\nInclude members.conf\nProxySet lbmethod=byrequests\n</Proxy>\n',
      '/etc/apache2/members.conf': 'BalancerMember http://a loadfactor=3\nBalancerMember http://b\n',
    });
    const [preview] = analysis.previews;
    assert.deepEqual(
      preview!.balancer.members.map((member) => member.url),
      ['http://a', 'http://b'],
    );
    assert.equal(fileAt(analysis.tree.files, preview!.balancer.members[0]!.declaration.url.start).path, '/etc/apache2/members.conf');
  });

  it('schedules the same through includes as in one file', () => {
    const single = analyze(
      '<Proxy balancer://x>\nBalancerMember http://a loadfactor=70\nBalancerMember http://b loadfactor=30\n</Proxy>\n',
      { epochSeconds: 1 },
    );
    const split = analyzeSet({
      '/etc/apache2/apache2.conf': 'IncludeOptional conf-enabled/*.conf\n',
      '/etc/apache2/conf-enabled/1-a.conf': '<Proxy balancer://x>\nBalancerMember http://a loadfactor=70\n</Proxy>\n',
      '/etc/apache2/conf-enabled/2-b.conf': '<Proxy balancer://x>\nBalancerMember http://b loadfactor=30\n</Proxy>\n',
    });
    const sequence = (analysis: Analysis) => {
      const preview = analysis.previews[0]!;
      const inputs = preview.balancer.members.map((member) => ({ ...member.params, retry: member.params.retry }));
      return picks(inputs, preview.schedule, 10).map((index) => preview.balancer.members[index]!.url);
    };
    assert.deepEqual(sequence(split), sequence(single));
  });

  it('resolves a balancer defined in conf-enabled and used in sites-enabled', () => {
    const analysis = analyzeSet({
      '/etc/apache2/apache2.conf': 'IncludeOptional conf-enabled/*.conf\nIncludeOptional sites-enabled/*.conf\n',
      '/etc/apache2/conf-enabled/balancers.conf': '<Proxy balancer://app>\nBalancerMember http://a\n</Proxy>\n',
      '/etc/apache2/sites-enabled/site.conf':
        '<VirtualHost *:80>\nProxyPass / balancer://app/\nProxyPassReverse / balancer://app/\n</VirtualHost>\n',
    });
    assert.deepEqual(findings(analysis), []);
    const vhost = analysis.previews.find((preview) => preview.balancer.scope.kind === 'vhost')!;
    assert.deepEqual(
      vhost.balancer.members.map((member) => member.url),
      ['http://a'],
    );
  });

  it('reports findings in the included file, on its own line', () => {
    const analysis = analyzeSet({
      '/etc/apache2/apache2.conf': 'Include sites/*.conf\n',
      '/etc/apache2/sites/a.conf': '# a site\n<Proxy balancer://x>\nBalancerMember http://a loadfactor=0\n</Proxy>\n',
    });
    assert.deepEqual(findings(analysis), ['/etc/apache2/sites/a.conf:3 zero-loadfactor']);
  });

  it('carries Define, ServerRoot and LoadModule across files in reading order', () => {
    const analysis = analyzeSet(
      {
        '/srv/main.conf':
          'ServerRoot /opt/web\nInclude mods/*.load\nInclude vars.conf\n<IfModule proxy_balancer_module>\nBalancerMember balancer://x http://h:${PORT}\n</IfModule>\n<IfModule rewrite_module>\nBalancerMember balancer://x http://never\n</IfModule>\n',
        '/opt/web/mods/proxy.load': 'LoadModule proxy_module /m/mod_proxy.so\nLoadModule proxy_balancer_module /m/mod_proxy_balancer.so\n',
        '/opt/web/vars.conf': 'Define port 8080\n',
      },
      '/srv/main.conf',
    );
    assert.deepEqual(
      analysis.previews[0]!.balancer.members.map((member) => member.url),
      ['http://h:8080'],
    );
  });

  it("reports an include cycle once, with Apache's message", () => {
    const analysis = analyzeSet({
      '/etc/apache2/apache2.conf': 'Include a.conf\n',
      '/etc/apache2/a.conf': 'Include b.conf\n',
      '/etc/apache2/b.conf': 'Include a.conf\n',
    });
    const messages = lint(analysis).map((diagnostic) => diagnostic.apacheMessage ?? '');
    assert.equal(messages.length, 1);
    assert.match(messages[0]!, /Exceeded maximum include depth of 128, There appears to be a recursion/);
    assert.match(messages[0]!, /a\.conf → \/etc\/apache2\/b\.conf → \/etc\/apache2\/a\.conf/);
  });

  it('does not let a section span files', () => {
    const analysis = analyzeSet({
      '/etc/apache2/apache2.conf': 'Include open.conf\n</Proxy>\n',
      '/etc/apache2/open.conf': '<Proxy balancer://x>\nBalancerMember http://a\n',
    });
    assert.deepEqual(findings(analysis), ['/etc/apache2/apache2.conf:2 section-mismatch', '/etc/apache2/open.conf:1 section-mismatch']);
  });

  it('without file access, leaves includes alone and treats the modules as unknown', () => {
    const text =
      'LoadModule mpm_event_module mod_mpm_event.so\nInclude mods-enabled/*.load\n<Proxy balancer://x>\nBalancerMember http://a\n</Proxy>\n';
    const analysis = analyze(text, { epochSeconds: 1 });
    assert.equal(analysis.tree.unfollowedInclude, true);
    assert.deepEqual(
      lint(analysis).map((diagnostic) => diagnostic.ruleId),
      [],
    );
  });
});

describe('read limits', () => {
  /** Only the include-over-limit findings, as `file:line message`. */
  const overLimit = (analysis: Analysis): string[] =>
    localize(analysis.tree.files, lint(analysis))
      .filter(({ diagnostic }) => diagnostic.ruleId === 'include-over-limit')
      .map(
        ({ file, diagnostic }) =>
          `${file.path}:${
            fileText(analysis.tree.text, file)
              .slice(0, diagnostic.span.start - file.start)
              .split('\n').length
          } ${diagnostic.message}`,
      );

  it('reads includes that multiply (8 includes in each of 9 files: 134 million reads) only up to the include limit', () => {
    const files: Record<string, string> = {
      '/etc/apache2/apache2.conf': 'Include f1.conf\n',
      '/etc/apache2/f10.conf': 'ProxyPass /x http://x/\n',
    };
    for (let i = 1; i <= 9; i++) files[`/etc/apache2/f${i}.conf`] = `Include f${i + 1}.conf\n`.repeat(8);
    // Each file is looked at (is it a folder? a file?) and then read: three calls at most per file the limit allows.
    const counting = countingAccess(memoryFs(files), 3 * 1000);
    const analysis = analyzeSet(files, undefined, { files: counting.access, limits: { ...DEFAULT_READ_LIMITS, includes: 1000 } });
    assert.ok(counting.calls() <= 3 * 1000, `${counting.calls()} reads`);
    assert.equal(analysis.tree.files.length, 1001, 'the entry and 1,000 included files');
    const found = overLimit(analysis);
    assert.ok(found.length > 0 && found.length <= 9 * 8, found.join('\n'));
    assert.match(
      found[0]!,
      /^\/etc\/apache2\/f\d+\.conf:\d+ this configuration reaches more than the 1,000 files and folders Include may read, so the rest are not read \(--max-includes\)$/,
    );
  });

  it('stops listing folders at the include limit: two symlink loops in one folder (2^33 folders to depth 32)', () => {
    // Each folder listed is paid for, and its two entries probed: three calls at most per folder the limit allows.
    const loops = countingAccess({ readFile: () => undefined, readDirectory: () => ['a', 'b'] }, 3 * DEFAULT_READ_LIMITS.includes);
    const spent = budget();
    const result = resolveInclude('/etc/loops', false, '/', loops.access, spent);
    assert.ok(loops.calls() <= 3 * DEFAULT_READ_LIMITS.includes, `${loops.calls()} reads`);
    assert.deepEqual(result, { files: [], limit: 'includes' });
    assert.equal(spent.left, 0);
  });

  it('reads a glob matching 100,000 files up to the include limit, and says so on the Include line', () => {
    const names = Array.from({ length: 100_000 }, (_, i) => `site-${String(i).padStart(6, '0')}.conf`);
    const counting = countingAccess(
      {
        readFile: (path) =>
          path.startsWith('/etc/apache2/sites/')
            ? ''
            : path === '/etc/apache2/apache2.conf'
              ? 'ServerName a\nInclude sites/*.conf\n'
              : undefined,
        readDirectory: (path) => (path === '/etc/apache2/sites' ? names : undefined),
      },
      3 * DEFAULT_READ_LIMITS.includes,
    );
    const analysis = analyze('ServerName a\nInclude sites/*.conf\n', {
      path: '/etc/apache2/apache2.conf',
      files: counting.access,
      epochSeconds: 1,
    });
    assert.ok(counting.calls() <= 3 * DEFAULT_READ_LIMITS.includes, `${counting.calls()} reads of 100,000 files`);
    assert.equal(analysis.tree.files.length, 1 + 10_000 - 1, 'the entry, and 10,000 reads minus the folder listing');
    assert.deepEqual(
      overLimit(analysis).map((found) => found.replace(/ this configuration reaches more than the 10,000 files .*/, '')),
      ['/etc/apache2/apache2.conf:2'],
    );
  });

  it('counts exactly: files read and folders listed, up to the limit and not one more', () => {
    const set = {
      '/etc/apache2/apache2.conf': 'Include conf.d\n',
      '/etc/apache2/conf.d/a.conf': '',
      '/etc/apache2/conf.d/b.conf': '',
      '/etc/apache2/conf.d/c.conf': '',
    };
    const within = analyzeSet(set, undefined, { limits: { ...DEFAULT_READ_LIMITS, includes: 4 } });
    assert.deepEqual([within.tree.files.length, overLimit(within)], [4, []]);
    const over = analyzeSet(set, undefined, { limits: { ...DEFAULT_READ_LIMITS, includes: 3 } });
    assert.equal(over.tree.files.length, 3);
    assert.equal(overLimit(over).length, 1);
  });

  it('stops descending at the folder depth limit, on the Include line', () => {
    const set = {
      '/etc/apache2/apache2.conf': 'Include deep\n',
      '/etc/apache2/deep/a.conf': '',
      '/etc/apache2/deep/1/b.conf': '',
      '/etc/apache2/deep/1/2/c.conf': '',
    };
    const analysis = analyzeSet(set, undefined, { limits: { ...DEFAULT_READ_LIMITS, directoryDepth: 1 } });
    assert.deepEqual(
      analysis.tree.files.map((file) => file.path),
      ['/etc/apache2/apache2.conf', '/etc/apache2/deep/1/b.conf', '/etc/apache2/deep/a.conf'],
    );
    assert.deepEqual(overLimit(analysis), [
      '/etc/apache2/apache2.conf:1 this include reaches folders more than 1 levels below the folder it names, which are not read (--max-directory-depth)',
    ]);
    assert.deepEqual(overLimit(analyzeSet(set, undefined, { limits: { ...DEFAULT_READ_LIMITS, directoryDepth: 2 } })), []);
  });

  it('does not read a file the access finds too large, nor one that would take the configuration past the size limit', () => {
    const set = {
      '/etc/apache2/apache2.conf': 'Include big.conf\nInclude a.conf\nInclude b.conf\n',
      '/etc/apache2/a.conf': 'x'.repeat(1000),
      '/etc/apache2/b.conf': 'y'.repeat(1000),
    };
    const fs = memoryFs(set);
    const access: FileAccess = {
      ...fs,
      readFile: (path) => (path === '/etc/apache2/big.conf' ? { bytes: 80 * 1024 * 1024, limit: 2 * 1024 * 1024 } : fs.readFile(path)),
    };
    const analysis = analyze(set['/etc/apache2/apache2.conf'], {
      path: '/etc/apache2/apache2.conf',
      files: access,
      epochSeconds: 1,
      limits: { ...DEFAULT_READ_LIMITS, size: 1500 },
    });
    assert.deepEqual(
      analysis.tree.files.map((file) => file.path),
      ['/etc/apache2/apache2.conf', '/etc/apache2/a.conf'],
    );
    assert.deepEqual(overLimit(analysis), [
      '/etc/apache2/apache2.conf:1 "/etc/apache2/big.conf" is 80.0 MB, more than the 2.0 MB a file may have, so it is not read (--max-size)',
      '/etc/apache2/apache2.conf:3 "/etc/apache2/b.conf" would take this configuration past the 1.5 KB it may have, so it is not read (--max-size)',
    ]);
    assert.ok(analysis.tree.text.length <= 1500);
  });

  it('flags its documented bad example and not its good one (over folders of 20,000 files and of one)', () => {
    const rule = RULES.find((candidate) => candidate.id === 'include-over-limit')!;
    const many = Array.from({ length: 20_000 }, (_, i) => `page-${i}.html`);
    const access: FileAccess = {
      readFile: (path) => (path.startsWith('/var/www/') || path.startsWith('/etc/apache2/sites-enabled/') ? '' : undefined),
      readDirectory: (path) => (path === '/var/www' ? many : path === '/etc/apache2/sites-enabled' ? ['shop.conf'] : undefined),
    };
    const count = (text: string): number => {
      const analysis = analyze(text, { path: '/etc/apache2/example.conf', files: access, epochSeconds: 1 });
      return [...rule.check({ analysis, run: [analysis] })].length;
    };
    assert.equal(count(RULE_EXAMPLES[rule.id].bad), 1);
    assert.equal(count(RULE_EXAMPLES[rule.id].good), 0);
  });
});
