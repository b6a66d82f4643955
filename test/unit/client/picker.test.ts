/** The Show Schedule picker's rows (client/src/picker.ts), from the server's real outline. */
import assert from 'node:assert/strict';
import { pickerRows } from '../../../client/src/picker';
import { analyze } from '../../../server/src/core/analysis';
import { documentSymbols, DocumentSymbol } from '../../../server/src/core/features/symbols';

const TEXT = [
  '<Proxy "balancer://shop">',
  '    BalancerMember "http://10.0.0.1:8080" loadfactor=70',
  '    BalancerMember "http://10.0.0.2:8080" loadfactor=30',
  '    BalancerMember "http://10.0.0.3:8080" lbset=1',
  '</Proxy>',
  '<VirtualHost *:80>',
  '<Proxy "balancer://api">',
  '    BalancerMember "http://10.0.1.1:9000"',
  '</Proxy>',
  '</VirtualHost>',
  '',
].join('\n');

describe('Show Schedule picker', () => {
  it("gives each balancer its file and line, its members and their shares in the outline's words", () => {
    const analysis = analyze(TEXT, { epochSeconds: 1_800_000_000 });
    const line = (offset: number): number => TEXT.slice(0, offset).split('\n').length - 1;
    const outline = (symbol: DocumentSymbol): Parameters<typeof pickerRows>[0][number] => ({
      name: symbol.name,
      detail: symbol.detail,
      line: line(symbol.span.start),
      children: symbol.children.map(outline),
    });
    const rows = pickerRows(documentSymbols(analysis).map(outline), 'sites-enabled/shop.conf');
    assert.deepEqual(rows, [
      {
        label: 'balancer://shop',
        description: 'sites-enabled/shop.conf:1 · 3 members',
        detail: 'a 70.0% · b 30.0% · c failover tier: takes over when lbset 0 has no usable member',
        balancer: 'balancer://shop',
      },
      { label: 'balancer://api', description: 'sites-enabled/shop.conf:7 · 1 member', detail: 'a 100.0%', balancer: 'balancer://api' },
    ]);
  });

  it('counts the members past the eighth', () => {
    const members = Array.from({ length: 10 }, (_, index) => ({
      name: `http://m${index}`,
      detail: '10.0%',
      line: index + 1,
      children: [],
    }));
    const [row] = pickerRows([{ name: 'balancer://big', detail: '10 members', line: 0, children: members }], 'a.conf');
    assert.match(row!.detail, /^a 10\.0% · b 10\.0% .* h 10\.0% · … 2 more$/);
  });
});
