// The Header and RequestHeader lines whose verdicts test/apache/header-arguments.test.ts checks against
// `apache2 -t` on every run, with the linter reading the same file: mod_headers' header_cmd,
// header_inout_cmd and parse_format_string. Recorded from Apache/2.4.71 (Debian).
import type { ArgumentLines } from './argument-lines';

const ACTIONS = "first argument must be 'add', 'set', 'setifempty', 'append', 'merge', 'unset', 'echo', 'note', 'edit', or 'edit*'.";
const MISSING_ENV = 'error: missing environment variable name. envclause should be in the form env=envar';

/** Lines after mod_headers is loaded: undefined where Apache accepts the line, else its words. */
export const LINES: ArgumentLines = [
  // the action, `always`/`onsuccess` first on Header only, any case
  ['Header set X-A "1"', undefined],
  ['Header always set X-A "1"', undefined],
  ['Header onsuccess set X-A "1"', undefined],
  ['Header ALWAYS SET X-A "1"', undefined],
  ['Header replace X-A "1"', ACTIONS],
  ['Header', ACTIONS],
  ['RequestHeader always set X-A "1"', ACTIONS],
  ['Header setifempty X-A 1', undefined],
  ['Header merge X-A 1', undefined],
  ['Header append X-A 1', undefined],
  ['Header add X-A 1', undefined],
  ['Header note X-A n', undefined],
  // how many words
  ['Header set X-A', 'Header requires three arguments'],
  ['Header set', 'Header requires three arguments'],
  ['Header note X-A', 'Header requires three arguments'],
  ['Header set X-A "1" env=A extra', 'Too many arguments to directive'],
  ['Header set X-A "1" env=A extra more', 'Header has too many arguments'],
  ['Header unset X-A', undefined],
  ['Header unset X-A env=A', undefined],
  ['Header unset X-A env=A extra', 'header unset takes two arguments'],
  ['Header echo ^X- env=A', undefined],
  ['Header echo ^X- env=A more', 'Header echo takes two arguments'],
  ['RequestHeader echo ^X-', 'Header echo only valid on Header directives'],
  // the condition
  ['Header set X-A "1" early', undefined],
  ['RequestHeader unset X-A early', undefined],
  ['Header set X-A "1" env=HTTPS', undefined],
  ['Header set X-A "1" env=!HTTPS', undefined],
  ['Header set X-A "1" env=', MISSING_ENV],
  ['Header set X-A "1" env=!', MISSING_ENV],
  ['Header set X-A "1" sometimes', 'Unknown parameter: sometimes'],
  ['Header unset X-A always', 'Unknown parameter: always'],
  ['Header edit X-A ^a b sometimes', 'Unknown parameter: sometimes'],
  ['Header set X-A "1" "expr=%{REQUEST_URI} =~ m#^/a#"', undefined],
  ['Header set X-A "1" "expr=%{REQUEST_URI} =~ /(/"', "Can't parse envclause/expression: Failed to compile regular expression"],
  ['Header set X-A "1" "expr=%{FOO} == 1"', "Can't parse envclause/expression: Variable 'FOO' does not exist"],
  ['Header set X-A "1" "expr=true &&"', "Can't parse envclause/expression: syntax error, unexpected $end"],
  ['RequestHeader set X-A "1" "expr=%{REQUEST_URI} =~ /(/"', "Can't parse envclause/expression: Failed to compile regular expression"],
  // edit and echo patterns
  ['Header echo ^X-', undefined],
  ['Header echo ^X-(', 'Header echo regex could not be compiled'],
  ['Header edit X-A ^a b', undefined],
  ['Header edit* X-A ^a b env=A', undefined],
  ['Header edit X-A ^a', 'Header edit requires a match and a substitution'],
  ['Header edit X-A ^(a b', 'Header edit regex could not be compiled'],
  // format tags of the value (of the replacement for edit)
  ['Header set X-A "%D %t %e %s %l %i %b %% 100%"', undefined],
  ['Header set X-A "%{FOO}e"', undefined],
  ['Header set X-A "a\\%D"', undefined],
  ['Header set X-A "expr=%{REQUEST_URI}"', undefined],
  ['Header set X-A "%{FOO}x"', 'Unrecognized header format %x'],
  ['Header set X-A "%x"', 'Unrecognized header format %x'],
  ['Header set X-A "%E"', 'Unrecognized header format %E'],
  ['Header set X-A "%{FOO}"', 'Unrecognized header format %'],
  ['Header edit X-A ^a "%q"', 'Unrecognized header format %q'],
  ['RequestHeader set X-A "%{FOO}x"', 'Unrecognized header format %x'],
];
