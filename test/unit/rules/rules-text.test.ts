import * as assert from 'node:assert/strict';
import { analyze } from '../../../server/src/core/analysis';
import { lint, templateNoise } from '../../../server/src/core/lint';
import { rule as balancerManagerUnprotected } from '../../../server/src/core/rules/balancer-manager-unprotected';
import { rule as balancerPersist } from '../../../server/src/core/rules/balancer-persist';
import { rule as balancerSchemeTypo } from '../../../server/src/core/rules/balancer-scheme-typo';
import { rule as commentContinuation } from '../../../server/src/core/rules/comment-continuation';
import { rule as ignoredText } from '../../../server/src/core/rules/ignored-text';
import { rule as proxypassOrder } from '../../../server/src/core/rules/proxypass-order';
import { rule as rewriteNegatedBackreference } from '../../../server/src/core/rules/rewrite-negated-backreference';
import { rule as stickyCookieSeparator } from '../../../server/src/core/rules/sticky-cookie-separator';
import { rule as templateSyntax } from '../../../server/src/core/rules/template-syntax';
import { rule as trailingSlashMismatch } from '../../../server/src/core/rules/trailing-slash-mismatch';
import type { Diagnostic, Fix, Rule, RuleFinding } from '../../../server/src/core/rules/types';
import type { FileAccess } from '../../../server/src/core/syntax/includes';
import type { Span } from '../../../server/src/core/syntax/lines';
import { show, unmark } from '../../support/markers';

// Rules about what the text says (typos, order, slashes, comments, templates). Each behaviour of
// Apache they rely on was checked against Apache/2.4.71 (Debian): `apache2 -t` for what it
// accepts, and a live server with loopback backends for what requests see (the 500 for
// `/api/` → `balancer://backend`, the doubled slash, main-server ProxyPass lines tried before a
// virtual host's own, Order Deny,Allow letting "Allow from all" win, the sticky-cookie separator).

function findingsOf(rule: Rule, text: string): RuleFinding[] {
  const analysis = analyze(text, { epochSeconds: 1_800_000_000 });
  return [...rule.check({ analysis, run: [analysis] })];
}

/** The text after applying a fix's edits (they never overlap). */
function applyFix(text: string, fix: Fix): string {
  const edits = [...fix.edits].sort((a, b) => b.span.start - a.span.start);
  return edits.reduce((result, edit) => result.slice(0, edit.span.start) + edit.newText + result.slice(edit.span.end), text);
}

/** What a case expects beyond the marked spans. */
interface Expect {
  /** Fragments every finding's message must contain (quoted values, Apache's words, the advice). */
  readonly says?: readonly string[];
  /** Which of the first finding's fixes `fixed` and `safe` are about (default: the first). */
  readonly fix?: number;
  /** The text after the first finding's fix. */
  readonly fixed?: string;
  /** Whether that fix may be applied unattended. */
  readonly safe?: boolean;
}

