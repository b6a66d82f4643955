import assert from 'node:assert/strict';
import { analyze, Analysis } from '../../server/src/core/analysis';
import { fileAt, fileText, localize } from '../../server/src/core/files';
import { lint } from '../../server/src/core/lint';
import { picks } from '../../server/src/core/scheduler/byrequests';
import { FileAccess, matchComponent, resolveInclude } from '../../server/src/core/syntax/includes';

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
    ['conf-enabled/*.conf', false, ['/etc/apache2/conf-enabled/B.conf', '/etc/apache2/conf-enabled/a.conf', '/etc/apache2/conf-enabled/b.conf']],
    ['/etc/apache2/conf-enabled/?.conf', false, ['/etc/apache2/conf-enabled/B.conf', '/etc/apache2/conf-enabled/a.conf', '/etc/apache2/conf-enabled/b.conf']],
    ['conf-enabled/[ab].conf', false, ['/etc/apache2/conf-enabled/a.conf', '/etc/apache2/conf-enabled/b.conf']],
    ['sites-enabled/*/x.conf', false, ['/etc/apache2/sites-enabled/one/x.conf', '/etc/apache2/sites-enabled/two/x.conf']],
    ['dir', false, ['/etc/apache2/dir/.dot', '/etc/apache2/dir/a.conf', '/etc/apache2/dir/sub/z.conf']],
    ['./conf-enabled/../conf-enabled/a.conf', false, ['/etc/apache2/conf-enabled/a.conf']],
    ['missing.conf', false, 'Could not open configuration file /etc/apache2/missing.conf: No such file or directory'],
    ['missing.conf', true, []],
    ['conf-enabled/zz*.conf', false, "Include/IncludeOptional: No matches for the wildcard 'zz*.conf' in '/etc/apache2/conf-enabled', failing"],
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
      const result = resolveInclude(argument, optional, '/etc/apache2', fs);
      assert.deepEqual('error' in result ? result.error : result.files, expected);
    });
  }

  it('stops at a directory loop (a symlink to a parent)', () => {
    const loop: FileAccess = {
      readFile: (path) => (path.endsWith('.conf') ? '' : undefined),
      readDirectory: (path) => (path.endsWith('.conf') ? undefined : ['a.conf', 'again']),
    };
    const result = resolveInclude('/etc/loop', false, '/', loop);
    assert.ok('files' in result && result.files.length === 33, JSON.stringify(result).slice(0, 200));
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
  ];
  for (const [pattern, name, expected] of patterns) it(`fnmatch ${pattern} ${expected ? 'matches' : 'does not match'} ${name}`, () => assert.equal(matchComponent(pattern, name), expected));
});

describe('configurations across files', () => {
  it('splices an included file into the <Proxy> that includes it', () => {
    const analysis = analyzeSet({
      '/etc/apache2/apache2.conf': '<Proxy balancer://shop>\nInclude members.conf\nProxySet lbmethod=byrequests\n</Proxy>\n',
      '/etc/apache2/members.conf': 'BalancerMember http://a loadfactor=3\nBalancerMember http://b\n',
    });
    const [preview] = analysis.previews;
    assert.deepEqual(preview!.balancer.members.map((member) => member.url), ['http://a', 'http://b']);
    assert.equal(fileAt(analysis.tree.files, preview!.balancer.members[0]!.declaration.url.start).path, '/etc/apache2/members.conf');
  });

  it('schedules the same through includes as in one file', () => {
    const single = analyze('<Proxy balancer://x>\nBalancerMember http://a loadfactor=70\nBalancerMember http://b loadfactor=30\n</Proxy>\n', { epochSeconds: 1 });
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
      '/etc/apache2/sites-enabled/site.conf': '<VirtualHost *:80>\nProxyPass / balancer://app/\n</VirtualHost>\n',
    });
    assert.deepEqual(findings(analysis), []);
    const vhost = analysis.previews.find((preview) => preview.balancer.scope.kind === 'vhost')!;
    assert.deepEqual(vhost.balancer.members.map((member) => member.url), ['http://a']);
  });

  it('reports findings in the included file, on its own line', () => {
    const analysis = analyzeSet({
      '/etc/apache2/apache2.conf': 'Include sites/*.conf\n',
      '/etc/apache2/sites/a.conf': '# a site\n<Proxy balancer://x>\nBalancerMember http://a loadfactor=0\n</Proxy>\n',
    });
    assert.deepEqual(findings(analysis), ['/etc/apache2/sites/a.conf:3 zero-loadfactor']);
  });

  it('carries Define, ServerRoot and LoadModule across files in reading order', () => {
    const analysis = analyzeSet({
      '/srv/main.conf': 'ServerRoot /opt/web\nInclude mods/*.load\nInclude vars.conf\n<IfModule proxy_balancer_module>\nBalancerMember balancer://x http://h:${PORT}\n</IfModule>\n<IfModule rewrite_module>\nBalancerMember balancer://x http://never\n</IfModule>\n',
      '/opt/web/mods/proxy.load': 'LoadModule proxy_module /m/mod_proxy.so\nLoadModule proxy_balancer_module /m/mod_proxy_balancer.so\n',
      '/opt/web/vars.conf': 'Define port 8080\n',
    }, '/srv/main.conf');
    assert.deepEqual(analysis.previews[0]!.balancer.members.map((member) => member.url), ['http://h:8080']);
  });

  it('reports a missing file on the Include line, and an IncludeOptional not at all', () => {
    const analysis = analyzeSet({ '/etc/apache2/apache2.conf': 'IncludeOptional nothing/*.conf\nInclude missing.conf\n' });
    assert.deepEqual(findings(analysis), ['/etc/apache2/apache2.conf:2 include-failed']);
  });

  it('reports an include without exactly one path, as Apache does', () => {
    const analysis = analyzeSet({ '/etc/apache2/apache2.conf': 'Include a.conf b.conf\nIncludeOptional\nInclude ""\n', '/etc/apache2/a.conf': '' });
    const shown = lint(analysis).map((diagnostic) => `${diagnostic.ruleId} ${diagnostic.message.replace(/ \(Apache: "(\w+) takes one argument.*$/, ' $1')}`);
    assert.deepEqual(shown, [
      'include-failed give this include exactly one path, quoted if it has spaces Include',
      'include-failed give this include exactly one path, quoted if it has spaces IncludeOptional',
      'include-failed give this include exactly one path, quoted if it has spaces Include',
    ]);
  });

  it('reports an include cycle once, with Apache\'s message', () => {
    const analysis = analyzeSet({
      '/etc/apache2/apache2.conf': 'Include a.conf\n',
      '/etc/apache2/a.conf': 'Include b.conf\n',
      '/etc/apache2/b.conf': 'Include a.conf\n',
    });
    const messages = lint(analysis).map((diagnostic) => diagnostic.message);
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
    const text = 'LoadModule mpm_event_module m.so\nInclude mods-enabled/*.load\n<Proxy balancer://x>\nBalancerMember http://a\n</Proxy>\n';
    const analysis = analyze(text, { epochSeconds: 1 });
    assert.equal(analysis.tree.unfollowedInclude, true);
    assert.deepEqual(lint(analysis).map((diagnostic) => diagnostic.ruleId), []);
  });
});
