/**
 * Cases for test/apache/trace.test.ts: a configuration and the requests sent to it. Placeholders:
 * `{a}`, `{b}`, `{c}` the `127.0.0.1:PORT` of echo backends, `{z}` a loopback address nothing
 * listens on, `{port}` Apache's own port. A request's `location`, `cookie` and `status` are what
 * the member answers with.
 */

/** One request of a case. */
export interface TraceCaseRequest {
  /** Sent as written (percent-encoding and all), with the query string. */
  readonly path: string;
  /** The `Host` name (default 127.0.0.1); the port is always Apache's. */
  readonly host?: string;
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly location?: string;
  readonly cookie?: string;
  readonly status?: number;
}

/** A configuration (placed after the server lines and LoadModule lines) and what is sent to it. */
export interface TraceCase {
  readonly name: string;
  readonly config: string;
  readonly requests: readonly TraceCaseRequest[];
}

const API = `<Proxy "balancer://api">
  BalancerMember "http://{a}"
  BalancerMember "http://{b}"
</Proxy>`;

const paths = (...list: string[]): TraceCaseRequest[] => list.map((path) => ({ path }));

export const CASES: readonly TraceCase[] = [
  // ProxyPass: order, longest match, exclusions, slashes.
  {
    name: 'ProxyPass with trailing slashes on both sides',
    config: `${API}\nProxyPass "/api/" "balancer://api/"`,
    requests: paths(
      '/api/v1/x?y=1',
      '/api/',
      '/api',
      '/api//double',
      '/apix',
      '/api/a%20b',
      '/api/a+b',
      '/api/%7Euser',
      '/api/x;p=1',
      '/other',
    ),
  },
  {
    name: 'ProxyPass without trailing slashes',
    config: `${API}\nProxyPass "/api" "balancer://api"`,
    requests: paths('/api/v1/x', '/api', '/api/', '/apiv1', '/api?q=1', '/api/x?q=1&r=2'),
  },
  {
    name: 'ProxyPass path with a slash, balancer URL without',
    config: `${API}\nProxyPass "/api/" "balancer://api"`,
    requests: paths('/api/v1', '/api/', '/api/x/y'),
  },
  {
    name: 'member URLs with a path and a trailing slash',
    config: `<Proxy "balancer://api">\n  BalancerMember "http://{a}/app/"\n  BalancerMember "http://{b}/app/"\n</Proxy>\nProxyPass "/api/" "balancer://api/"`,
    requests: paths('/api/x', '/api/', '/api/a/b?c=d'),
  },
  {
    name: 'member URLs with a path, no trailing slash',
    config: `<Proxy "balancer://api">\n  BalancerMember "http://{a}/app"\n  BalancerMember "http://{b}/app"\n</Proxy>\nProxyPass "/api" "balancer://api"`,
    requests: paths('/api/x', '/api', '/api/x/y?z=1'),
  },
  {
    name: 'the balancer URL has a path',
    config: `${API}\nProxyPass "/shop/" "balancer://api/store/"`,
    requests: paths('/shop/cart', '/shop/', '/shop/a/b'),
  },
  {
    name: 'exclusions and order',
    config: `${API}\nProxyPass "/api/static/" "!"\nProxyPass "/api/" "balancer://api/"\nProxyPass "/" "http://{c}/root/"`,
    requests: paths('/api/static/app.css', '/api/static', '/api/x', '/x', '/', '/api/staticx'),
  },
  {
    name: 'a broad ProxyPass first shadows the later ones',
    config: `${API}\nProxyPass "/" "http://{c}/"\nProxyPass "/api/" "balancer://api/"\nProxyPass "/api/static/" "!"`,
    requests: paths('/api/x', '/api/static/a.css', '/z'),
  },
  {
    name: 'plain workers',
    config: `ProxyPass "/one/" "http://{a}/"\nProxyPass "/two" "http://{b}/base"\nProxyPass "/three/" "http://{c}"`,
    requests: paths('/one/x', '/one/', '/two/x', '/two', '/twox', '/three/x', '/three/'),
  },
  // ProxyPass in <Location>.
  {
    name: 'ProxyPass inside <Location>',
    config: `${API}\n<Location "/api/">\n  ProxyPass "balancer://api/"\n  ProxyPassReverse "balancer://api/"\n</Location>\n<Location "/app">\n  ProxyPass "http://{c}/app"\n</Location>`,
    requests: paths('/api/x', '/api/', '/api', '/app', '/app/x', '/appx', '/x'),
  },
  {
    name: 'a <Location> exclusion inside a broader ProxyPass',
    config: `${API}\nProxyPass "/" "balancer://api/"\n<Location "/status">\n  ProxyPass "!"\n</Location>`,
    requests: paths('/status', '/status/x', '/statusx', '/x'),
  },
  // ProxyPassMatch.
  {
    name: 'ProxyPassMatch with back-references',
    config: `${API}\nProxyPassMatch "^/v(\\d+)/(.*)$" "balancer://api/version$1/$2"\nProxyPassMatch "^/img/(.*\\.png)$" "http://{c}/images/$1"`,
    requests: paths('/v2/items', '/v10/a/b?x=1', '/v/x', '/img/a.png', '/img/a.jpg'),
  },
  // Virtual hosts.
  {
    name: 'name-based virtual hosts',
    config: `<VirtualHost *:{port}>\n  ServerName first.example\n  ProxyPass "/" "http://{a}/first/"\n</VirtualHost>\n<VirtualHost *:{port}>\n  ServerName second.example\n  ServerAlias *.second.example alias.example\n  ProxyPass "/" "http://{b}/second/"\n</VirtualHost>`,
    requests: [
      { path: '/x', host: 'first.example' },
      { path: '/x', host: 'second.example' },
      { path: '/x', host: 'www.second.example' },
      { path: '/x', host: 'alias.example' },
      { path: '/x', host: 'unknown.example' },
      { path: '/x', host: 'SECOND.EXAMPLE' },
    ],
  },
  {
    name: 'the main server ProxyPass comes before the virtual host one',
    config: `ProxyPass "/shared/" "http://{a}/main/"\n<VirtualHost *:{port}>\n  ServerName v.example\n  ProxyPass "/shared/" "http://{b}/vhost/"\n  ProxyPass "/" "http://{c}/"\n</VirtualHost>`,
    requests: [
      { path: '/shared/x', host: 'v.example' },
      { path: '/y', host: 'v.example' },
    ],
  },
  {
    name: 'ProxyPassInherit Off does not stop the main server ProxyPass lines (not even with BalancerInherit Off)',
    config: `ProxyPass "/shared/" "http://{a}/main/"\n<VirtualHost *:{port}>\n  ServerName v.example\n  ProxyPassInherit Off\n  ProxyPass "/shared/" "http://{b}/vhost/"\n</VirtualHost>\n<VirtualHost *:{port}>\n  ServerName w.example\n  ProxyPassInherit Off\n  BalancerInherit Off\n  ProxyPass "/shared/" "http://{c}/vhost/"\n</VirtualHost>`,
    requests: [
      { path: '/shared/x', host: 'v.example' },
      { path: '/shared/x', host: 'w.example' },
    ],
  },
  // mod_rewrite.
  {
    name: 'RewriteRule [P] with conditions',
    config: `${API}\nRewriteEngine On\nRewriteCond "%{HTTP:X-Beta}" "=1"\nRewriteRule "^/(.*)$" "balancer://api/beta/$1" [P,L]\nRewriteCond "%{QUERY_STRING}" "(^|&)v=2"\nRewriteRule "^/item/(\\d+)$" "http://{c}/v2/items/$1" [P,QSA]\nProxyPass "/" "http://{c}/default/"`,
    requests: [
      { path: '/a/b', headers: { 'X-Beta': '1' } },
      { path: '/a/b', headers: { 'X-Beta': '0' } },
      { path: '/item/7?v=2' },
      { path: '/item/7?v=1' },
      { path: '/item/x?v=2' },
    ],
  },
  {
    name: 'RewriteRule [R], [F] and [G]',
    config: `RewriteEngine On\nRewriteRule "^/old/(.*)$" "/new/$1" [R=301,L]\nRewriteRule "^/secret" "-" [F]\nRewriteRule "^/gone" "-" [G]\nProxyPass "/" "http://{a}/"`,
    requests: paths('/old/page', '/secret/x', '/gone', '/new/page'),
  },
  {
    name: 'a virtual host does not run the main server rules',
    config: `RewriteEngine On\nRewriteRule "^/(.*)$" "http://{a}/main/$1" [P]\n<VirtualHost *:{port}>\n  ServerName v.example\n  ProxyPass "/" "http://{b}/vhost/"\n</VirtualHost>`,
    requests: [{ path: '/x', host: 'v.example' }],
  },
  // Headers.
  {
    name: 'ProxyPreserveHost and X-Forwarded-*',
    config: `<VirtualHost *:{port}>\n  ServerName p.example\n  ProxyPreserveHost On\n  ProxyPass "/" "http://{a}/"\n</VirtualHost>\n<VirtualHost *:{port}>\n  ServerName n.example\n  ProxyPass "/" "http://{b}/"\n</VirtualHost>\n<VirtualHost *:{port}>\n  ServerName off.example\n  ProxyAddHeaders Off\n  ProxyPass "/" "http://{c}/"\n</VirtualHost>`,
    requests: [
      { path: '/x', host: 'p.example' },
      { path: '/x', host: 'n.example' },
      { path: '/x', host: 'n.example', headers: { 'X-Forwarded-For': '203.0.113.9' } },
      { path: '/x', host: 'off.example' },
    ],
  },
  // The way back.
  {
    name: 'ProxyPassReverse forms',
    config: `${API}\nProxyPass "/api/" "balancer://api/"\nProxyPassReverse "/api/" "balancer://api/"\nProxyPass "/plain/" "http://{c}/"\nProxyPassReverse "/plain/" "http://{c}/"`,
    requests: [
      { path: '/api/x', location: 'http://{a}/landed' },
      { path: '/api/x', location: 'http://{b}/landed' },
      { path: '/plain/x', location: 'http://{c}/landed' },
      { path: '/plain/x', location: 'http://{c}' },
      { path: '/plain/x', location: 'http://elsewhere.example/x' },
      { path: '/plain/x', location: '/relative' },
    ],
  },
  {
    name: 'ProxyPassReverse without trailing slashes',
    config: `${API}\nProxyPass "/api" "balancer://api"\nProxyPassReverse "/api" "balancer://api"\nProxyPass "/plain" "http://{c}"\nProxyPassReverse "/plain" "http://{c}"`,
    requests: [
      { path: '/api/x', location: 'http://{a}/landed' },
      { path: '/plain/x', location: 'http://{c}/landed' },
    ],
  },
  {
    name: 'ProxyPassReverseCookiePath',
    config: `ProxyPass "/app/" "http://{a}/"\nProxyPassReverse "/app/" "http://{a}/"\nProxyPassReverseCookiePath "/" "/app/"`,
    requests: [
      { path: '/app/x', cookie: 'sid=1; Path=/' },
      { path: '/app/x', cookie: 'sid=1; Path=/sub' },
      { path: '/app/x', cookie: 'sid=1' },
    ],
  },
  // Encoded slashes.
  {
    name: 'AllowEncodedSlashes and nocanon',
    config: `<VirtualHost *:{port}>\n  ServerName off.example\n  ProxyPass "/" "http://{a}/"\n</VirtualHost>\n<VirtualHost *:{port}>\n  ServerName nodecode.example\n  AllowEncodedSlashes NoDecode\n  ProxyPass "/" "http://{b}/"\n</VirtualHost>\n<VirtualHost *:{port}>\n  ServerName nocanon.example\n  AllowEncodedSlashes NoDecode\n  ProxyPass "/" "http://{c}/" nocanon\n</VirtualHost>`,
    requests: [
      { path: '/a%2Fb', host: 'off.example' },
      { path: '/a%2Fb', host: 'nodecode.example' },
      { path: '/a%2Fb', host: 'nocanon.example' },
      { path: '/a%20b', host: 'nocanon.example' },
      { path: '/a%20b', host: 'off.example' },
    ],
  },
  // Failover and 503.
  {
    name: 'members down',
    config: `<Proxy "balancer://api">\n  BalancerMember "http://{z}"\n  BalancerMember "http://{b}"\n</Proxy>\n<Proxy "balancer://dead">\n  BalancerMember "http://{z}"\n</Proxy>\nProxyPass "/api/" "balancer://api/"\nProxyPass "/dead/" "balancer://dead/"`,
    requests: paths('/api/x', '/dead/x'),
  },
  // Alias and local pages.
  {
    name: 'Alias and exclusions keep local paths local',
    config: `Alias "/static/" "/nonexistent/static/"\nProxyPass "/static/" "!"\nProxyPass "/" "http://{a}/"`,
    requests: paths('/static/a.css', '/page'),
  },
  // More of mod_rewrite.
  {
    name: 'RewriteRule flags: NC, QSA, QSD, PT, OR, negated conditions and %N',
    config: `${API}
RewriteEngine On
RewriteRule "^/CASE/(.*)$" "http://{a}/nc/$1" [P,NC]
RewriteRule "^/qsa/(.*)$" "http://{a}/qsa/$1?added=1" [P,QSA]
RewriteRule "^/noqsa/(.*)$" "http://{a}/noqsa/$1?added=1" [P]
RewriteRule "^/qsd/(.*)$" "http://{a}/qsd/$1" [P,QSD]
RewriteRule "^/pt/(.*)$" "/api/pt/$1" [PT]
RewriteCond "%{HTTP:X-A}" "=1" [OR]
RewriteCond "%{HTTP:X-B}" "=1"
RewriteRule "^/either/(.*)$" "http://{b}/either/$1" [P]
RewriteCond "%{HTTP_HOST}" "!^127\\."
RewriteRule "^/named/(.*)$" "http://{c}/named/$1" [P]
RewriteCond "%{QUERY_STRING}" "^id=(\\d+)$"
RewriteRule "^/byid$" "http://{c}/items/%1" [P]
ProxyPass "/api/" "balancer://api/"
ProxyPass "/" "http://{c}/fallback/"`,
    requests: [
      ...paths(
        '/case/x',
        '/CASE/x',
        '/qsa/x?q=1',
        '/qsa/x',
        '/noqsa/x?q=1',
        '/qsd/x?q=1',
        '/pt/x',
        '/either/x',
        '/named/x',
        '/byid?id=42',
        '/byid?id=x',
      ),
      { path: '/either/y', headers: { 'X-A': '1' } },
      { path: '/either/z', headers: { 'X-B': '1' } },
      { path: '/named/x', host: 'localhost' },
    ],
  },
  {
    name: 'RewriteOptions Inherit runs the main server rules in a virtual host',
    config: `RewriteEngine On\nRewriteRule "^/main/(.*)$" "http://{a}/from-main/$1" [P]\n<VirtualHost *:{port}>\n  ServerName v.example\n  RewriteEngine On\n  RewriteOptions Inherit\n  RewriteRule "^/own/(.*)$" "http://{b}/own/$1" [P]\n</VirtualHost>\n<VirtualHost *:{port}>\n  ServerName w.example\n  RewriteOptions Inherit\n  ProxyPass "/" "http://{c}/"\n</VirtualHost>`,
    requests: [
      { path: '/main/x', host: 'v.example' },
      { path: '/own/x', host: 'v.example' },
      { path: '/main/x', host: 'w.example' },
      { path: '/main/x' },
    ],
  },
  {
    // mod_rewrite cuts its own words (parseargline): a backslash keeps a space in a word, never
    // escapes a quote, and `\\` stays two backslashes (a literal one for PCRE).
    name: "RewriteRule and RewriteCond words as mod_rewrite reads them: '\\ ', '\\\\', '\\\"'",
    config: String.raw`RewriteEngine On
RewriteRule ^/a\ b$ http://{a}/space [P]
RewriteRule "^/q\ d$" "http://{a}/quoted" [P]
RewriteRule "^/back\\" "http://{b}/backslash" [P]
RewriteRule ^/two\\d$ http://{b}/two [P]
RewriteRule ^/slash$ "http://{b}/s\" [P]
RewriteRule ^/moved\ here$ /there [R=301,L]
RewriteRule ^/sp$ http://{b}/x\ y [P]
RewriteRule ^/rsp$ /x\ y [R=302,L]
RewriteRule '^/single\ q$' 'http://{a}/single' [P]
RewriteCond %{HTTP:X-Words} ^a\ b$
RewriteRule ^/cond$ http://{a}/cond [P]
ProxyPass / http://{c}/`,
    requests: [
      ...paths(
        '/a%20b',
        '/a',
        '/q%20d',
        '/back%5Cx',
        '/back',
        '/two%5Cd',
        '/two5',
        '/slash',
        '/moved%20here',
        '/cond',
        '/sp',
        '/rsp',
        '/single%20q',
      ),
      { path: '/cond', headers: { 'X-Words': 'a b' } },
    ],
  },
  {
    // The target's `?` is a path character to ProxyPass: it is sent encoded, before the client's query.
    name: 'ProxyPass and ProxyPassMatch targets holding a query string, with and without nocanon',
    config: `ProxyPass "/search" "http://{a}/find?src=web"\nProxyPass "/raw" "http://{b}/find?src=web" nocanon\nProxyPassMatch "^/m/(.*)$" "http://{a}/match?item=$1"\nProxyPass "/" "http://{c}/"`,
    requests: paths('/search?q=shoes', '/search/x', '/raw?q=1', '/raw/x', '/m/abc', '/m/abc?q=1'),
  },
  {
    // [B] escapes back-references (escape_backref): letters, digits and `_` stay, a space is `+` (`%20`
    // with BNP), the rest `%xx` in lower case; B=chars only those, BNE=chars never those.
    name: 'RewriteRule [B], B=chars, BNE and BNP escape back-references',
    config: `RewriteEngine On
RewriteRule "^/b/(.*)$" "http://{a}/find?q=$1" [P,B]
RewriteRule "^/bnp/(.*)$" "http://{a}/find?q=$1" [P,B,BNP]
RewriteRule "^/bl/(.*)$" "http://{a}/find?q=$1" [P,B=&]
RewriteRule "^/bne/(.*)$" "http://{a}/find?q=$1" [P,B,BNE=/]
RewriteRule "^/plain/(.*)$" "http://{a}/find?q=$1" [P]`,
    requests: paths('/b/salt%26pepper', '/b/a%20b%3Dc.d~e', '/bnp/a%20b', '/bl/a%26b%3Dc', '/bne/x/y%26z', '/plain/salt%26pepper'),
  },
  {
    // $N beyond the pattern's groups is empty, and a negated pattern captures nothing.
    name: 'RewriteRule back-references to groups the pattern does not have',
    config: `RewriteEngine On\nRewriteRule "^/(v1)/x$" "http://{b}/pos/$2-$1" [P]\nRewriteRule "!^/(static/.*)" "http://{a}/neg/$1" [P,L]`,
    requests: paths('/v1/x', '/other/page', '/static/x'),
  },
  {
    name: 'RewriteRule without RewriteEngine On never runs',
    config: `RewriteRule "^/m/(.*)$" "http://{a}/main-rule/$1" [P]\nProxyPass "/" "http://{c}/fallback/"`,
    requests: paths('/m/x'),
  },
  {
    name: 'RewriteEngine: the last line of a server wins, wherever it stands',
    config: `RewriteRule "^/m/(.*)$" "http://{a}/main-rule/$1" [P]\nRewriteEngine On\nRewriteRule "^/n/(.*)$" "http://{a}/second/$1" [P]\nProxyPass "/" "http://{c}/fallback/"`,
    requests: paths('/m/x', '/n/x'),
  },
  {
    name: 'RewriteEngine On then Off',
    config: `RewriteEngine On\nRewriteRule "^/m/(.*)$" "http://{a}/main-rule/$1" [P]\nRewriteEngine Off\nProxyPass "/" "http://{c}/fallback/"`,
    requests: paths('/m/x'),
  },
  {
    name: "a virtual host's RewriteEngine, and the main server's",
    config: `RewriteEngine On
<VirtualHost *:{port}>
  ServerName inherit.example
  RewriteRule "^/v/(.*)$" "http://{a}/vhost-rule/$1" [P]
  ProxyPass "/" "http://{c}/fallback/"
</VirtualHost>
<VirtualHost *:{port}>
  ServerName off.example
  RewriteEngine Off
  RewriteRule "^/v/(.*)$" "http://{a}/vhost-off/$1" [P]
  ProxyPass "/" "http://{c}/fallback/"
</VirtualHost>`,
    requests: [
      { path: '/v/x', host: 'inherit.example' },
      { path: '/v/x', host: 'off.example' },
    ],
  },
  {
    name: "a virtual host's own RewriteEngine On without the main server's",
    config: `RewriteRule "^/m/(.*)$" "http://{b}/main-rule/$1" [P]
<VirtualHost *:{port}>
  ServerName on.example
  RewriteEngine On
  RewriteOptions Inherit
  RewriteRule "^/v/(.*)$" "http://{a}/vhost-rule/$1" [P]
  ProxyPass "/" "http://{c}/fallback/"
</VirtualHost>`,
    requests: [
      { path: '/v/x', host: 'on.example' },
      { path: '/m/x', host: 'on.example' },
    ],
  },
  {
    // cmd_rewritecond's pattern types: string comparisons (longer is greater unless [NC]), integer
    // tests (atoi; `-ne` is a negated `-eq`), `=""`, an expression, and an [OR] chain: a true
    // condition skips the rest of its chain, and a chain that ends the list false still holds.
    name: 'RewriteCond comparisons, integer tests, expressions and [OR] chains',
    config: `RewriteEngine On
RewriteCond %{HTTP:X-V} >5
RewriteRule ^/gt$ http://{a}/gt-yes [P]
RewriteRule ^/gt$ http://{b}/gt-no [P]
RewriteCond %{HTTP:X-V} >5 [NC]
RewriteRule ^/gtnc$ http://{a}/gtnc-yes [P]
RewriteRule ^/gtnc$ http://{b}/gtnc-no [P]
RewriteCond %{HTTP:X-V} <=abc
RewriteRule ^/le$ http://{a}/le-yes [P]
RewriteRule ^/le$ http://{b}/le-no [P]
RewriteCond %{HTTP:X-V} =""
RewriteRule ^/empty$ http://{a}/empty-yes [P]
RewriteRule ^/empty$ http://{b}/empty-no [P]
RewriteCond %{HTTP:X-N} -gt10
RewriteRule ^/int$ http://{a}/int-yes [P]
RewriteRule ^/int$ http://{b}/int-no [P]
RewriteCond %{HTTP:X-N} -ne7
RewriteRule ^/ne$ http://{a}/ne-yes [P]
RewriteRule ^/ne$ http://{b}/ne-no [P]
RewriteCond %{HTTP:X-N} !-ne7
RewriteRule ^/notne$ http://{a}/notne-yes [P]
RewriteRule ^/notne$ http://{b}/notne-no [P]
RewriteCond %{HTTP:X-A} ^(a.*)$ [OR]
RewriteCond %{HTTP:X-B} ^(b.*)$
RewriteRule ^/orback$ http://{a}/or/%1 [P]
RewriteCond %{HTTP:X-T} =1 [OR]
RewriteRule ^/trail$ http://{a}/trail-yes [P]
RewriteRule ^/trail$ http://{b}/trail-no [P]
RewriteCond expr "%{HTTP:X-E} == 'yes'"
RewriteRule ^/expr$ http://{a}/expr-yes [P]
RewriteCond expr "!(%{HTTP:X-E} == 'yes')"
RewriteRule ^/expr$ http://{b}/expr-not [P]
ProxyPass / http://{c}/`,
    requests: [
      { path: '/gt', headers: { 'X-V': '10' } },
      { path: '/gt', headers: { 'X-V': '4' } },
      { path: '/gtnc', headers: { 'X-V': '10' } },
      { path: '/gtnc', headers: { 'X-V': '6' } },
      { path: '/le', headers: { 'X-V': 'abd' } },
      { path: '/le', headers: { 'X-V': 'zz' } },
      { path: '/le', headers: { 'X-V': 'abc' } },
      { path: '/empty' },
      { path: '/empty', headers: { 'X-V': 'x' } },
      { path: '/int', headers: { 'X-N': '11' } },
      { path: '/int', headers: { 'X-N': '10' } },
      { path: '/int', headers: { 'X-N': '12abc' } },
      { path: '/int' },
      { path: '/ne', headers: { 'X-N': '7' } },
      { path: '/ne', headers: { 'X-N': '8' } },
      { path: '/notne', headers: { 'X-N': '7' } },
      { path: '/notne', headers: { 'X-N': '8' } },
      { path: '/orback', headers: { 'X-A': 'a1', 'X-B': 'b1' } },
      { path: '/orback', headers: { 'X-B': 'b2' } },
      { path: '/orback' },
      { path: '/trail' },
      { path: '/trail', headers: { 'X-T': '1' } },
      { path: '/expr' },
    ],
  },
  // Sections.
  {
    name: '<LocationMatch> ProxyPass and Require all denied',
    config: `${API}\n<LocationMatch "^/v[0-9]+/">\n  ProxyPass "balancer://api/"\n</LocationMatch>\n<Location "/private/">\n  Require all denied\n</Location>\nProxyPass "/" "http://{c}/"`,
    requests: paths('/v1/x', '/v22/y/z', '/vx/y', '/private/x', '/privatex', '/z'),
  },
  {
    // A <Location> matches the decoded path: `/100%25/x` is under "/100%/", `/100%25` is not.
    name: '<Location> with a percent sign in its path, and requests that encode it',
    config: `<Location "/100%/">\n  Require all denied\n</Location>\nProxyPass "/" "http://{c}/"`,
    requests: paths('/100%25/x', '/100%25', '/100%2525/x'),
  },
  {
    name: 'an exact address virtual host comes before a wildcard one',
    config: `<VirtualHost *:{port}>\n  ServerName star.example\n  ProxyPass "/" "http://{a}/"\n</VirtualHost>\n<VirtualHost 127.0.0.1:{port}>\n  ServerName exact.example\n  ProxyPass "/" "http://{b}/"\n</VirtualHost>`,
    requests: [
      { path: '/x', host: 'star.example' },
      { path: '/x', host: 'exact.example' },
      { path: '/x', host: 'none.example' },
    ],
  },
  // Query strings and encodings.
  {
    name: 'query strings and encoded characters',
    config: `ProxyPass "/q/" "http://{a}/q/"\nProxyPass "/t/" "http://{b}/t/?fixed=1"`,
    requests: paths(
      '/q/x?a=1&b=2',
      '/q/x?',
      '/q/x?a=%20',
      '/q/a%3Fb',
      '/q/a%23b',
      '/q/%C3%A9',
      '/q/a%25b',
      '/q/a"b',
      '/q/a%22b',
      '/q/a%5Bb%5D',
      '/q/a:b@c',
      '/t/x?a=1',
      '/q/./x',
      '/q/y/../x',
      '/q//x',
    ),
  },
  {
    name: 'three members, the first one down',
    config: `<Proxy "balancer://api">\n  BalancerMember "http://{z}"\n  BalancerMember "http://{b}"\n  BalancerMember "http://{c}"\n</Proxy>\nProxyPass "/api/" "balancer://api/"\nProxyPass "/worker/" "http://{z}/"`,
    requests: paths('/api/x', '/worker/x'),
  },
  // Methods, headers passed on, statuses passed back.
  {
    name: 'methods, client headers and member statuses',
    config: `ProxyPass "/m/" "http://{a}/m/"\n<Location "/loc/">\n  ProxyPass "http://{b}/"\n  ProxyPassReverse "http://{b}/"\n  ProxyPassReverseCookieDomain "internal.example" "public.example"\n</Location>`,
    requests: [
      { path: '/m/x', method: 'POST' },
      { path: '/m/x', method: 'DELETE' },
      { path: '/m/x', method: 'PUT' },
      { path: '/m/x', method: 'OPTIONS' },
      { path: '/m/x', headers: { 'User-Agent': 'probe/1.0', Accept: 'text/html', 'X-Custom': 'a b' } },
      { path: '/m/x', headers: { 'X-Forwarded-Host': 'earlier.example', 'X-Forwarded-Server': 'edge' } },
      { path: '/m/x', status: 404 },
      { path: '/m/x', status: 500 },
      { path: '/m/x', status: 302, location: 'http://{a}/m/next' },
      { path: '/loc/x', location: 'http://{b}/next' },
      { path: '/loc/x', location: 'http://{b}' },
      { path: '/loc/x', cookie: 's=1; Domain=internal.example; Path=/' },
      { path: '/loc/x', cookie: 's=1; Domain=other.example' },
      { path: '/loc/x', status: 201 },
    ],
  },
  // RequestHeader edits (mod_headers' fixups, before mod_proxy builds the member's request).
  {
    name: 'RequestHeader set, append, merge, setifempty and unset, in a <Location> too',
    config: [
      'RequestHeader set X-Set "one"',
      'RequestHeader append X-App "two"',
      'RequestHeader add X-Add "more"',
      'RequestHeader unset X-Gone',
      'RequestHeader setifempty X-Empty "filled"',
      'RequestHeader merge X-Merge "b"',
      'RequestHeader set X-Early "e" early',
      '<Location "/h/loc/">',
      '  RequestHeader set X-Set "loc"',
      '  RequestHeader unset X-App',
      '</Location>',
      'ProxyPass "/h/" "http://{a}/"',
      '<VirtualHost *:{port}>',
      '  ServerName v.example',
      '  RequestHeader append X-Set "vhost"',
      '  ProxyPass "/h/" "http://{b}/"',
      '</VirtualHost>',
    ].join('\n'),
    requests: [
      { path: '/h/x' },
      { path: '/h/x', headers: { 'X-App': 'one', 'X-Gone': 'bye', 'X-Empty': 'full', 'X-Merge': 'a, b', 'X-Add': 'first' } },
      { path: '/h/x', headers: { 'X-Merge': 'a', 'X-Set': 'client' } },
      { path: '/h/loc/x', headers: { 'X-App': 'one', 'X-Set': 'client' } },
      { path: '/h/x', host: 'v.example' },
    ],
  },
  // Sticky sessions (find_session_route): each balancer's first request, and every routed one, is compared by member.
  {
    name: 'sticky sessions: a route in a cookie or in the URL',
    config: [
      '<Proxy "balancer://st">\n  BalancerMember "http://{a}" route=a\n  BalancerMember "http://{b}" route=b\n  BalancerMember "http://{c}" route=c status=+H\n  ProxySet stickysession=ROUTEID\n</Proxy>\nProxyPass "/st/" "balancer://st/"',
      '<Proxy "balancer://j">\n  BalancerMember "http://{a}" route=n1\n  BalancerMember "http://{b}" route=n2\n  ProxySet stickysession=JSESSIONID|jsessionid stickysessionsep=_\n</Proxy>\nProxyPass "/j/" "balancer://j/"',
      '<Proxy "balancer://off">\n  BalancerMember "http://{a}" route=a\n  BalancerMember "http://{b}" route=b status=+D\n  ProxySet stickysession=ROUTEID\n</Proxy>\nProxyPass "/off/" "balancer://off/"',
      '<Proxy "balancer://force">\n  BalancerMember "http://{a}" route=a\n  BalancerMember "http://{b}" route=b status=+D\n  ProxySet stickysession=ROUTEID nofailover=On\n</Proxy>\nProxyPass "/force/" "balancer://force/"',
    ].join('\n'),
    requests: [
      { path: '/st/x', headers: { Cookie: 'ROUTEID=.b' } },
      { path: '/st/x', headers: { Cookie: 'other=1; ROUTEID=x.c' } },
      { path: '/st/x?q=1&ROUTEID=.b&r=2', headers: { Cookie: 'ROUTEID=.c' } },
      { path: '/st/x;ROUTEID=.c' },
      { path: '/st/x', headers: { Cookie: 'ROUTEID=.zz' } },
      { path: '/j/x', headers: { Cookie: 'XJSESSIONID=abc_n2' } },
      { path: '/j/x;jsessionid=abc_n2' },
      { path: '/j/x', headers: { Cookie: 'JSESSIONID=abc_n1' } },
      { path: '/j/x', headers: { Cookie: 'JSESSIONID=abc.n2' } },
      { path: '/off/x', headers: { Cookie: 'ROUTEID=.b' } },
      { path: '/force/x', headers: { Cookie: 'ROUTEID=.b' } },
      { path: '/force/x', headers: { Cookie: 'ROUTEID=.a' } },
    ],
  },
];