/** Asserts that `rule` flags exactly the marked spans of `marked`, with the expected messages and fix. */
function checkRule(rule: Rule, marked: string, expect: Expect = {}): void {
  const { text, spans } = unmark(marked);
  const found = findingsOf(rule, text);
  const format = (span: Span): string => `${span.start}:[[${text.slice(span.start, span.end)}]]`;
  const messages = found.map((finding) => finding.message).join('\n');
  assert.deepEqual(found.map((finding) => format(finding.span)), spans.map(format), messages);
  for (const finding of found) {
    assert.match(finding.message, /^[a-z"<]/, 'a message starts lower-case');
    assert.doesNotMatch(finding.message, /\.$/, 'a message has no trailing period');
    for (const fragment of expect.says ?? []) assert.ok(finding.message.includes(fragment), `"${fragment}" missing from: ${finding.message}`);
  }
  if (expect.fixed !== undefined || expect.safe !== undefined) {
    const fix = found[0]?.fixes?.[expect.fix ?? 0];
    assert.ok(fix, `no fix offered: ${messages}`);
    if (expect.fixed !== undefined) assert.equal(applyFix(text, fix), expect.fixed);
    if (expect.safe !== undefined) assert.equal(fix.safe, expect.safe);
  }
}

type Case = readonly [marked: string, expect?: Expect];

const CASES: readonly (readonly [Rule, readonly Case[]])[] = [
  [balancerSchemeTypo, [
    ['ProxyPass /shop/ [[balnacer://]]shop/', { says: ['"balnacer://shop/"', 'write balancer://shop/', '500'], fixed: 'ProxyPass /shop/ balancer://shop/', safe: true }],
    ['ProxyPass "/shop/" "[[balancers://]]shop/"', { fixed: 'ProxyPass "/shop/" "balancer://shop/"' }],
    ['ProxyPass /shop/ [[blancer://]]shop/ timeout=5', { fixed: 'ProxyPass /shop/ balancer://shop/ timeout=5' }],
    ['ProxyPassReverse /shop/ [[balancer:/]]shop/', { says: ['Location headers'], fixed: 'ProxyPassReverse /shop/ balancer://shop/' }],
    ['RewriteRule ^/(.*)$ [[balancr://]]shop/$1 [P,L]', { says: ['proxies the request back to this server (404)'], fixed: 'RewriteRule ^/(.*)$ balancer://shop/$1 [P,L]' }],
    ['SetHandler "proxy:[[balanser://]]shop"', { says: ['serves a local file instead (404)'], fixed: 'SetHandler "proxy:balancer://shop"' }],
    ['<Proxy [[balnacer://]]shop>\n    BalancerMember http://10.0.0.1\n</Proxy>', { says: ['no ProxyPass can route to'] }],
    ['BalancerMember [[BALANCRE://]]shop http://10.0.0.1', { fixed: 'BalancerMember balancer://shop http://10.0.0.1' }],
    ['ProxySet [[balnacer://]]shop lbmethod=bybusyness', { says: ['refuses the line'] }],
    // near misses
    ['ProxyPass /shop/ balancer://shop/'],
    ['ProxyPass /shop/ BALANCER://shop/'],
    ['ProxyPass /x http://balancer/'],
    ['ProxyPass /x ws://10.0.0.1/ timeout=5'],
    ['ProxyPass /x "unix:/run/app.sock|http://localhost/"'],
    ['ProxyPass /x balancer:/shop/'], // Apache refuses it: invalid-balancer-name reports the error
    ['Header set X-Origin balnacer://shop/'], // not a directive that names balancers
    ['<IfModule mod_nothing.c>\nProxyPass /x balnacer://shop/\n</IfModule>\nLoadModule proxy_module m.so'],
  ]],
  [commentContinuation, [
    // The safe fix keeps what Apache reads (the swallowed line stays a comment); removing the
    // backslash would put the line into effect, so that is only the second, unsafe fix.
    ['# the slow member [[\\]]\nProxyPass /x balancer://c/', { says: ['"ProxyPass /x balancer://c/"', 'remove the backslash'], fixed: '# the slow member \n# ProxyPass /x balancer://c/', safe: true }],
    ['# the slow member [[\\]]\nProxyPass /x balancer://c/', { fix: 1, fixed: '# the slow member \nProxyPass /x balancer://c/', safe: false }],
    ['<Proxy balancer://c>\n    BalancerMember http://10.0.0.1\n    # last one [[\\]]\n</Proxy>', { says: ['"</Proxy>"'], fixed: '<Proxy balancer://c>\n    BalancerMember http://10.0.0.1\n    # last one \n# </Proxy>' }],
    ['# note [[\\]]\r\n  BalancerMember balancer://c http://10.0.0.1\r\n', { fixed: '# note \r\n  # BalancerMember balancer://c http://10.0.0.1\r\n' }],
    ['# two [[\\\\]]\nProxyPass /x !', { fixed: '# two \n# ProxyPass /x !' }],
    ['# mark [[\\]]\n\t\uFEFFProxyPass /x !', { fixed: '# mark \n\t# \uFEFFProxyPass /x !' }], // a byte order mark is no white space to Apache
    ['# a \\\n# b [[\\]]\nProxyPass /x !'],
    ['    # indented [[\\]]\n    proxypass /x !'],
    // near misses
    ['# backslash then space \\ \nProxyPass /x !'],
    ['# commented out \\\n#   continued'],
    ['#BalancerMember balancer://c \\\n    http://10.0.0.1'],
    ['ProxyPass /x \\\n    balancer://c/'],
    ['# at the end of the file \\'],
    ['# before a blank line \\\n\nProxyPass /x !'],
  ]],
  [ignoredText, [
    ['<Proxy "balancer://c"> [[lbmethod=bogus]]\n    BalancerMember http://10.0.0.1\n</Proxy>', { says: ['"lbmethod=bogus"', 'inside the ">"'], fixed: '<Proxy "balancer://c" lbmethod=bogus>\n    BalancerMember http://10.0.0.1\n</Proxy>', safe: false }],
    ['<Proxy balancer://c>\n    BalancerMember http://10.0.0.1\n</Proxy> [[junk here]]', { says: ['"junk here"', '</Proxy>'], fixed: '<Proxy balancer://c>\n    BalancerMember http://10.0.0.1\n</Proxy>', safe: false }],
    ['<Location /x> [[Require all denied]]\n</Location>', { says: ['<Location>'], fixed: '<Location /x>\n    Require all denied\n</Location>' }],
    ['<proxy balancer://c>[[stickysession=ID]]\n</proxy>', { says: ['<Proxy>'] }],
    ['<IfModule mod_proxy.c> [[ProxyRequests Off]]\n</IfModule>'],
    ['<VirtualHost *:80>\n</VirtualHost> [[<VirtualHost *:81>]]'],
    // near misses
    ['<Proxy balancer://c lbmethod=bybusyness>\n</Proxy>'],
    ['<Proxy balancer://c>\n</Proxy> # end of the balancer'],
    ['<Proxy balancer://c> # the shop\n</Proxy>'],
    ['<Proxy balancer://c>   \n</Proxy>   '],
    ['<Foo bar> baz\n</Foo>'], // unknown sections are unknown-directive's business
  ]],
  [proxypassOrder, [
    ['ProxyPass / balancer://app/\nProxyPass [[/api/]] balancer://api/', { says: ['never used', '"ProxyPass / balancer://app/" above', 'first ProxyPass whose path matches', 'move this line above it'], fixed: 'ProxyPass /api/ balancer://api/\nProxyPass / balancer://app/', safe: false }],
    ['ProxyPass / balancer://app/\nProxyPass [[/static/]] !\n', { says: ['exclusion comes too late', '/static/ is still proxied'], fixed: 'ProxyPass /static/ !\nProxyPass / balancer://app/\n', safe: true }],
    ['<VirtualHost *:80>\r\n    ProxyPass / balancer://app/\r\n\tProxyPass [[/x]] !\r\n</VirtualHost>\r\n', { fixed: '<VirtualHost *:80>\r\n    ProxyPass /x !\r\n    ProxyPass / balancer://app/\r\n</VirtualHost>\r\n' }],
    ['ProxyPass /api balancer://a\nProxyPass [[/api/v2]] balancer://b'],
    ['ProxyPass /api// balancer://a/\nProxyPass [[/api/v2/]] balancer://b/'],
    ['ProxyPass "/a" "balancer://x"\nProxyPass [["/a"]] "balancer://y"', { says: ['same path /a', 'remove one of them'] }],
    ['ProxyPass /api !\nProxyPass [[/api/v2]] balancer://b', { says: ['the exclusion "ProxyPass /api !" above', 'if /api/v2 should be proxied'] }],
    ['ProxyPass / balancer://app/\n<VirtualHost *:80>\n    ProxyPass [[/api/]] balancer://api/\n</VirtualHost>', { says: ['of the main server, which every virtual host tries before its own'] }],
    ['<VirtualHost *:80>\n    ProxyPass [[/api/]] balancer://api/\n</VirtualHost>\nProxyPass / balancer://app/'],
    ['ProxyPass / balancer://app/\nProxyPass [[/a/]] balancer://a/\nProxyPass [[/b/]] balancer://b/'],
    // near misses
    ['ProxyPass /api/ balancer://api/\nProxyPass / balancer://app/'],
    ['ProxyPass /api balancer://a/\nProxyPass /apiv2 balancer://b/'],
    ['ProxyPass /api/ balancer://a/\nProxyPass /api balancer://b/'],
    ['ProxyPass / balancer://app/\nProxyPass /api/ balancer://app/api/'], // same target either way
    ['ProxyPass /x !\nProxyPass /x/y !'],
    ['<VirtualHost *:80>\n    ProxyPass / balancer://a/\n</VirtualHost>\n<VirtualHost *:81>\n    ProxyPass /api/ balancer://b/\n</VirtualHost>'],
    ['ProxyPass / balancer://app/\n<Location /api/>\n    ProxyPass balancer://api/\n</Location>'],
    ['ProxyPassMatch ^/(.*)$ balancer://app/$1\nProxyPass /api/ balancer://api/'],
    ['ProxyPass ~ ^/ balancer://app/\nProxyPass /api/ balancer://api/'],
    ['ProxyPass / balancer://app/ mapping=servlet\nProxyPass /api/ balancer://api/'],
    ['ProxyPass ${ROOT} balancer://app/\nProxyPass /api/ balancer://api/'],
  ]],
  [trailingSlashMismatch, [
    ['ProxyPass /api/ [[balancer://backend]]', { says: ['"/api/" ends with a slash but "balancer://backend" does not', '/api/orders goes to balancer://backendorders', 'AH01144', 'add a trailing slash'], fixed: 'ProxyPass /api/ balancer://backend/', safe: true }],
    ['ProxyPass / [[balancer://mycluster]] stickysession=ROUTEID', { fixed: 'ProxyPass / balancer://mycluster/ stickysession=ROUTEID' }],
    ['ProxyPass "/api/" [["balancer://b"]]\nProxyPassReverse "/api/" "balancer://b"\nProxyPassReverse "/other/" "balancer://b"', { fixed: 'ProxyPass "/api/" "balancer://b/"\nProxyPassReverse "/api/" "balancer://b/"\nProxyPassReverse "/other/" "balancer://b"' }],
    ['ProxyPass /app [[balancer://c/]]', { says: ['/app/orders goes to balancer://c//orders', 'doubled slash', "remove the URL's trailing slash"], fixed: 'ProxyPass /app balancer://c', safe: true }],
    ["ProxyPass /app [['http://10.0.0.1/app/']]", { fixed: "ProxyPass /app 'http://10.0.0.1/app'" }],
    ['ProxyPass /api/ [[http://10.0.0.1:8080]]', { says: ['http://10.0.0.1:8080orders', 'AH00898'] }],
    ['ProxyPass /api/ [[http://10.0.0.1/app]]', { says: ['http://10.0.0.1/apporders'] }],
    ['<Location /api/>\n    ProxyPass [[balancer://b]]\n</Location>', { fixed: '<Location /api/>\n    ProxyPass balancer://b/\n</Location>' }],
    // near misses
    ['ProxyPass /api/ balancer://b/'],
    ['ProxyPass /api balancer://b'],
    ['ProxyPass / balancer://b/'],
    ['ProxyPass /x/ !'],
    ['ProxyPassMatch ^/api/(.*)$ balancer://b/$1'],
    ['ProxyPass /api/ ${BACKEND}'],
    ['ProxyPassReverse /api/ balancer://b'],
    ['<LocationMatch ^/api/>\n    ProxyPass balancer://b\n</LocationMatch>'],
    // a URL Apache refuses: invalid-url or invalid-balancer-name reports it, and a slash would not help
    ['ProxyPass / balanc'],
    ['ProxyPass / balancer:/x'],
  ]],
  [balancerManagerUnprotected, [
    ['<Location /balancer-manager>\n    SetHandler [[balancer-manager]]\n</Location>', { says: ['anyone who can reach this server', 'nothing here restricts', 'Require ip'], fixed: '<Location /balancer-manager>\n    SetHandler balancer-manager\n    Require local\n</Location>', safe: false }],
    ['<Location /bm>\n    SetHandler [[balancer-manager]]\n    Require all granted\n</Location>', { says: ['"Require all granted" lets everyone in'], fixed: '<Location /bm>\n    SetHandler balancer-manager\n    Require local\n</Location>' }],
    ['<Location /bm>\n    SetHandler [[balancer-manager]]\n    Order Deny,Allow\n    Deny from all\n    Allow from all\n</Location>', { says: ['"Allow from all" is checked after "Deny from all"'] }],
    ['<Location /bm>\n    SetHandler [["Balancer-Manager"]]\n    Order Allow,Deny\n    Allow from all\n</Location>'],
    ['<Location /bm>\n    SetHandler [[balancer-manager]]\n    Deny from 192.0.2.1\n</Location>'],
    ['<VirtualHost *:80>\n    SetHandler [[balancer-manager]]\n</VirtualHost>'],
    ['<Location /bm>\n    SetHandler [[balancer-manager]]\n    Require all granted\n    Require ip 10.0.0.0/8\n</Location>'], // separate Require lines: any one lets a request in
    ['<Location />\n    Require ip 10.0.0.0/8\n</Location>\n<Location /bm>\n    SetHandler [[balancer-manager]]\n    Require all granted\n</Location>'],
    ['<VirtualHost *:80>\n    <Location /bm>\n        Require ip 10.0.0.0/8\n    </Location>\n</VirtualHost>\n<VirtualHost *:81>\n    <Location /bm>\n        SetHandler [[balancer-manager]]\n    </Location>\n</VirtualHost>'],
    // a virtual host's sections merge after the main server's, whatever the file order
    ['<VirtualHost *:80>\n    <Location />\n        Require all granted\n    </Location>\n    <Location /bm>\n        SetHandler [[balancer-manager]]\n    </Location>\n</VirtualHost>\n<Location /bm>\n    Require ip 10.0.0.0/8\n</Location>'],
    // Allow, Deny and Order each come from the last section that has them: here an Allow from all
    // in a short path, a Deny from all and Order Allow,Deny earlier, the later Order Deny,Allow wins
    ['<Location /b>\n    Order Allow,Deny\n    Deny from all\n</Location>\n<Location />\n    Allow from all\n</Location>\n<Location /bm>\n    Order Deny,Allow\n    SetHandler [[balancer-manager]]\n</Location>', { says: ['"Allow from all" is checked after "Deny from all"'] }],
    // near misses
    ['<Location /b>\n    Order Deny,Allow\n    Deny from all\n</Location>\n<Location />\n    Allow from all\n</Location>\n<Location /bm>\n    Order Allow,Deny\n    SetHandler balancer-manager\n</Location>'],
    ['<Location /bm>\n    SetHandler balancer-manager\n    Require ip 10.0.0.0/8\n</Location>'],
    ['<Location /bm>\n    SetHandler balancer-manager\n    Require host example.org\n</Location>'],
    ['<Location /bm>\n    SetHandler balancer-manager\n    Order Deny,Allow\n    Deny from all\n    Allow from 10.0.0.1\n</Location>'],
    ['<Location /bm>\n    SetHandler balancer-manager\n    Order Allow,Deny\n    Deny from all\n    Allow from all\n</Location>'],
    ['<Location /bm>\n    SetHandler balancer-manager\n    <RequireAny>\n        Require ip 10.0.0.0/8\n        Require local\n    </RequireAny>\n</Location>'],
    ['<Location /bm>\n    SetHandler balancer-manager\n    <RequireAll>\n        Require all granted\n        Require ip 10.0.0.0/8\n    </RequireAll>\n</Location>'],
    ['<Location /bm>\n    SetHandler balancer-manager\n    <Limit GET POST>\n        Require valid-user\n    </Limit>\n</Location>'],
    ['<Location /bm>\n    SetHandler balancer-manager\n</Location>\n<Location /bm>\n    Require ip 10.0.0.0/8\n</Location>'],
    ['<Location />\n    Require ip 10.0.0.0/8\n</Location>\n<Location /bm>\n    SetHandler balancer-manager\n</Location>'],
    ['<Location /bm>\n    SetHandler balancer-manager\n    Require all granted\n</Location>\n<Location />\n    Require ip 10.0.0.0/8\n</Location>'], // sections merge in file order: the later one wins
    ['<LocationMatch "^/b">\n    Require ip 10.0.0.0/8\n</LocationMatch>\n<Location /bm>\n    SetHandler balancer-manager\n</Location>'],
    ['<Location /status>\n    SetHandler server-status\n</Location>'],
  ]],
  [rewriteNegatedBackreference, [
    ['RewriteRule !^/(static/.*) balancer://ws/[[$1]] [P,L]', { says: ['the back-reference $1 is always empty', '"!^/(static/.*)" is negated', 'goes to "balancer://ws/"', '%{REQUEST_URI}'], fixed: 'RewriteRule !^/(static/.*) balancer://ws%{REQUEST_URI} [P,L]', safe: false }],
    ['RewriteRule "!^/x" "balancer://ws/[[$1]]"', { fixed: 'RewriteRule "!^/x" "balancer://ws%{REQUEST_URI}"' }],
    ['RewriteRule !^/x http://backend/[[$0]]/y [P]', { says: ['goes to "http://backend//y"'] }],
    // near misses
    ['RewriteRule ^/(.*) balancer://ws/$1 [P]'],
    ['RewriteRule !^/static/ balancer://ws%{REQUEST_URI} [P]'],
    ['RewriteRule !^/x balancer://ws/\\$1 [P]'],
    ['RewriteCond %{REQUEST_URI} !^/(static/.*)\nRewriteRule ^ balancer://ws/%1 [P]'],
  ]],
  [balancerPersist, [
    ['[[BalancerPersist On]]', { says: ['BalancerPersist On', 'may not take effect', 'slotmem-shm-*.persist'], fixed: 'BalancerPersist Off', safe: false }],
    ['<VirtualHost *:80>\n    [[balancerpersist on]]\n</VirtualHost>'],
    // near misses
    ['BalancerPersist Off'],
    ['LoadModule proxy_module mod_proxy.so\n<IfModule mod_nothing.c>\n    BalancerPersist On\n</IfModule>'],
  ]],
  [templateSyntax, [
    ['<Proxy "balancer://shop">\n    BalancerMember "http://[[{{ backend_host }}]]:8080"\n</Proxy>', { says: ['unrendered template syntax (Jinja', '"{{ backend_host }}"', 'lint the rendered file', '1 template line'] }],
    ["[[<?php]]\n    $ip = getenv('IP');\n?>\n<Proxy balancer://c>\n    BalancerMember 'http://<?php print \"$ip\"?>'\n</Proxy>", { says: ['PHP', '4 template lines'] }],
    ['<Proxy balancer://c>\n    BalancerMember "http://[[<?=]] $ip ?>"\n</Proxy>'],
    ['ServerName [[<%= @server_name %>]]'],
    ['[[{% for host in groups["web"] %}]]\nBalancerMember balancer://c http://{{ host }}\n{% endfor %}'],
    ['# [[{{ ansible_managed }}]]\nProxyPass / balancer://c/'],
    ['[[<#list services?keys as key>]]\n<Proxy "balancer://${key}">\n</Proxy>\n</#list>', { says: ['FreeMarker'] }],
    ['ServerAdmin [[@ADMIN_EMAIL@]]'],
    ['ServerName [[[PRIMARY-DOMAIN-NAME]]]\nProxyPass / balancer://[VHOST-CLUSTER-NAME]/', { says: ['[PLACEHOLDER]'] }],
    ['<Proxy balancer://c>\n    BalancerMember http://[[$IP_HTTP_SERVER1]]\n</Proxy>', { says: ['shell $VAR'] }],
    // near misses
    ['ServerAdmin webmaster@localhost'],
    ['BalancerMember balancer://c http://${BACKEND}:8080'],
    ['RewriteCond %{HTTP:Upgrade} =websocket [NC]\nRewriteRule ^/(.*)$ balancer://c/$1 [P,L]'],
    ['<LocationMatch "^/[A-Z]{2}/">\n</LocationMatch>'],
    ['BalancerMember http://[::1]:8080'],
    ['LogFormat "%h %l %u %t \\"%r\\" %>s %b" common'],
    ['<Macro Backend $HOST>\n    BalancerMember balancer://c http://$HOST\n</Macro>'],
    ['# a comment about $HOME and [TODO]'],
  ]],
  [stickyCookieSeparator, [
    ['Header add Set-Cookie "ROUTEID=[[%{BALANCER_WORKER_ROUTE}e]]; path=/" env=BALANCER_ROUTE_CHANGED', { says: ['"ROUTEID=%{BALANCER_WORKER_ROUTE}e"', 'no "." before the route', 'never stick', 'write ROUTEID=.%{BALANCER_WORKER_ROUTE}e'], fixed: 'Header add Set-Cookie "ROUTEID=.%{BALANCER_WORKER_ROUTE}e; path=/" env=BALANCER_ROUTE_CHANGED', safe: true }],
    ['Header always set Set-Cookie ROUTEID=[[%{BALANCER_WORKER_ROUTE}e]]'],
    ['<Proxy balancer://c>\n    BalancerMember http://10.0.0.1 route=a\n    ProxySet stickysession=ROUTEID stickysessionsep=~\n</Proxy>\nHeader add Set-Cookie "ROUTEID=.[[%{BALANCER_WORKER_ROUTE}e]]"', { says: ['no "~" before the route'], fixed: '<Proxy balancer://c>\n    BalancerMember http://10.0.0.1 route=a\n    ProxySet stickysession=ROUTEID stickysessionsep=~\n</Proxy>\nHeader add Set-Cookie "ROUTEID=.~%{BALANCER_WORKER_ROUTE}e"' }],
    // near misses
    ['Header add Set-Cookie "ROUTEID=.%{BALANCER_WORKER_ROUTE}e; path=/" env=BALANCER_ROUTE_CHANGED'],
    ['Header add Set-Cookie "ROUTEID=n.%{BALANCER_WORKER_ROUTE}e; path=/"'],
    ['<Proxy balancer://c>\n    BalancerMember http://10.0.0.1 route=a\n    ProxySet stickysession=ROUTEID stickysessionsep=Off\n</Proxy>\nHeader add Set-Cookie "ROUTEID=%{BALANCER_WORKER_ROUTE}e"'],
    ['Header add X-Route "%{BALANCER_WORKER_ROUTE}e"'],
    ['RequestHeader set Set-Cookie "ROUTEID=%{BALANCER_WORKER_ROUTE}e"'],
  ]],
];

describe('rules about the text', () => {
  for (const [rule, cases] of CASES) {
    describe(rule.id, () => {
      for (const [marked, expect] of cases) {
        const flags = marked.includes('[[');
        it(`${flags ? 'flags' : 'passes'} ${show(marked)}`, () => checkRule(rule, marked, expect));
      }
      it('flags its bad example and passes its good one', () => {
        assert.ok(findingsOf(rule, rule.docs.bad).length > 0, rule.docs.bad);
        assert.equal(findingsOf(rule, rule.docs.good).length, 0, rule.docs.good);
      });
    });
  }

  describe('template noise', () => {
    const text = "<?php\n    $ip = getenv('IP');\n?>\n<Proxy balancer://c>\n    BalancerMember 'http://<?php print \"$ip\"?>'\n</Proxy>\nProxyPass /api/ balancer://c\n";
    const analysis = analyze(text, { epochSeconds: 1_800_000_000 });
    const diagnostic = (ruleId: string, marker: string): Diagnostic => {
      const start = text.indexOf(marker);
      return { ruleId, severity: 'error', span: { start, end: start + marker.length }, message: '' };
    };
    const note: Diagnostic = { ...findingsOf(templateSyntax, text)[0]!, ruleId: templateSyntax.id, severity: 'info' };
    const others = [diagnostic('unknown-directive', '$ip'), diagnostic('invalid-url', "'http://<?php"), diagnostic('section-mismatch', '</Proxy>'), diagnostic('trailing-slash-mismatch', 'balancer://c\n')];

    it('hides findings on template lines and section mismatches, keeps the rest and the note', () => {
      const isHidden = templateNoise(analysis, [note, ...others]);
      assert.deepEqual([note, ...others].filter((found) => !isHidden(found)).map((found) => found.ruleId), ['template-syntax', 'trailing-slash-mismatch']);
    });

    it('hides nothing when the note is not shown (rule turned off)', () => {
      const isHidden = templateNoise(analysis, others);
      assert.deepEqual(others.filter(isHidden), []);
    });

    it('leaves a PHP template with the note and what is wrong outside the template lines', () => {
      assert.deepEqual(lint(analysis).map((found) => found.ruleId), ['template-syntax', 'trailing-slash-mismatch']);
      const off = lint(analysis, { rules: { 'template-syntax': 'off' } }).map((found) => found.ruleId);
      assert.ok(off.includes('section-mismatch') && off.includes('trailing-slash-mismatch'), off.join());
    });

    it('notes each template file of a configuration and hides noise in that file only', () => {
      const files: Record<string, string> = {
        '/etc/apache2/apache2.conf': 'Include /etc/apache2/sites/*.conf\n</Location>\n',
        '/etc/apache2/sites/a.conf': '<Proxy "balancer://c">\n<#list hosts as h>\n    BalancerMember "${h}"\n</Proxy>\n</#list>\n',
        '/etc/apache2/sites/b.conf': 'ProxyPass / balancer://c/\n',
      };
      const access: FileAccess = {
        readFile: (path) => files[path],
        readDirectory: (path) => (path === '/etc/apache2/sites' ? ['a.conf', 'b.conf'] : undefined),
      };
      const whole = analyze(files['/etc/apache2/apache2.conf']!, { path: '/etc/apache2/apache2.conf', files: access, epochSeconds: 1_800_000_000 });
      const where = (found: Diagnostic): string => `${whole.tree.files.find((file) => found.span.start >= file.start && found.span.start < file.start + file.length)?.path} ${found.ruleId}`;
      const shown = lint(whole).map(where);
      assert.ok(shown.includes('/etc/apache2/sites/a.conf template-syntax'), shown.join('\n'));
      assert.ok(shown.includes('/etc/apache2/apache2.conf section-mismatch'), shown.join('\n'));
      assert.ok(!shown.some((entry) => entry.startsWith('/etc/apache2/sites/a.conf section-mismatch')), shown.join('\n'));
      assert.equal(shown.filter((entry) => entry.endsWith('template-syntax')).length, 1);
    });
  });
});
