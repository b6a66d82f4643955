import { ruleTable } from '../../support/rules';

// A member given by IP, with a certificate for "localhost": 500 and AH00898 "Error during SSL
// Handshake with remote server"; by name, or with SSLProxyCheckPeerName Off, 200 (Apache 2.4.71,
// a loopback node https backend, test/apache/third-pass.test.ts).
const PASS = '\nProxyPass "/" "balancer://shop/"\nProxyPassReverse "/" "balancer://shop/"';

ruleTable('tls-member-by-ip', [
  [
    `SSLProxyEngine On\n<Proxy "balancer://shop">\n    BalancerMember [["https://10.0.0.1:8443"]]\n</Proxy>${PASS}`,
    { says: ['a certificate names a host, not an IP', 'name it by host'], noFix: true },
  ],
  [
    `<VirtualHost *:443>\nSSLProxyEngine On\n<Proxy balancer://shop>\nBalancerMember [[wss://[::1]]]\nBalancerMember [[https://192.168.1.20/app]]\n</Proxy>\n</VirtualHost>`,
  ],
  // another virtual host's SSLProxyCheckPeerName Off does not count
  [`<VirtualHost *:81>\nSSLProxyCheckPeerName Off\n</VirtualHost>\n<Proxy balancer://shop>\nBalancerMember [[https://10.0.0.1]]\n</Proxy>`],
  // near misses
  [`SSLProxyEngine On\n<Proxy "balancer://shop">\n    BalancerMember "https://app1.example.com:8443"\n</Proxy>${PASS}`],
  [`SSLProxyEngine On\nSSLProxyCheckPeerName off\n<Proxy balancer://shop>\nBalancerMember https://10.0.0.1:8443\n</Proxy>`],
  ['<VirtualHost *:443>\nSSLProxyCheckPeerName Off\n<Proxy balancer://shop>\nBalancerMember https://10.0.0.1\n</Proxy>\n</VirtualHost>'],
  ['<Proxy balancer://shop>\nBalancerMember http://10.0.0.1:8080\nBalancerMember ajp://10.0.0.2:8009\n</Proxy>'],
  ['<Proxy balancer://shop>\nBalancerMember https://10.example.com\n</Proxy>'],
]);
