import assert from 'node:assert/strict';
import { analyze } from '../../../server/src/core/analysis';
import { codeActions } from '../../../server/src/core/features/code-actions';
import { codeLenses } from '../../../server/src/core/features/code-lens';
import { complete } from '../../../server/src/core/features/completion';
import { hover } from '../../../server/src/core/features/hover';
import { inlayHints } from '../../../server/src/core/features/inlay-hints';
import { includeLinks } from '../../../server/src/core/features/links';
import { definition, references, rename } from '../../../server/src/core/features/navigation';
import { documentSymbols, foldingRanges } from '../../../server/src/core/features/symbols';
import { isUnfinished } from '../../../server/src/core/features/unfinished';
import { lint } from '../../../server/src/core/lint';

const OPTIONS = { epochSeconds: 1_800_000_000 };

/** Splits `text` at its `|` cursor marker. */
function cursor(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  assert.ok(offset >= 0, 'no | cursor marker');
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

/** Hovers at the `|` marker and checks that every fragment appears (or that nothing shows for `null`). */
function checkHover(marked: string, fragments: (string | RegExp)[] | null): void {
  const { text, offset } = cursor(marked);
  const result = hover(analyze(text, OPTIONS), offset, { picks: 20 });
  if (fragments === null) return assert.equal(result, undefined);
  assert.ok(result, 'no hover');
  for (const fragment of fragments) {
    if (typeof fragment === 'string')
      assert.ok(result.markdown.includes(fragment), `missing ${JSON.stringify(fragment)} in\n${result.markdown}`);
    else assert.match(result.markdown, fragment);
  }
}

const SHOP =
  '<Proxy "balancer://shop">\nBalancerMember http://a loadfactor=70\nBalancerMember http://b loadfactor=30\nBalancerMember http://c status=+H\n</Proxy>\nProxyPass /shop/ balancer://shop/\n';

describe('hover', () => {
  const cases: [string, string, (string | RegExp)[] | null][] = [
    [
      'the <Proxy> line',
      SHOP.replace('<Proxy', '<Pro|xy'),
      [
        '**balancer\\://shop** · byrequests · 3 members · lbset 0 · cycle of 10 requests',
        '| a | http\\://a | 70 | 70.0% |',
        '| c | http\\://c | 1 | 0% | standby (idle) |',
        '**first picks** `a b a a a b a a b a`',
      ],
    ],
    ['a ProxyPass reference', SHOP.replace('/ balancer://shop/', '/ balancer://sh|op/'), ['**balancer\\://shop**', '70.0%']],
    [
      'what a member is written with, and what Apache stores',
      '<Pro|xy balancer://x>\nBalancerMember http://a loadfactor=1.15\nBalancerMember http://b loadfactor=0x10\n</Proxy>\n',
      ['| a | http\\://a | 1.15 → 1.14 |', '| b | http\\://b | 0x10 | 93.3% |'],
    ],
    [
      'who takes over when a member fails, as a short list',
      SHOP.replace('<Proxy', '<Pro|xy'),
      ['**if a member fails**\n\n- a down → b 100.0%\n- b down → a 100.0%'],
    ],
    [
      'notes one per line',
      '<Pro|xy balancer://x>\nBalancerMember http://a route=1\nBalancerMember http://b route=2\nProxySet stickysession=ROUTEID\n</Proxy>\n',
      [/\n- _[^\n]*_\n- _sticky sessions \(ROUTEID\) send/],
    ],
    [
      'a standby taking over',
      '<Proxy balancer://x>\nBalancerMember http://a\nBalancerMember http://b status=+H\n</Pro|xy>\n'
        .replace('</Pro|xy>', '</Proxy>')
        .replace('<Proxy', '<Pro|xy'),
      ['- a down → b 100.0% (standby)'],
    ],
    [
      'when each tier takes over',
      '<Pro|xy balancer://x>\nBalancerMember http://a\nBalancerMember http://b lbset=1\nBalancerMember http://c lbset=1\nBalancerMember http://d lbset=3\n</Proxy>\n',
      [
        '| b | http\\://b | 1 | 0% | failover tier: takes over when lbset 0 has no usable member |',
        '- a down → lbset 1: b 50.0%, c 50.0%\n- lbset 1 (b, c) takes over when lbset 0 has no usable member\n- lbset 3 (d) takes over when lbsets 0–2 have no usable member',
      ],
    ],
    [
      'a tier that never takes over',
      '<Pro|xy balancer://x>\nBalancerMember http://a status=+I\nBalancerMember http://b lbset=1\n</Proxy>\n',
      ['- lbset 1 (b) never takes over: lbset 0 never runs out (status I)'],
    ],
    [
      'a directive name: the member, then its module, contexts and manual page at the foot',
      '<Proxy balancer://x>\nBalancer|Member http://a\n</Proxy>\n',
      [
        /^\*\*a · http\\:\/\/a\*\*/,
        /\n\n\*\*BalancerMember\*\* · `mod_proxy` · in directory · \[Apache manual\]\(https:\/\/httpd\.apache\.org\/docs\/2\.4\/mod\/mod_proxy\.html#balancermember\)$/,
      ],
    ],
    ['a ProxySet name', 'Proxy|Set balancer://x lbmethod=bybusyness\n', ['**ProxySet** · `mod_proxy`', 'mod_proxy.html#proxyset)']],
    [
      'a section name',
      '<Proxy balancer://x>\nBalancerMember http://a\n</Pro|xy>\n',
      ['**\\<Proxy\\>** · `mod_proxy`', 'mod_proxy.html#proxy)'],
    ],
    [
      'a core directive',
      'Server|Root /etc/apache2\n',
      ['**ServerRoot** · `core` · in server config · [Apache manual](https://httpd.apache.org/docs/2.4/mod/core.html#serverroot)'],
    ],
    [
      'notes apart from the failure list',
      '<Pro|xy balancer://x>\nBalancerMember http://a route=1\nBalancerMember http://b route=2\nProxySet stickysession=ROUTEID\n</Proxy>\n',
      [/- b down → a 100\.0%\n\n---\n\n- _/],
    ],
    ['nobody left: 503', '<Pro|xy balancer://x>\nBalancerMember http://a\n</Proxy>\n', ['- a down → nobody: every request gets **503**']],
    [
      'a member down takes down the member sharing its slot',
      '<Pro|xy balancer://x>\nBalancerMember http://h\nBalancerMember http://h:80\nBalancerMember http://b\n</Proxy>\n',
      ['- a down → c 100.0%\n- b down → c 100.0%\n- c down → a 50.0%, b 50.0%'],
    ],
    [
      'a spare taking over for a member down',
      '<Pro|xy balancer://x>\nBalancerMember http://a\nBalancerMember http://b\nBalancerMember http://s status=+R\n</Proxy>\n',
      ['- a down → b 50.0%, c 50.0% (spare)\n- b down → a 50.0%, c 50.0% (spare)'],
    ],
    [
      'a member: share, cadence and gap',
      SHOP.replace('http://b', 'http://|b'),
      [
        '**b · http\\://b**',
        'loadfactor 30 · lbset 0',
        '**30.0%** of requests — 3 of every 10',
        'longest gap between two of its requests: 3 requests',
      ],
    ],
    [
      'a member: one request, singular',
      '<Proxy balancer://x>\nBalancerMember http://|a\nBalancerMember http://b\n</Proxy>\n',
      ['loadfactor 1 · lbset 0', /longest gap between two of its requests: 1 request$/, '1 of every 2'],
    ],
    ['an idle standby member', SHOP.replace('http://c', 'http://|c'), ['**0%** — standby (idle)']],
    [
      'a loadfactor value, truncated as Apache stores it',
      '<Proxy balancer://x>\nBalancerMember http://a loadfactor=1.1|5\n</Proxy>\n',
      ['**loadfactor** (member parameter)', 'Apache reads `1.15` as 1.14 (stored as 114): it keeps trunc(value × 100)'],
    ],
    ['a hex loadfactor', '<Proxy balancer://x>\nBalancerMember http://a loadfactor=0x1|0\n</Proxy>\n', ['as 16.00 (stored as 1600)']],
    [
      'a refused loadfactor',
      '<Proxy balancer://x>\nBalancerMember http://a loadfactor=|0\n</Proxy>\n',
      ['Apache refuses `0`: "LoadFactor must be a number between 1..100"', /^(?![\s\S]*A later value)/],
    ],
    [
      'a value a later word of its key overrides',
      '<Proxy balancer://x>\nBalancerMember http://a loadfactor=|2 route=r LoadFactor=4\n</Proxy>\n',
      ['**loadfactor** (member parameter)', 'Apache reads `2` as 2.00', 'A later value for the same key on this line wins.'],
    ],
    [
      'the value that wins over an earlier one',
      '<Proxy balancer://x>\nBalancerMember http://a loadfactor=2 route=r LoadFactor=|4\n</Proxy>\n',
      ['Apache reads `4` as 4.00', /^(?![\s\S]*A later value)/],
    ],
    ['status letters', '<Proxy balancer://x>\nBalancerMember http://a status=+|H\n</Proxy>\n', ['- **H** hot standby']],
    [
      'a ProxySet parameter',
      '<Proxy balancer://x>\nBalancerMember http://a\nProxySet lbmet|hod=bybusyness\n</Proxy>\n',
      ['**lbmethod** (balancer parameter)'],
    ],
    [
      'a bytraffic balancer: no fixed order',
      '<Pro|xy balancer://x lbmethod=bytraffic>\nBalancerMember http://a\n</Proxy>\n',
      ['bytraffic', 'no fixed order can be previewed'],
    ],
    ['an empty balancer', 'ProxyPass / balancer://e|mpty/\n', ['No members: every request gets **503**']],
    ['nothing at a comment', '# a comm|ent\n', null],
    [
      'a balancer inside a conditional whose answer was assumed',
      '<IfDirective ProxyPass>\n<Proxy balancer://|x>\nBalancerMember http://a\n</Proxy>\n</IfDirective>\n',
      ['- _\\<IfDirective ProxyPass\\> is assumed true: the configuration loads no modules, so which ones provide ProxyPass is not known_'],
    ],
    [
      'no assumption stated for a conditional answered from the configuration',
      'LoadModule proxy_module x.so\n<IfDirective ProxyPass>\n<Proxy balancer://|x>\nBalancerMember http://a\n</Proxy>\n</IfDirective>\n',
      [/^(?![\s\S]*assumed true)/],
    ],
  ];
  for (const [what, marked, fragments] of cases) it(what, () => checkHover(marked, fragments));
  it("leads with the shares and the what-if, leaving Apache's lbstatus counters to the schedule panel", () => {
    const markdown = hover(analyze(SHOP, OPTIONS), SHOP.indexOf('Proxy'), { picks: 20 })!.markdown;
    assert.doesNotMatch(markdown, /-3000|\| # \| pick/);
    assert.ok(markdown.indexOf('**if a member fails**') < markdown.indexOf('- _'), markdown);
    assert.ok(markdown.split('\n').length <= 20, `${markdown.split('\n').length} lines:\n${markdown}`);
  });
  it('asked again on one analysis, shows as many picks as each request asks', () => {
    const analysis = analyze(SHOP, OPTIONS);
    const at = SHOP.indexOf('Proxy');
    const picksLine = (picks: number): string | undefined =>
      hover(analysis, at, { picks })!
        .markdown.split('\n')
        .find((line) => line.startsWith('**first picks**'));
    assert.equal(picksLine(4), '**first picks** `a b a a …`');
    assert.equal(picksLine(20), '**first picks** `a b a a a b a a b a`');
    assert.equal(picksLine(4), '**first picks** `a b a a …`');
  });
  it("asked about one member after another on one analysis, gives each member's own longest gap", () => {
    const analysis = analyze(SHOP, OPTIONS);
    const gap = (member: string): string | undefined =>
      hover(analysis, SHOP.indexOf(`http://${member}`) + 8, { picks: 20 })!
        .markdown.split('\n')
        .find((line) => line.startsWith('longest gap'));
    // a b a a a b a a b a, twice: b waits up to 3 requests, a at most 1.
    assert.equal(gap('b'), 'longest gap between two of its requests: 3 requests');
    assert.equal(gap('a'), 'longest gap between two of its requests: 1 request');
    assert.equal(gap('b'), 'longest gap between two of its requests: 3 requests');
  });
  it('shows the expansion of a Use line, the macro, where it is defined, and the balancer it makes', () => {
    const text =
      'Define W 3\n<Macro Pool $name $a>\n<Proxy balancer://$name>\nBalancerMember http://$a loadfactor=${W}\nBalancerMember http://spare status=+H\n</Proxy>\n</Macro>\nUse Pool web 10.0.0.1\n';
    const markdown = hover(analyze(text, OPTIONS), text.indexOf('Use Pool') + 1, { picks: 20 })!.markdown;
    assert.ok(
      markdown.startsWith(
        '**Use pool** · macro defined on line 2 · 4 lines\n\n```apache\n<Proxy balancer://web>\nBalancerMember http://10.0.0.1 loadfactor=${W}\nBalancerMember http://spare status=+H\n</Proxy>\n```',
      ),
      markdown,
    );
    // What the Use line makes is described below the expansion.
    assert.match(markdown, /---\n\n\*\*balancer\\:\/\/web\*\* · byrequests · 2 members/);
  });
  it('caps a long expansion and counts the lines left out', () => {
    const body = Array.from({ length: 45 }, (_, index) => `Header set X-$v-${index} 1`).join('\n');
    const text = `<Macro Many $v>\n${body}\n</Macro>\nUse Many a\n`;
    const markdown = hover(analyze(text, OPTIONS), text.indexOf('Use Many'), { picks: 20 })!.markdown;
    assert.match(markdown, /Header set X-a-29 1\n```\n… 15 more$/);
    assert.doesNotMatch(markdown, /X-a-30/);
  });
});

describe('inlay hints', () => {
  it('labels each member with its share or why it gets none', () => {
    const text =
      '<Proxy balancer://x>\nBalancerMember http://a loadfactor=3\nBalancerMember http://b\nBalancerMember http://c status=+H\nBalancerMember http://d status=+R\nBalancerMember http://e status=+D lbset=1\nBalancerMember http://f lbset=1\n</Proxy>\n';
    const labels = inlayHints(analyze(text, OPTIONS)).map((hint) => hint.label);
    assert.deepEqual(labels, [
      '≈ 75.0%',
      '≈ 25.0%',
      'standby (idle)',
      'spare (idle)',
      'disabled (status D)',
      'failover tier: takes over when lbset 0 has no usable member',
    ]);
  });

  it('says "never selected" only for a tier that can never take over', () => {
    const labels = (text: string) => inlayHints(analyze(text, OPTIONS)).map((hint) => [hint.label, hint.tooltip]);
    assert.deepEqual(labels('<Proxy balancer://x>\nBalancerMember http://a\nBalancerMember http://b lbset=2\n</Proxy>\n')[1], [
      'failover tier: takes over when lbsets 0–1 have no usable member',
      'failover tier (lbset 2): takes over only when lbsets 0–1 have no usable member (each disabled, stopped or in error)',
    ]);
    assert.deepEqual(labels('<Proxy balancer://x>\nBalancerMember http://a status=+I\nBalancerMember http://b lbset=1\n</Proxy>\n')[1], [
      'never selected: lbset 0 never runs out (status I)',
      'never selected: lbset 0 has a member with status I, which Apache never puts in error, so lbset 1 never takes over',
    ]);
  });

  it('keeps to the requested range', () => {
    const analysis = analyze(SHOP, OPTIONS);
    const second = SHOP.indexOf('http://b');
    assert.equal(inlayHints(analysis, second, second + 30).length, 1);
  });
});

describe('code lens', () => {
  const cases: [string, string][] = [
    [SHOP, '3 members · cycle 10 · a b a a a b a a b a'],
    [
      '<Proxy balancer://x>\nBalancerMember http://a loadfactor=33.3\nBalancerMember http://b\n</Proxy>\n',
      '2 members · cycle 3429 · a a a a a a a a a a …',
    ],
    ['<Proxy balancer://x>\nBalancerMember http://a status=+D\n</Proxy>\n', '1 member · every request gets 503'],
    ['<Proxy balancer://x lbmethod=heartbeat>\nBalancerMember http://a\n</Proxy>\n', '1 member · heartbeat: no fixed order'],
  ];
  for (const [text, title] of cases) it(title, () => assert.equal(codeLenses(analyze(text, OPTIONS), { picks: 10 })[0]!.title, title));
  it('shows as many picks as balancerLens.preview.picks asks', () => {
    assert.equal(codeLenses(analyze(SHOP, OPTIONS), { picks: 4 })[0]!.title, '3 members · cycle 10 · a b a a …');
    assert.equal(codeLenses(analyze(SHOP, OPTIONS), { picks: 20 })[0]!.title, '3 members · cycle 10 · a b a a a b a a b a');
  });
});

describe('completion', () => {
  function labels(marked: string): string[] {
    const { text, offset } = cursor(marked);
    return complete(analyze(text, OPTIONS), offset).map((item) => item.label);
  }
  it('offers member keys on BalancerMember', () =>
    assert.ok(labels('<Proxy balancer://x>\nBalancerMember http://a |\n</Proxy>\n').includes('loadfactor=')));
  it('offers balancer keys on ProxySet in a balancer section', () => {
    const found = labels('<Proxy balancer://x>\nBalancerMember http://a\nProxySet |\n</Proxy>\n');
    assert.ok(found.includes('lbmethod=') && !found.includes('loadfactor='));
  });
  it('offers balancer keys on a ProxyPass to a balancer', () =>
    assert.ok(labels('ProxyPass / balancer://x/ |\n').includes('stickysession=')));
  it('offers lbmethods', () =>
    assert.deepEqual(labels('ProxyPass / balancer://x/ lbmethod=|\n'), ['byrequests', 'bybusyness', 'bytraffic', 'heartbeat']));
  it('offers status letters', () =>
    assert.deepEqual(labels('BalancerMember balancer://x http://a status=|\n'), ['+D', '+S', '+E', '+I', '+H', '+R', '+N', '+C']));
  it('offers On and Off, and on, off and auto, where those are the values', () => {
    assert.deepEqual(labels('BalancerMember balancer://x http://a keepalive=|\n'), ['On', 'Off']);
    assert.deepEqual(labels('ProxySet balancer://x nofailover=O|\n'), ['On', 'Off']);
    assert.deepEqual(labels('BalancerMember balancer://x http://a flushpackets=|\n'), ['on', 'off', 'auto']);
    assert.deepEqual(labels('BalancerMember balancer://x http://a route=|\n'), []);
  });
  it('offers balancer names after balancer://', () =>
    assert.deepEqual(labels('<Proxy balancer://shop>\nBalancerMember http://a\n</Proxy>\nProxyPass / balancer://|\n'), ['shop']));
  it('offers BalancerMember first and snippets inside a balancer section', () => {
    const found = labels('<Proxy balancer://x>\n|\n</Proxy>\n');
    assert.equal(found[0], 'BalancerMember');
    assert.ok(found.includes('ProxySet') && found.includes('balancer'));
  });
  it('offers to close an unclosed section first, after its last member', () => {
    assert.deepEqual(labels('<Proxy balancer://x>\n  BalancerMember http://a\n  |').slice(0, 2), ['</Proxy>', 'BalancerMember']);
    assert.deepEqual(labels('<VirtualHost *:80>\n  <Location "/a">\n  Require all granted\n  |\n').slice(0, 2), [
      '</Location>',
      '</VirtualHost>',
    ]);
    assert.ok(!labels('<Proxy balancer://x>\n|\n</Proxy>\n').includes('</Proxy>'), 'a closed section is not offered');
  });
  it('offers only directives allowed in the context', () => {
    assert.ok(!labels('<Proxy balancer://x>\n|\n</Proxy>\n').includes('BalancerGrowth'));
    assert.ok(labels('|\n').includes('BalancerGrowth'));
  });
});

describe('navigation', () => {
  const text =
    '<Proxy balancer://Shop>\nBalancerMember http://a\n</Proxy>\nProxyPass /a/ balancer://shop/\nProxyPassReverse /a/ balancer://SHOP/\n# ProxyPass /b/ balancer://shop/\n';
  const analysis = analyze(text, OPTIONS);
  const at = (needle: string) => text.indexOf(needle) + 3;
  it('finds every mention outside comments, case-insensitively', () => {
    assert.deepEqual(
      references(analysis, at('balancer://shop/')).map((span) => text.slice(span.start, span.end)),
      ['Shop', 'shop', 'SHOP'],
    );
  });
  it('goes to the <Proxy> line', () => {
    assert.deepEqual(
      definition(analysis, at('balancer://SHOP')).map((span) => text.slice(span.start, span.end)),
      ['<Proxy balancer://Shop>'],
    );
  });
  it('renames the name part only', () => {
    const edits = rename(analysis, at('balancer://shop/'), 'balancer://store');
    assert.ok(Array.isArray(edits));
    assert.deepEqual(
      edits.map((edit) => edit.newText),
      ['store', 'store', 'store'],
    );
  });
  it('refuses names Apache could not use', () => assert.ok('error' in (rename(analysis, at('balancer://shop/'), 'a b') as object)));
  it('links Include paths that are read', () => {
    const links = includeLinks(analyze('Include conf/a.conf\n<IfDefine NOPE>\nInclude conf/b.conf\n</IfDefine>\n', OPTIONS));
    assert.deepEqual(
      links.map((link) => link.path),
      ['conf/a.conf'],
    );
  });
});

describe('symbols and folding', () => {
  it('nests balancers under their virtual host and members under their balancer', () => {
    const text =
      '<VirtualHost *:80>\n<Proxy balancer://v>\nBalancerMember http://a\n</Proxy>\n</VirtualHost>\n<Proxy balancer://m>\nBalancerMember http://b\n</Proxy>\n';
    const symbols = documentSymbols(analyze(text, OPTIONS));
    assert.deepEqual(
      symbols.map((symbol) => [symbol.name, symbol.children.map((child) => child.name)]),
      [
        ['<VirtualHost *:80>', ['balancer://v']],
        ['balancer://m', ['http://b']],
      ],
    );
  });
  it('describes members in the words of the inlay hints', () => {
    const symbols = documentSymbols(analyze(SHOP, OPTIONS));
    const hints = inlayHints(analyze(SHOP, OPTIONS)).map((hint) => hint.label.replace('≈ ', ''));
    assert.deepEqual(
      symbols[0]!.children.map((child) => child.detail),
      hints,
    );
    assert.deepEqual(hints, ['70.0%', '30.0%', 'standby (idle)']);
  });
  it('folds sections and runs of comments', () => {
    const text = '# one\n# two\n<Proxy balancer://x>\nBalancerMember http://a\n</Proxy>\n';
    const ranges = foldingRanges(analyze(text, OPTIONS)).map((span) => text.slice(span.start, span.end));
    assert.deepEqual(ranges, ['# one\n# two', '<Proxy balancer://x>\nBalancerMember http://a\n</Proxy>']);
  });
});

describe('code actions', () => {
  it("offers the fixes of the diagnostics in range and suppression comments with the line's indentation", () => {
    const text = '<Proxy balancer://x>\n    BalancerMember http://a loadfactor=0\n</Proxy>\n';
    const analysis = analyze(text, OPTIONS);
    const diagnostics = lint(analysis);
    const at = text.indexOf('=0') + 1;
    const actions = codeActions(analysis, diagnostics, { start: at, end: at });
    assert.deepEqual(
      actions.map((action) => action.title),
      [
        'Set loadfactor=1',
        'Replace with status=+D (disabled)',
        'Disable zero-loadfactor for this line',
        'Disable zero-loadfactor in this file',
      ],
    );
    assert.equal(actions[2]!.edits[0]!.newText, '    # balancer-lens-disable-next-line zero-loadfactor\n');
  });
  it('suppressed diagnostics disappear and unused suppressions are reported', () => {
    const text =
      '<Proxy balancer://x>\n    # balancer-lens-disable-next-line zero-loadfactor\n    BalancerMember http://a loadfactor=0\n    # balancer-lens-disable-next-line zero-loadfactor, no-such-rule\n    BalancerMember http://b\n</Proxy>\n';
    const found = lint(analyze(text, OPTIONS)).map((diagnostic) => `${diagnostic.ruleId}: ${diagnostic.message}`);
    assert.deepEqual(found, [
      'unused-suppression: nothing here is reported by zero-loadfactor: remove "zero-loadfactor" from this suppression',
      'unused-suppression: "no-such-rule" is not a Balancer Lens rule, so this suppression does nothing',
    ]);
  });
});

describe('unfinished findings while typing', () => {
  /** The rule ids of the findings held back with the cursor at `|`, and of those shown. */
  function split(marked: string): { held: string[]; shown: string[] } {
    const { text, offset } = cursor(marked);
    const analysis = analyze(text, OPTIONS);
    const found = lint(analysis);
    return {
      held: found.filter((finding) => isUnfinished(analysis, finding, offset)).map((finding) => finding.ruleId),
      shown: found.filter((finding) => !isUnfinished(analysis, finding, offset)).map((finding) => finding.ruleId),
    };
  }
  const cases: [string, string, { held: string[]; shown: string[] }][] = [
    [
      'a section still being written, and a name being typed',
      '<Proxy balancer://a>\n  BalancerMem|',
      { held: ['section-mismatch', 'unknown-directive'], shown: [] },
    ],
    [
      'the start of a known name, the cursor back in it',
      '<Proxy balancer://a>\n  Balancer|Mem\n</Proxy>',
      { held: ['unknown-directive'], shown: [] },
    ],
    [
      'a typo is no prefix: shown once the cursor is past it',
      '<Proxy balancer://a>\n  BalancerMemx http://a |\n</Proxy>',
      { held: [], shown: ['unknown-directive'] },
    ],
    [
      'a value being typed',
      '<Proxy balancer://a>\n  BalancerMember http://a\n  ProxySet lbmethod=b|\n</Proxy>',
      { held: ['unknown-lbmethod'], shown: [] },
    ],
    [
      'the cursor on another line',
      '<Proxy balancer://a>\n  BalancerMember http://a\n  ProxySet lbmethod=b\n|</Proxy>',
      { held: [], shown: ['unknown-lbmethod'] },
    ],
    [
      'an unclosed section above the cursor is no longer being written',
      '|\n<Proxy balancer://a>\n  BalancerMember http://a',
      { held: [], shown: ['section-mismatch'] },
    ],
  ];
  for (const [what, marked, expected] of cases) it(what, () => assert.deepEqual(split(marked), expected));
});
