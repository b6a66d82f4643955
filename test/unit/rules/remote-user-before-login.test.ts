import { ruleTable } from '../../support/rules';

// The member receives "(null)" for a user read before the login: checked on Apache/2.4.71
// (test/apache/request-mistakes.test.ts, headers).
ruleTable('remote-user-before-login', [
  // mod_rewrite's own words (parseargline, test/apache/trace-cases.ts): a backslash keeps a space in a word
  [
    'RewriteEngine On\nRewriteCond [[%{HTTP:X-Team}\\ %{REMOTE_USER}]] ^a\\ b$\nRewriteRule .* - [F]',
    { fixed: 'RewriteEngine On\nRewriteCond %{HTTP:X-Team}\\ %{LA-U:REMOTE_USER} ^a\\ b$\nRewriteRule .* - [F]' },
  ],
  [
    'RewriteEngine On\nRewriteCond [[%{REMOTE_USER}]] (.+)\nRewriteRule .* - [E=RU:%1]',
    {
      says: ['%{REMOTE_USER} is empty here', '%{LA-U:REMOTE_USER}'],
      fixed: 'RewriteEngine On\nRewriteCond %{LA-U:REMOTE_USER} (.+)\nRewriteRule .* - [E=RU:%1]',
      safe: true,
    },
  ],
  ['<VirtualHost *:80>\n    RewriteCond [["%{remote_user}"]] ^admin$\n    RewriteRule .* - [F]\n</VirtualHost>'],
  // near misses: after the login (directory context), or already looking ahead
  ['<Directory /srv>\n    RewriteCond %{REMOTE_USER} (.+)\n    RewriteRule .* - [E=RU:%1]\n</Directory>'],
  ['RewriteCond %{LA-U:REMOTE_USER} (.+)\nRewriteRule .* - [E=RU:%1]'],
]);
