import { ruleTable } from '../../support/rules';

// "%{SERVER_PROTOCOL}e" reaches the member as "(null)": checked on Apache/2.4.71 (test/apache/request-mistakes.test.ts, headers).
ruleTable('header-variable-unset', [
  [
    'RequestHeader set X-Forwarded-Proto [["%{SERVER_PROTOCOL}e"]]',
    {
      says: ['%{SERVER_PROTOCOL}e is set only for CGI scripts', '(null)', 'expr=%{SERVER_PROTOCOL}'],
      fixed: 'RequestHeader set X-Forwarded-Proto "expr=%{SERVER_PROTOCOL}"',
      safe: true,
    },
  ],
  ['RequestHeader set X-Forwarded-Port [[%{server_port}e]]', { fixed: 'RequestHeader set X-Forwarded-Port "expr=%{SERVER_PORT}"' }],
  ['Header set X-Where [["at %{REMOTE_ADDR}e"]]', { noFix: true }],
  // near misses: read with expr=, set by the configuration, or not a CGI variable
  ['RequestHeader set X-Forwarded-Proto "expr=%{REQUEST_SCHEME}"'],
  ['SetEnvIf Host . REQUEST_SCHEME=https\nRequestHeader set X-Forwarded-Proto "%{REQUEST_SCHEME}e"'],
  ['RewriteRule .* - [E=SERVER_PORT:443]\nRequestHeader set X-Forwarded-Port "%{SERVER_PORT}e"'],
  ['RequestHeader set X-Client "%{HTTPS}e"'],
  ['RequestHeader set X-Request-Start "t=%t %D"'],
]);
