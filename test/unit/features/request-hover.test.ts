import assert from 'node:assert/strict';
import { analyze } from '../../../server/src/core/analysis';
import { hover } from '../../../server/src/core/features/hover';

const OPTIONS = { epochSeconds: 1_800_000_000 };
const API = '<Proxy "balancer://api">\nBalancerMember "http://10.0.0.1:8080"\nBalancerMember "http://10.0.0.2:8080/v1"\n</Proxy>\n';

/**
 * The hover's markdown at the `|` marker, without the directive's manual line that closes a hover on
 * its name (test/unit/features/features.test.ts covers it).
 */
function hoverAt(marked: string): string | undefined {
  const offset = marked.indexOf('|');
  assert.ok(offset >= 0, 'no | cursor marker');
  const markdown = hover(analyze(marked.slice(0, offset) + marked.slice(offset + 1), OPTIONS), offset, { picks: 20 })?.markdown;
  const examples = markdown?.replace(/(^|\n\n)\*\*[^*\n]+\*\* · `mod_[a-z_]+` · [^\n]*$/, '');
  return examples === '' ? undefined : examples;
}

describe('hover: example requests on the lines that map them', () => {
  const cases: [what: string, marked: string, fragments: (string | RegExp)[] | null][] = [
    [
      'a ProxyPass to a balancer: the member a fresh Apache picks, and the prefix alone',
      `${API}Proxy|Pass "/api/" "balancer://api/"\n`,
      [
        '**example requests**',
        '- `GET /api/page` → a `http://10.0.0.1:8080/page`',
        '- `GET /api` → Apache answers itself: served from the file system',
        /the files there\) · this line does not take it$/,
      ],
    ],
    [
      'the balancer hover still follows on the balancer URL',
      `${API}ProxyPass "/api/" "balancer://a|pi/"\n`,
      ['- `GET /api/page` → a `http://10.0.0.1:8080/page`', '---', '**balancer\\://api**'],
    ],
    [
      'a doubled slash is flagged',
      'ProxyPass| "/api" "http://10.0.0.2:8080/v1/"\n',
      ['- `GET /api/page` → `http://10.0.0.2:8080/v1//page` ⚠ the member receives a doubled slash'],
    ],
    [
      'a slash lost between the target and the rest is flagged',
      'ProxyPass| "/api/" "http://10.0.0.2:8080/v1"\n',
      ['- `GET /api/page` → `http://10.0.0.2:8080/v1page` ⚠ the slash before `page` is lost'],
    ],
    [
      'a balancer name glued to the rest: Apache answers 500',
      `${API}ProxyPass| "/api/" "balancer://api"\n`,
      ['- `GET /api/page` → Apache answers **500**: no balancer balancer\\://apipage in this server\n'],
    ],
    [
      'ProxyPassMatch: a path the pattern matches, back-references substituted',
      `${API}ProxyPassMatch| "^/v(\\d+)/(.*)$" "balancer://api/version$1/$2"\n`,
      ['- `GET /v1/x` → a `http://10.0.0.1:8080/version1/x`'],
    ],
    [
      'RewriteRule [P]',
      `${API}RewriteEngine On\nRewriteRule| "^/shop/(.*)$" "balancer://api/store/$1" [P]\n`,
      ['- `GET /shop/page` → a `http://10.0.0.1:8080/store/page`'],
    ],
    [
      'RewriteRule [P] read as mod_rewrite does: a backslash keeps a space in the pattern (parseargline)',
      `${API}RewriteEngine On\nRewriteRule| ^/shop\\ now/(.*)$ balancer://api/store/$1 [P]\n`,
      ['- `GET /shop%20now/page` → a `http://10.0.0.1:8080/store/page`'],
    ],
    ['RewriteRule without [P]: nothing', 'RewriteEngine On\nRewriteRule| "^/old/(.*)$" "/new/$1" [R=301]\n', null],
    [
      'Alias',
      'Alias| "/static/" "/var/www/static/"\n',
      ['- `GET /static/page` → Apache answers itself: Alias /static/ serves it from /var/www/static/'],
    ],
    [
      'an Alias shadowed by an earlier ProxyPass names the line that takes the request',
      'ProxyPass "/" "http://10.0.0.9/"\nAlias| "/static/" "/var/www/static/"\n',
      ['- `GET /static/page` → `http://10.0.0.9/static/page` · not this line: ProxyPass / → http\\://10.0.0.9/ (line 1)'],
    ],
    [
      'a <Location> with a ProxyPass inside',
      `${API}<Loc|ation "/api/">\nProxyPass "balancer://api/"\n</Location>\n`,
      ['- `GET /api/page` → a `http://10.0.0.1:8080/page`'],
    ],
    [
      'the ProxyPass inside a <Location> takes its path',
      `${API}<Location "/api/">\nProxyPass| "balancer://api/"\n</Location>\n`,
      ['- `GET /api/page` → a `http://10.0.0.1:8080/page`'],
    ],
    [
      'a <LocationMatch> without back-references gets the whole path appended',
      `${API}<LocationMatch "^/v1/">\nProxyPass| "balancer://api/"\n</LocationMatch>\n`,
      ['- `GET /v1/page` → a `http://10.0.0.1:8080//v1/page` ⚠ the member receives a doubled slash'],
    ],
    [
      'a virtual host line is traced through its own server',
      `${API}<VirtualHost *:8081>\nServerName shop.example\nProxy|Pass "/api/" "balancer://api/"\n</VirtualHost>\n`,
      ['- `GET /api/page` → a `http://10.0.0.1:8080/page`'],
    ],
    [
      'configuration text is escaped',
      'Alias| "/a_b/" "/srv/*x*/[l](http://evil)"\n',
      ['serves it from /srv/\\*x\\*/\\[l\\](http\\://evil)'],
    ],
    [
      'a main server line when virtual hosts take every port: traced through the first one',
      'Listen 80\n<VirtualHost *:80>\nServerName v.example\n</VirtualHost>\nProxy|Pass "/api/" "http://10.0.0.2/"\n',
      ['- `GET /api/page` → `http://10.0.0.2/page`'],
    ],
    [
      'a virtual host no request reaches (an unnamed second one of its address) says so',
      '<VirtualHost 10.0.0.5:80>\nServerName a.example\n</VirtualHost>\n<VirtualHost 10.0.0.5:80>\nProxy|Pass "/api/" "http://10.0.0.2/"\n</VirtualHost>\n',
      ['no request reaches this server'],
    ],
    [
      'a pattern no sample satisfies says so',
      'ProxyPassMatch| "^/(a)\\1$" "http://h/"\n',
      ['no path this pattern matches could be derived'],
    ],
    ['a ProxyPass in a <Directory>: nothing', '<Directory "/srv">\nProxyPass| "http://h/"\n</Directory>\n', null],
  ];
  it('answers beside a pattern a backtracking matcher takes seconds on (JavaScript: 11 s), never giving it to RegExp', () => {
    // Checked by what runs, not by a clock: the configuration's pattern must never reach JavaScript's
    // RegExp (exec is what test, match and replace call once it is replaced); it would throw here at once.
    const exec = RegExp.prototype.exec;
    const given: string[] = [];
    RegExp.prototype.exec = function (this: RegExp, text: string) {
      if (this.source.includes('(a+)+')) {
        given.push(this.source);
        throw new Error(`the configuration's pattern ${this.source} reached RegExp`);
      }
      return exec.call(this, text);
    };
    let markdown: string | undefined;
    try {
      markdown = hoverAt(`ProxyPassMatch "^/(a+)+$" "http://h/"\nAlias| "/${'a'.repeat(26)}!/" "/srv/"\n`);
    } finally {
      RegExp.prototype.exec = exec;
    }
    assert.deepEqual(given, []);
    assert.ok(markdown?.includes('Alias'), markdown);
  });

  for (const [what, marked, fragments] of cases)
    it(what, () => {
      const markdown = hoverAt(marked);
      if (fragments === null) return assert.equal(markdown, undefined);
      assert.ok(markdown, 'no hover');
      for (const fragment of fragments)
        if (typeof fragment === 'string') assert.ok(markdown.includes(fragment), `missing ${JSON.stringify(fragment)} in\n${markdown}`);
        else assert.match(markdown, fragment);
    });
});
