// RewriteRule and RewriteCond arguments on a real Apache: for each line of the table in
// test/apache/rewrite-arguments.ts, `apache2 -t` must give the table's verdict and words, on that
// line, and the linter, reading the same complete file, must agree: an invalid-directive-argument
// error on that line quoting Apache's words where Apache refuses, no error at all where it accepts
// (docs/apache-semantics.md, "parseargline and cmd_parseflagfield").
import { describeArgumentLines } from './argument-lines';
import { LINES } from './rewrite-arguments';

describeArgumentLines(
  'real Apache: RewriteRule and RewriteCond arguments (apache2 -t) agree with invalid-directive-argument',
  'rewrite',
  ['mpm_event', 'authz_core', 'rewrite'],
  LINES,
  (line) => line.startsWith('Rewrite'),
);