/** ProxyPassReverse for a plain worker, public path and URL with and without slashes. */
const WORKER_REVERSE_CASES: TraceCase[] = ['/w', '/w/'].flatMap((fake) =>
  ['http://{a}', 'http://{a}/'].map((real) => ({
    name: `reverse: ProxyPassReverse "${fake}" "${real}" for a worker`,
    config: `ProxyPass "/w/" "http://{a}/"\nProxyPassReverse "${fake}" "${real}"`,
    requests: ['http://{a}/landed', 'http://{a}', 'http://{a}/', '/landed', 'http://other.example/'].map((location) => ({
      path: '/w/x',
      location,
    })),
  })),
);

/** ProxyPass path, balancer URL and member URL with and without their slashes: every way to get `//`. */
const SLASH_CASES: TraceCase[] = ['/api', '/api/'].flatMap((path) =>
  ['balancer://m', 'balancer://m/'].flatMap((balancer) =>
    ['', '/', '/app', '/app/'].map((memberPath) => ({
      name: `slashes: ProxyPass "${path}" "${balancer}", member "http://{a}${memberPath}"`,
      config: `<Proxy "balancer://m">\n  BalancerMember "http://{a}${memberPath}"\n</Proxy>\nProxyPass "${path}" "${balancer}"`,
      requests: paths('/api', '/api/', '/api/x', '/api//x', '/api/x/', '/api/x?y=1'),
    })),
  ),
);

