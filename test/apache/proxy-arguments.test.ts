// mod_proxy's one-value and cookie directives on a real Apache: for each line of the table in
// test/apache/proxy-arguments.ts, `apache2 -t` must give the table's verdict and words, on that line,
// and the linter, reading the same complete file, must agree (invalid-directive-argument;
// docs/apache-semantics.md, "mod_proxy's values").
import { describeArgumentLines } from './argument-lines';
import { LINES } from './proxy-arguments';

describeArgumentLines(
  'real Apache: mod_proxy directive values (apache2 -t) agree with invalid-directive-argument',
  'proxy-values',
  ['mpm_event', 'authz_core', 'proxy', 'socache_shmcb', 'ssl'],
  LINES,
  (line) => line.trim() !== '',
);
