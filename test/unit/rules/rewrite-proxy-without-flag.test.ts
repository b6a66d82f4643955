import * as assert from 'node:assert/strict';
import { lintText, ruleTable } from '../../support/rules';

// Without [P] the request never reaches a member: checked on Apache/2.4.71 (test/apache/request-mistakes.test.ts, websocket).
const W = '<Proxy balancer://ws>\n    BalancerMember ws://10.0.0.1:8080\n</Proxy>\nRewriteEngine On\n';

ruleTable(
  'rewrite-proxy-without-flag',
  [
    // mod_rewrite's own words (parseargline, test/apache/trace-cases.ts): a backslash keeps a space in a word
    [`${W}[[RewriteRule ^/a\\ b balancer://ws/ [L]]]`, { fixed: `${W}RewriteRule ^/a\\ b balancer://ws/ [L,P]` }],
    [
      `${W}RewriteCond %{HTTP:Upgrade} websocket [NC]\n[[RewriteRule "^/(.*)$" "balancer://ws/$1" [L]]]`,
      {
        says: ['without the P flag "balancer://ws/$1" is not proxied', 'add [P]'],
        fixed: `${W}RewriteCond %{HTTP:Upgrade} websocket [NC]\nRewriteRule "^/(.*)$" "balancer://ws/$1" [L,P]`,
        safe: true,
      },
    ],
    [`${W}[[RewriteRule ^/ws/(.*) ws://10.0.0.1:8080/$1]]`, { fixed: `${W}RewriteRule ^/ws/(.*) ws://10.0.0.1:8080/$1 [P]` }],
    [`${W}[[RewriteRule ^/(.*) balancer://ws/$1 [R=302]]]`, { noFix: true }],
    // near misses
    [`${W}RewriteRule ^/(.*) balancer://ws/$1 [P,L]`],
    [`${W}RewriteRule ^/(.*) balancer://ws/$1 [proxy]`],
    [`${W}RewriteRule ^/old/(.*) https://example.com/$1 [R=301,L]`],
    // mod_rewrite trims the spaces around each flag: a quoted field with them proxies
    [`${W}RewriteRule ^/(.*) balancer://ws/$1 "[L, P]"`],
    // Flags Apache refuses ("RewriteRule: bad flag delimiters", checked on Apache/2.4.71): no fix can make them proxy (fuzz seed 2035143190 found `[P]]<Proxy`).
    [`${W}RewriteRule ^/(.*) balancer://shop/$1 [P]<Proxy`],
    [`${W}RewriteRule ^/(.*) balancer://shop/$1 [L`],
    // nor flags it does not know ("RewriteRule: unknown flag 'X'", test/apache/rewrite-arguments.ts)
    [
      `${W}RewriteRule ^/(.*) balancer://ws/$1 [L,X]\nRewriteRule ^/(.*) balancer://ws/$1 [L,]\nRewriteRule ^/(.*) balancer://ws/$1 [R=418]`,
    ],
    // an opening quote never closed still reads as flags: Apache accepts `"[L]`, without P
    [`${W}[[RewriteRule ^/(.*) balancer://ws/$1 "[L]]]`],
  ],
  () => {
    // `]]` would read as a span marker in the table.
    it('passes RewriteRule … [P]] (Apache: "unknown flag \'P]\'")', () => {
      const found = lintText(`${W}RewriteRule ^/(.*) balancer://ws/$1 [P]]`).filter(
        (finding) => finding.ruleId === 'rewrite-proxy-without-flag',
      );
      assert.deepEqual(found, []);
    });
  },
);