/** ProxyPassReverse public path and balancer URL with and without slashes, for members with and without one. */
const REVERSE_CASES: TraceCase[] = ['/api', '/api/'].flatMap((fake) =>
  ['balancer://m', 'balancer://m/'].flatMap((real) =>
    ['', '/'].map((memberSlash) => ({
      name: `reverse: ProxyPassReverse "${fake}" "${real}", member "http://{a}${memberSlash}"`,
      config: `<Proxy "balancer://m">\n  BalancerMember "http://{a}${memberSlash}"\n</Proxy>\nProxyPass "/api/" "balancer://m/"\nProxyPassReverse "${fake}" "${real}"`,
      requests: ['http://{a}/landed', 'http://{a}', 'http://{a}/', 'http://{a}/api/x', 'http://other.example/x'].map((location) => ({
        path: '/api/x',
        location,
      })),
    })),
  ),
);

/** A client's Upgrade request: mod_proxy_http passes `Upgrade` only to a member that accepts the protocol. */
const upgrades = (path: string, ...protocols: string[]): TraceCaseRequest[] => [
  { path },
  ...protocols.map((protocol) => ({ path, headers: { Upgrade: protocol, Connection: 'Upgrade' } })),
];

const UPGRADE_CASES: TraceCase[] = [
  {
    name: 'upgrade: http members without upgrade= drop the Upgrade header',
    config: `${API}\nProxyPass "/ws/" "balancer://api/"`,
    requests: upgrades('/ws/chat', 'websocket'),
  },
  {
    name: 'upgrade: http members with upgrade=websocket take it, in any case, and nothing else',
    config: `<Proxy "balancer://api">\n  BalancerMember "http://{a}" upgrade=websocket\n  BalancerMember "http://{b}" upgrade=websocket\n</Proxy>\nProxyPass "/ws/" "balancer://api/"`,
    requests: upgrades('/ws/chat', 'websocket', 'WebSocket', 'h2c'),
  },
  {
    name: 'upgrade: ws:// members take WebSocket by default',
    config: `<Proxy "balancer://ws">\n  BalancerMember "ws://{a}"\n  BalancerMember "ws://{b}"\n</Proxy>\nProxyPass "/ws/" "balancer://ws/"`,
    requests: upgrades('/ws/chat', 'websocket', 'h2c'),
  },
  {
    name: 'upgrade: a ws:// member with upgrade= takes only what it names',
    config: `ProxyPass "/ws/" "ws://{a}/" upgrade=h2c`,
    requests: upgrades('/ws/chat', 'websocket', 'h2c'),
  },
  {
    name: 'upgrade: upgrade=* and upgrade=ANY take any protocol; a list takes each of its tokens',
    config: `ProxyPass "/any/" "http://{a}/" upgrade=*\nProxyPass "/named/" "http://{b}/" upgrade=ANY\nProxyPass "/list/" "http://{c}/" upgrade=h2c,websocket`,
    requests: [...upgrades('/any/x', 'foo'), ...upgrades('/named/x', 'foo'), ...upgrades('/list/x', 'websocket', 'h2c', 'foo')],
  },
];

