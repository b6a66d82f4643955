/**
 * One configuration, three surfaces: for each small workspace, `lint DIR`, `lint FILE…` of the same
 * files and the language server with the folder as its workspace report the same findings, and
 * the editor's previews say what the written answer says (issue: "the editor and the CLI give the
 * same answer, and no preview shows what Apache would refuse").
 */
import assert from 'node:assert/strict';
import { runCli } from '../../support/cli';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Session, startSession } from '../../support/lsp-session';
import { tempDir } from '../../support/temp';

const MEMBERS = '    BalancerMember http://10.0.0.1:8080\n    BalancerMember http://10.0.0.2:8080\n';

/** A workspace, what every surface must find in it ("file:line rule"), and what the editor shows at `|` in `at`. */
interface Case {
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
  /** Relative symlink → target. */
  readonly links?: Readonly<Record<string, string>>;
  readonly findings: readonly string[];
  /** A file with one `|` marking where to hover, and what the hover must contain (and must not). */
  readonly hover?: { readonly at: string; readonly shows: RegExp; readonly never?: RegExp };
  /** Inlay hint labels of a file, in order. */
  readonly inlays?: { readonly at: string; readonly labels: readonly string[] };
}

const CASES: readonly Case[] = [
  {
    name: 'balancer defined in one file, used in another',
    files: {
      'a.conf': `<Proxy balancer://x>\n${MEMBERS}</Proxy>\n`,
      'b.conf': 'ProxyPass /x/ balancer://|x/\nProxyPassReverse /x balancer://y/\n',
    },
    // the reverse line names y, so x's members' redirects leak (x's members are in a.conf)
    findings: ['b.conf:1 missing-proxypassreverse', 'b.conf:2 undefined-balancer'],
    hover: { at: 'b.conf', shows: /gets its members from a\.conf[\s\S]*50\.0%/, never: /503/ },
  },
  {
    name: 'a file alone that uses a balancer defined nowhere it can see',
    files: { 'b.conf': 'ProxyPass /x/ balancer://|x/\n' },
    findings: [],
    hover: { at: 'b.conf', shows: /not found in the 1 file read/, never: /503|0 members/ },
  },
  {
    name: 'an entry that includes the file defining and the file using',
    files: {
      'main.conf': 'Include parts/*.conf\n',
      'parts/bal.conf': `<Proxy balancer://x>\n${MEMBERS}</Proxy>\n`,
      'parts/use.conf': 'ProxyPass /x/ balancer://|x/\nProxyPassReverse /x balancer://x/\n',
    },
    findings: [],
    hover: { at: 'parts/use.conf', shows: /2 members[\s\S]*50\.0%/ },
  },
  {
    name: 'Debian layout opened at /etc/apache2',
    files: {
      'apache2.conf': 'IncludeOptional conf-enabled/*.conf\nIncludeOptional sites-enabled/*.conf\n',
      'conf-enabled/balancers.conf': `<Proxy balancer://app>\n${MEMBERS}    BalancerMember http://10.0.0.3:8080 status=+H\n</Proxy>\n`,
      'sites-available/site.conf':
        '<VirtualHost *:80>\n    ProxyPass / balancer://|app/\n    ProxyPassReverse / balancer://app/\n</VirtualHost>\n',
    },
    links: { 'sites-enabled/site.conf': '../sites-available/site.conf' },
    findings: [],
    hover: { at: 'sites-available/site.conf', shows: /virtual host · 3 members/ },
    inlays: { at: 'conf-enabled/balancers.conf', labels: ['≈ 50.0%', '≈ 50.0%', 'standby (idle)'] },
  },
  {
    name: 'Debian layout opened at sites-available/ only',
    files: { 'site.conf': '<VirtualHost *:80>\n    ProxyPass / balancer://|app/\n</VirtualHost>\n' },
    findings: [],
    hover: { at: 'site.conf', shows: /not found in the 1 file read/, never: /503/ },
  },
  {
    name: 'a virtual host inherits the main server balancer and lists its own members',
    files: {
      'vhost.conf': `<Proxy balancer://x>\n${MEMBERS}</Proxy>\n<VirtualHost *:80>\n    <Proxy balancer://x>\n        BalancerMember http://10.9.9.9:80\n    </Proxy>\n    ProxyPass / balancer://x/\n    ProxyPassReverse / balancer://x/\n</VirtualHost>\n`,
    },
    findings: ['vhost.conf:7 vhost-members-ignored'],
    inlays: { at: 'vhost.conf', labels: ['≈ 50.0%', '≈ 50.0%'] },
  },
  {
    name: 'Includes of a file the walk does not pick and of a missing file',
    files: {
      'main.conf': 'Include extra.inc\nInclude missing.conf\nProxyPass /x/ balancer://|x/\nProxyPassReverse /x balancer://x/\n',
      'extra.inc': `<Proxy balancer://x>\n${MEMBERS}</Proxy>\n`,
    },
    findings: ['main.conf:2 include-failed'],
    hover: { at: 'main.conf', shows: /2 members[\s\S]*50\.0%/ },
  },
  {
    name: 'loadfactor=0 on one of three members',
    files: {
      'shop.conf':
        '<Proxy balancer://shop>\n    BalancerMember http://10.0.0.1:8080 loadfactor=0\n    BalancerMember http://10.0.0.2:8080\n    BalancerMember http://|10.0.0.3:8080\n</Proxy>\n',
    },
    findings: ['shop.conf:2 zero-loadfactor'],
    hover: { at: 'shop.conf', shows: /no share.*Apache refuses this balancer \(line 2/, never: /%/ },
    inlays: { at: 'shop.conf', labels: ['refused', 'no schedule: balancer refused', 'no schedule: balancer refused'] },
  },
  {
    name: 'a misspelled lbmethod',
    files: { 'shop.conf': `<Proxy balancer://|shop>\n${MEMBERS}    ProxySet lbmethod=byrequets\n</Proxy>\n` },
    findings: ['shop.conf:4 unknown-lbmethod'],
    hover: { at: 'shop.conf', shows: /Apache refuses this balancer \(line 4/, never: /picks|%/ },
  },
  {
    name: 'two files that include each other',
    files: { 'a.conf': 'Include b.conf\n', 'b.conf': 'Include a.conf\n' },
    findings: ['b.conf:1 include-failed'],
  },
  {
    name: 'a misspelled balancer in a RewriteRule, defined in a sibling file',
    files: {
      'bal.conf': `<Proxy balancer://shop>\n${MEMBERS}</Proxy>\nProxyPass /shop/ balancer://shop/\nProxyPassReverse /shop balancer://shop/\n`,
      'rw.conf': 'RewriteEngine On\nRewriteRule ^/s/(.*)$ balancer://shpo/$1 [P]\n',
    },
    findings: ['rw.conf:2 undefined-balancer'],
  },
  {
    name: 'a .balancerlens.json that turns a rule off',
    files: {
      '.balancerlens.json': '{ "rules": { "unused-balancer": "off" } }',
      'x.conf': `<Proxy balancer://idle>\n${MEMBERS}</Proxy>\n<Proxy balancer://|other>\n    BalancerMember http://10.0.0.9:80\n</Proxy>\nProxyPass /o/ balancer://other/\nProxyPassReverse /o balancer://other/\n`,
    },
    findings: [],
    hover: { at: 'x.conf', shows: /1 member[\s\S]*100\.0%/ },
  },
  {
    name: 'the refusal is in another file than the balancer it touches',
    files: {
      'main.conf': 'Include members.inc\nProxyPass /x/ balancer://x/\nProxyPassReverse /x balancer://x/\n',
      'members.inc': 'BalancerMember balancer://x http://10.0.0.1:80 loadfactor=101\nBalancerMember balancer://x http://10.0.0.2:80\n',
    },
    findings: ['members.inc:1 invalid-loadfactor'],
    inlays: { at: 'members.inc', labels: ['refused', 'no schedule: balancer refused'] },
  },
];

/** Writes a case's files; returns the folder and the texts with the `|` marker removed. */
function layOut(each: Case): string {
  const root = tempDir('balancer-lens-set-');
  for (const [name, text] of Object.entries(each.files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text.replace('|', ''));
  }
  for (const [name, target] of Object.entries(each.links ?? {})) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    symlinkSync(target, join(root, name));
  }
  return root;
}

/** `file:line rule` for each finding of `lint --format json`, run in the folder. */
function lintFindings(root: string, args: readonly string[]): string[] {
  const run = runCli(['lint', '--format', 'json', ...args], { cwd: root });
  assert.ok(run.status === 0 || run.status === 1, `lint exited ${run.status}: ${run.stderr}`);
  const results = JSON.parse(run.stdout) as { filePath: string; messages: { ruleId: string; line: number }[] }[];
  return results
    .flatMap((file) => file.messages.map((message) => `${relative(root, file.filePath)}:${message.line} ${message.ruleId}`))
    .sort();
}

/** `file:line rule` for the latest diagnostics the editor published for each file. */
function editorFindings(session: Session, root: string, names: readonly string[]): string[] {
  const found: string[] = [];
  for (const name of names) {
    const uri = pathToFileURL(join(root, name)).toString();
    const latest = session.published.filter((params) => params.uri === uri).at(-1);
    for (const diagnostic of latest?.diagnostics ?? []) found.push(`${name}:${diagnostic.range.start.line + 1} ${String(diagnostic.code)}`);
  }
  return found.sort();
}

function positionOf(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 };
}

