import { ruleTable } from '../../support/rules';

// SSLProxyVerify require without authorities fails every handshake (500): checked on Apache/2.4.71
// (test/apache/request-mistakes.test.ts, tls).
const M = '<Proxy balancer://app>\n    BalancerMember https://app1.example.com\n</Proxy>\nProxyPass / balancer://app/\n';

ruleTable('tls-verify-without-ca', [
  [`SSLProxyEngine On\n[[SSLProxyVerify require]]\n${M}`, { says: ['no SSLProxyCACertificateFile or SSLProxyCACertificatePath', '500'] }],
  [`<VirtualHost *:443>\n    SSLProxyEngine On\n    [[SSLProxyVerify require]]\n</VirtualHost>\n${M}`],
  // near misses
  [`SSLProxyEngine On\nSSLProxyVerify require\nSSLProxyCACertificateFile /etc/ssl/certs/ca-certificates.crt\n${M}`],
  [`SSLProxyCACertificatePath /etc/ssl/certs\n<VirtualHost *:443>\n    SSLProxyVerify require\n</VirtualHost>\n${M}`],
  [`SSLProxyEngine On\nSSLProxyVerify none\n${M}`],
]);
