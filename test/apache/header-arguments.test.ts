// Header and RequestHeader arguments on a real Apache: for each line of the table in
// test/apache/header-arguments.ts, `apache2 -t` must give the table's verdict and words, on that line,
// and the linter, reading the same complete file, must agree (invalid-directive-argument; docs/apache-semantics.md,
// "Header and RequestHeader").
import { describeArgumentLines } from './argument-lines';
import { LINES } from './header-arguments';

describeArgumentLines(
  'real Apache: Header and RequestHeader arguments (apache2 -t) agree with invalid-directive-argument',
  'headers',
  ['mpm_event', 'authz_core', 'headers'],
  LINES,
  (line) => /^(Request)?Header\b/.test(line),
);
