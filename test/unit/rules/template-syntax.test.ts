import * as assert from 'node:assert/strict';
import { analyze } from '../../../server/src/core/analysis';
import { hiddenByStandIns as templateNoise, lint } from '../../../server/src/core/lint';
import type { Diagnostic } from '../../../server/src/core/rules/types';
import { EPOCH_SECONDS, findingsOf, memoryFiles, ruleTable } from '../../support/rules';

// Each behaviour of Apache this rule relies on was checked against Apache/2.4.71 (Debian): `apache2 -t`
// for what it accepts, and a live server with loopback backends for what requests see.

ruleTable(
  'template-syntax',
  [
    [
      '<Proxy "balancer://shop">\n    BalancerMember "http://[[{{ backend_host }}]]:8080"\n</Proxy>',
      { says: ['unrendered template (Jinja', '"{{ backend_host }}"', 'lint the rendered file'] },
    ],
    [
      "[[<?php]]\n    $ip = getenv('IP');\n?>\n<Proxy balancer://c>\n    BalancerMember 'http://<?php print \"$ip\"?>'\n</Proxy>",
      { says: ['(PHP, e.g. "<?php")'] },
    ],
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
  ],
  () => {
    describe('template noise', () => {
      const text =
        "<?php\n    $ip = getenv('IP');\n?>\n<Proxy balancer://c>\n    BalancerMember 'http://<?php print \"$ip\"?>'\n</Proxy>\nProxyPass /api/ balancer://c\nProxyPassReverse /api/ balancer://c\n";
      const analysis = analyze(text, { epochSeconds: EPOCH_SECONDS });
      const diagnostic = (ruleId: string, marker: string): Diagnostic => {
        const start = text.indexOf(marker);
        return { ruleId, severity: 'error', span: { start, end: start + marker.length }, message: '' };
      };
      const note: Diagnostic = findingsOf('template-syntax', text)[0]!;
      const others = [
        diagnostic('unknown-directive', '$ip'),
        diagnostic('invalid-url', "'http://<?php"),
        diagnostic('section-mismatch', '</Proxy>'),
        diagnostic('trailing-slash-mismatch', 'balancer://c\n'),
      ];

      it('hides findings on template lines and section mismatches, keeps the rest and the note', () => {
        const isHidden = templateNoise(analysis, [note, ...others]);
        assert.deepEqual(
          [note, ...others].filter((found) => !isHidden(found)).map((found) => found.ruleId),
          ['template-syntax', 'trailing-slash-mismatch'],
        );
      });

      it('hides nothing when the note is not shown (rule turned off)', () => {
        const isHidden = templateNoise(analysis, others);
        assert.deepEqual(others.filter(isHidden), []);
      });

      it('leaves a PHP template with the note and what is wrong outside the template lines', () => {
        assert.deepEqual(
          lint(analysis).map((found) => found.ruleId),
          ['template-syntax', 'trailing-slash-mismatch'],
        );
        const off = lint(analysis, { rules: { 'template-syntax': 'off' } }).map((found) => found.ruleId);
        assert.ok(off.includes('section-mismatch') && off.includes('trailing-slash-mismatch'), off.join());
      });

      it('notes each template file of a configuration and hides noise in that file only', () => {
        const files: Record<string, string> = {
          '/etc/apache2/apache2.conf': 'Include /etc/apache2/sites/*.conf\n</Location>\n',
          '/etc/apache2/sites/a.conf': '<Proxy "balancer://c">\n<#list hosts as h>\n    BalancerMember "${h}"\n</Proxy>\n</#list>\n',
          '/etc/apache2/sites/b.conf': 'ProxyPass / balancer://c/\n',
        };
        const access = memoryFiles(files);
        const whole = analyze(files['/etc/apache2/apache2.conf']!, {
          path: '/etc/apache2/apache2.conf',
          files: access,
          epochSeconds: EPOCH_SECONDS,
        });
        const where = (found: Diagnostic): string =>
          `${whole.tree.files.find((file) => found.span.start >= file.start && found.span.start < file.start + file.length)?.path} ${found.ruleId}`;
        const shown = lint(whole).map(where);
        assert.ok(shown.includes('/etc/apache2/sites/a.conf template-syntax'), shown.join('\n'));
        assert.ok(shown.includes('/etc/apache2/apache2.conf section-mismatch'), shown.join('\n'));
        assert.ok(!shown.some((entry) => entry.startsWith('/etc/apache2/sites/a.conf section-mismatch')), shown.join('\n'));
        assert.equal(shown.filter((entry) => entry.endsWith('template-syntax')).length, 1);
      });
    });
  },
);