describe('configuration set: lint DIR, lint FILE… and the editor agree', function () {
  this.timeout(20_000);
  for (const each of CASES) {
    it(each.name, async () => {
      const root = layOut(each);
      const conf = Object.keys(each.files).filter((name) => !name.endsWith('.json'));
      assert.deepEqual(lintFindings(root, ['.']), [...each.findings].sort(), 'lint DIR');
      assert.deepEqual(lintFindings(root, conf), [...each.findings].sort(), 'lint FILE…');
      const session = await startSession({ root: pathToFileURL(root).toString(), folders: true });
      try {
        // Every file open, as a user with the whole workspace in tabs. Each change re-publishes every
        // open file, so wait on publications until the editor's answer settles on the expected one
        // (a wrong answer fails by the test's timeout, with the last answer in the log).
        const uris = conf.map((name) => pathToFileURL(join(root, name)).toString());
        const published = uris.map((uri) => session.diagnostics(uri, 1));
        conf.forEach((name, index) => session.open(uris[index]!, readFileSync(join(root, name), 'utf8')));
        await Promise.all(published);
        const expected = [...each.findings].sort();
        while (JSON.stringify(editorFindings(session, root, conf)) !== JSON.stringify(expected)) {
          console.log(`      editor so far: ${editorFindings(session, root, conf).join(', ') || 'nothing'}`);
          await Promise.race(uris.map((uri) => session.nextDiagnostics(uri)));
        }
        if (each.hover) {
          const marked = each.files[each.hover.at]!;
          const uri = pathToFileURL(join(root, each.hover.at)).toString();
          const hover = (await session.connection.sendRequest('textDocument/hover', {
            textDocument: { uri },
            position: positionOf(marked, marked.indexOf('|')),
          })) as { contents: { value: string } } | null;
          const shown = hover?.contents.value ?? '';
          assert.match(shown, each.hover.shows);
          if (each.hover.never) assert.doesNotMatch(shown, each.hover.never);
        }
        if (each.inlays) {
          const uri = pathToFileURL(join(root, each.inlays.at)).toString();
          const hints = (await session.connection.sendRequest('textDocument/inlayHint', {
            textDocument: { uri },
            range: { start: { line: 0, character: 0 }, end: { line: 1000, character: 0 } },
          })) as { label: string }[];
          assert.deepEqual(
            hints.map((hint) => hint.label),
            each.inlays.labels,
          );
        }
      } finally {
        session.stop();
      }
    });
  }

  it('says where it looked for an undefined balancer: the files read in a partial configuration, anywhere in a complete one', () => {
    const message = (text: string): string => {
      const root = tempDir('balancer-lens-set-');
      writeFileSync(join(root, 'x.conf'), text);
      const run = runCli(['lint', '--format', 'json', 'x.conf'], { cwd: root });
      const messages = (JSON.parse(run.stdout) as { messages: { ruleId: string; message: string }[] }[])[0]!.messages;
      return messages.find((each) => each.ruleId === 'undefined-balancer')?.message ?? '';
    };
    const uses = `<Proxy balancer://shop>\n${MEMBERS}</Proxy>\nProxyPass /s/ balancer://shop/\nProxyPassReverse /s balancer://shpo/\n`;
    assert.match(message(uses), /^balancer:\/\/shpo is not found in the files read: did you mean balancer:\/\/shop\?/);
    const complete =
      'LoadModule mpm_event_module m.so\nLoadModule proxy_module p.so\nLoadModule proxy_http_module h.so\nLoadModule proxy_balancer_module b.so\nLoadModule slotmem_shm_module s.so\nLoadModule lbmethod_byrequests_module l.so\n';
    assert.match(message(complete + uses), /^balancer:\/\/shpo is not defined anywhere: did you mean balancer:\/\/shop\?/);
  });
});