/** A balancer whose only member nothing listens on, and a folder of pages Debian's apache2 package ships. */
const DEAD = `<Proxy "balancer://dead">\n  BalancerMember "http://{z}"\n</Proxy>`;
const PAGES = 'Alias "/pages/" "/usr/share/apache2/default-site/"';

const ERROR_DOCUMENT_CASES: TraceCase[] = [
  {
    name: 'ErrorDocument: a local page for a dead balancer, kept out of the proxy',
    config: `${DEAD}\n${PAGES}\nErrorDocument 503 "/pages/index.html"\nProxyPass "/pages/" "!"\nProxyPass "/" "balancer://dead/"`,
    requests: paths('/app/x', '/pages/index.html'),
  },
  {
    name: 'ErrorDocument: a local page the proxy takes back to the dead balancer',
    config: `${DEAD}\n${PAGES}\nErrorDocument 503 "/pages/index.html"\nProxyPass "/" "balancer://dead/"`,
    requests: paths('/app/x'),
  },
  {
    name: 'ErrorDocument: a page a live member serves, for a dead balancer',
    config: `${DEAD}\nErrorDocument 503 "/live/sorry"\nProxyPass "/live/" "http://{a}/"\nProxyPass "/" "balancer://dead/"`,
    requests: paths('/app/x'),
  },
  {
    name: 'ErrorDocument: a full URL is a redirect, a message keeps the status',
    config: `${DEAD}\nErrorDocument 503 "http://status.example/down"\nErrorDocument 403 "Sorry, not here"\nRewriteEngine On\nRewriteRule "^/forbidden" "-" [F]\nProxyPass "/" "balancer://dead/"`,
    requests: paths('/app/x', '/forbidden'),
  },
  {
    name: 'ErrorDocument: in a virtual host, over the main server',
    config: `${DEAD}\nErrorDocument 503 "http://main.example/down"\n<VirtualHost *:{port}>\n  ServerName vhost.example\n  ErrorDocument 503 "http://vhost.example/down"\n  ProxyPass "/" "balancer://dead/"\n</VirtualHost>`,
    requests: [{ path: '/app/x', host: 'vhost.example' }],
  },
  {
    name: "ProxyErrorOverride On: the member's error is Apache's own, with its ErrorDocument",
    config: `${API}\n${PAGES}\nProxyErrorOverride On\nErrorDocument 404 "/pages/index.html"\nProxyPass "/pages/" "!"\nProxyPass "/" "balancer://api/"`,
    requests: [
      { path: '/app/x', status: 404 },
      { path: '/app/y', status: 500 },
      { path: '/app/z', status: 302, location: 'http://{a}/landed' },
    ],
  },
  {
    name: 'ProxyErrorOverride with codes: only those are overridden',
    config: `${API}\n${PAGES}\nProxyErrorOverride On 500 503\nErrorDocument 404 "/pages/index.html"\nErrorDocument 500 "/pages/index.html"\nProxyPass "/pages/" "!"\nProxyPass "/" "balancer://api/"`,
    requests: [
      { path: '/app/x', status: 404 },
      { path: '/app/y', status: 500 },
    ],
  },
  {
    name: "ProxyErrorOverride Off: the member's error page reaches the client",
    config: `${API}\n${PAGES}\nErrorDocument 404 "/pages/index.html"\nProxyPass "/pages/" "!"\nProxyPass "/" "balancer://api/"`,
    requests: [{ path: '/app/x', status: 404 }],
  },
];

