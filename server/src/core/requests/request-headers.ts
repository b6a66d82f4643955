/**
 * mod_headers' `RequestHeader` edits of the request's headers, before mod_proxy builds what the
 * member receives (they run in the fixups phase, after the URL is mapped): `set`, `setifempty`,
 * `append`, `add`, `merge` and `unset` as its header table operations do them, in merge order.
 * A value with format tags (`%{VAR}e`, `%t`) is kept as written and a condition (`env=`, `expr=`)
 * is not evaluated: the steps say what was assumed. `edit` is not modelled and says so.
 */
import { asciiLower } from '../ascii';
import type { Directive } from '../syntax/tree';
import type { TraceStep } from './request';

/** A header as the table holds it: its name as first written, and its value. */
type Header = readonly [name: string, value: string];

/** The headers after each `RequestHeader` line in `lines` (in the order Apache merges them). */
export function editRequestHeaders(headers: readonly Header[], lines: readonly Directive[], steps: TraceStep[]): Header[] {
  let table: Header[] = [...headers];
  for (const line of lines) {
    const words = line.args.map((word) => word.value);
    const action = asciiLower(words[0] ?? '');
    const name = words[1];
    if (name === undefined) continue;
    const lower = asciiLower(name);
    const hasValue = action !== 'unset';
    const value = hasValue ? words[2] : undefined;
    const condition = words[hasValue ? 3 : 2];
    if (condition !== undefined && asciiLower(condition) !== 'early') {
      steps.push({ what: `RequestHeader ${words[0]} ${name}: assumes its condition ${condition} does not hold`, span: line.span });
      continue;
    }
    if (hasValue && value === undefined) continue;
    if (value !== undefined && /%[^%]/.test(value.replace(/%%/g, '')))
      steps.push({ what: `RequestHeader ${words[0]} ${name}: format tags in "${value}" are shown as written`, span: line.span });
    const at = table.findIndex(([each]) => asciiLower(each) === lower);
    const existing = at < 0 ? undefined : table[at]![1];
    const others = table.filter(([each]) => asciiLower(each) !== lower);
    let what: string;
    switch (action) {
      case 'set':
        table = at < 0 ? [...table, [name, value!]] : replaceAt(others, at, [name, value!], table);
        what = `sets ${name}: ${value}`;
        break;
      case 'setifempty':
        if (at >= 0) continue;
        table = [...table, [name, value!]];
        what = `sets ${name}: ${value} (it was absent)`;
        break;
      case 'append':
      case 'add':
        // apr_table_mergen joins into the first one; a second header line of the same name reaches the member joined too.
        table =
          at < 0
            ? [...table, [name, value!]]
            : table.map((header, index) => (index === at ? [header[0], `${existing}, ${value}`] : header));
        what = `appends ${value} to ${name}`;
        break;
      case 'merge':
        if (existing !== undefined && hasToken(existing, value!)) continue;
        table =
          at < 0
            ? [...table, [name, value!]]
            : table.map((header, index) => (index === at ? [header[0], `${existing}, ${value}`] : header));
        what = `merges ${value} into ${name}`;
        break;
      case 'unset':
        if (at < 0) continue;
        table = others;
        what = `removes ${name}`;
        break;
      default:
        steps.push({ what: `RequestHeader ${words[0]} ${name} is not modelled: the headers are shown without it`, span: line.span });
        continue;
    }
    steps.push({ what: `RequestHeader ${what}`, span: line.span });
  }
  return table;
}

/** The table with every header of that name gone and `header` where the first one was (apr_table_setn). */
function replaceAt(others: readonly Header[], at: number, header: Header, table: readonly Header[]): Header[] {
  const before = table.slice(0, at).filter(([each]) => asciiLower(each) !== asciiLower(header[0])).length;
  return [...others.slice(0, before), header, ...others.slice(before)];
}

/** Whether a comma-separated value holds `token` exactly (mod_headers' merge: quoted commas do not split). */
function hasToken(value: string, token: string): boolean {
  let at = 0;
  while (at < value.length) {
    while (/\s/.test(value[at] ?? '')) at++;
    const start = at;
    while (at < value.length && value[at] !== ',') {
      if (value[at++] === '"') while (at < value.length && value[at++] !== '"');
    }
    if (value.slice(start, at) === token) return true;
    at++;
  }
  return false;
}
