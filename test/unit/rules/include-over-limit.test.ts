import { ruleTable } from '../../support/rules';

// Apache reads every file an include names; balancer-lens stops at its own limits (file size,
// folder depth, include count, a 16 MiB line) and says what it left unread (an info finding that
// marks the run incomplete). The in-memory file access answers for a large or pseudo file as the
// CLI's does.
const ROOT = '/etc/apache2/';
const at = (files: Record<string, string | { bytes: number; limit: number } | { type: string; isPseudo: boolean }>) => ({
  path: `${ROOT}apache2.conf`,
  files: { [`${ROOT}ports.conf`]: '', ...files },
});
/** Defines ${A13} as 8 MiB of text by doubling a 1 KiB value. */
const DOUBLING = `Define A0 ${'x'.repeat(1024)}\n${Array.from({ length: 13 }, (_, i) => `Define A${i + 1} \${A${i}}\${A${i}}\n`).join('')}`;
const DEEP = `${ROOT}d/${Array.from({ length: 34 }, () => 'x').join('/')}/a.conf`;

ruleTable('include-over-limit', [
  [
    '[[Include big.conf]]\n',
    {
      ...at({ [`${ROOT}big.conf`]: { bytes: 20_000_000, limit: 10_000_000 } }),
      says: ['"/etc/apache2/big.conf" is 19.1 MB, more than the 9.5 MB a file may have, so it is not read', '(--max-size)'],
      noFix: true,
    },
  ],
  [
    '[[Include /proc/self/status]]\n',
    {
      ...at({ '/proc/self/status': { type: 'a file of the proc file system', isPseudo: true } }),
      says: ['"/proc/self/status" is a file of the proc file system, which may never end or may block, so it is not read'],
    },
  ],
  [
    '[[Include d/]]\n',
    {
      ...at({ [DEEP]: 'ServerName a\n' }),
      says: ['this include reaches folders more than 32 levels below the folder it names, which are not read', '(--max-directory-depth)'],
    },
  ],
  // the second 8 MiB value would make the line longer than 16 MiB: it stays as written (one finding per line)
  [
    `${DOUBLING}ServerName \${A13}[[\${A13}]]\${A13}\n`,
    { says: ['"${A13}" is left as written: its value would make a line over 16.0 MB'] },
  ],
  // near misses
  ['Include d/\n', at({ [`${ROOT}d/x/a.conf`]: 'ServerName a\n' })],
  [`${DOUBLING}ServerName \${A13}\${A12}\n`], // 12 MiB
  ['Include /var/www/\n'], // a fragment without file access: includes are not followed
]);
