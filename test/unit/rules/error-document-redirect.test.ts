import { ruleTable } from '../../support/rules';

// A full URL turns the error into a 302: checked on Apache/2.4.71 (test/apache/request-mistakes.test.ts, access).
ruleTable('error-document-redirect', [
  [
    'ErrorDocument 503 [["http://127.0.0.1/maintenance.html"]]',
    {
      says: ['the client gets a 302 redirect to "http://127.0.0.1/maintenance.html" instead of status 503'],
    },
  ],
  ['ErrorDocument 401 [[https://login.example.com/]]'],
  // near misses
  ['ErrorDocument 503 /errors/503.html'],
  ['ErrorDocument 503 "Back soon"'],
]);