/** Every case, generated ones after the written ones. */
/** What the random configurations of trace.test.ts found, each as a case of its own. */
const FOUND_AT_RANDOM: TraceCase[] = [
  {
    name: 'a path that climbs above the root, with dots or encoded dots, is refused with 400 (AH10244)',
    config: `${API}\nProxyPass "/" "balancer://api/"`,
    requests: paths('/app/../..', '/..', '/%2e%2e/x', '/app/%2e%2e/x', '/a/.%2e/b', '/a/%2E/b', '/a/..%2fb', '/a%zz'),
  },
  {
    name: '[P,NE] sends the rewritten URL as it is, with the query string; a decoded space in it is refused with 403 (AH10415)',
    config: `${API}\nRewriteEngine On\nRewriteRule "^/m/(.*)$" "balancer://api/r/$1" [P,NE]`,
    requests: paths('/m/a%20b', '/m/x?q=1', '/m/a%2Bb', '/m/a%7E'),
  },
  {
    name: '[P] with a decoded space in the query string it makes is refused with 403',
    config: `${API}\nRewriteEngine On\nRewriteRule "^/s/(.*)$" "balancer://api/find?q=$1" [P]`,
    requests: paths('/s/a%20b', '/s/ab'),
  },
  {
    name: 'AllowEncodedSlashes NoDecode: a <Location> that applies makes mod_proxy encode %2F again',
    config: `AllowEncodedSlashes NoDecode\n${API}\nProxyPass "/" "balancer://api/"\n<Location "/loc/">\n  Options None\n</Location>`,
    requests: paths('/loc/a%2Fb', '/top/a%2Fb'),
  },
  {
    name: "the main server's ProxyPass reaches a virtual host with both inherit switches off, but its balancer does not: 500",
    config: `${API}\nProxyPass "/s/" "balancer://api/"\n<VirtualHost *:{port}>\n  ServerName x.test\n  BalancerInherit Off\n  ProxyPassInherit Off\n</VirtualHost>`,
    requests: [{ path: '/s/a', host: 'x.test' }, { path: '/s/a' }],
  },
];

export const ALL_CASES: readonly TraceCase[] = [
  ...CASES,
  ...SLASH_CASES,
  ...REVERSE_CASES,
  ...WORKER_REVERSE_CASES,
  ...UPGRADE_CASES,
  ...ERROR_DOCUMENT_CASES,
  ...FOUND_AT_RANDOM,
];
