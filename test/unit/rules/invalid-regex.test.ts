import { ruleTable } from '../../support/rules';

// Apache compiles these patterns with PCRE2 while reading and refuses one that does not compile,
// each handler in its own words (docs/apache-semantics.md, ap_pregcomp; test/apache/fidelity.test.ts).
ruleTable('invalid-regex', [
  [
    '<LocationMatch [["^/(api|app"]]>\n</LocationMatch>',
    {
      says: ['regular expression "^/(api|app" does not compile in PCRE: missing closing parenthesis (at character 11)'],
      noFix: true,
      // A <LocationMatch> Apache cannot compile is not one of a balancer's lines.
      refuses: [],
    },
  ],
  ['ProxyPassMatch [["^/x("]] http://h/', { says: ['missing closing parenthesis'] }],
  ['ProxyPass ~ [[^/x(]] http://h/', { says: ['"^/x("'] }],
  ['<Location "*.php">\n    [[ProxyPass]] http://h/\n</Location>', { says: ['"*.php"', 'quantifier does not follow a repeatable item'] }],
  ['<ProxyMatch [["proxy:("]]>\n</ProxyMatch>', { says: ['"("'] }],
  ['<Files ~ [["("]]>\n</Files>', { says: ['"("'] }],
  ['RewriteRule [["!^/x("]] /y', { says: ['"^/x("'] }],
  // mod_rewrite's own words (parseargline): a backslash keeps a space in the pattern (test/apache/rewrite-arguments.ts)
  ['RewriteRule [[^/(a\\ b]] c', { says: ['regular expression "^/(a\\ b" does not compile'] }],
  ['RewriteRule ^/a\\ b c\nRewriteCond %{HTTP_HOST} ^a\\ b'],
  ['RewriteCond %{REQUEST_URI} [[[]]\nRewriteRule ^ -', { says: ['missing terminating ] for character class'] }],
  ['RedirectMatch 301 [[(]] /y', { says: ['"("'] }],
  ['SetEnvIf Request_URI [[a{3,2}]] x', { says: ['numbers out of order in {} quantifier'] }],
  ['BrowserMatch [[\\y]] x', { says: ['unrecognized character follows \\'] }],
  // near misses: PCRE syntax JavaScript refuses, and patterns that are not regexes
  ['<LocationMatch "^/(?i)api/x++\\Q(\\E[a[:alpha:]b]">\n</LocationMatch>'],
  ['<Location "/x*">\n</Location>\n<Location "/y">\n    ProxyPassMatch http://h/\n</Location>'],
  ['RewriteCond %{REQUEST_URI} "=(x"\nRewriteCond %{REQUEST_FILENAME} !-f\nRewriteCond expr "%{REQUEST_URI} =~ /x/"\nRewriteRule ^ -'],
  // cmd_rewritecond's pattern types: `-lt`, `-ne`… take any text after them; `-H` and `-f(` are regexes
  ['RewriteCond %{HTTP:X-N} -lt(\nRewriteCond %{HTTP:X-N} !-ne[\nRewriteRule ^ -'],
  ['RewriteCond %{HTTP:X-N} [[-H(]]\nRewriteRule ^ -', { says: ['"-H("'] }],
  ['RewriteCond %{HTTP:X-N} [[!-f(]]\nRewriteRule ^ -', { says: ['"-f("'] }],
  ['<Proxy "~">\n</Proxy>\nProxyPass /x(y http://h/\nRedirectMatch permanent ^/a /b'],
  ['<IfModule !proxy_module>\n<LocationMatch "(">\n</LocationMatch>\n</IfModule>'],
]);
