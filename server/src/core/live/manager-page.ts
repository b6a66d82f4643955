/**
 * Apache 2.4's balancer-manager page read back into data (docs/apache-semantics.md, balancer_handler):
 * the HTML of `balancer_display_page`, and its XML form (`?xml=1`, which Apache serves only to a
 * request whose Referer names the server). A plain scan with indexOf, linear in the page; a page
 * that is not a balancer-manager gives an error, never a guess.
 */
import { STATUS_BITS } from '../model/params';

/** One member as the running server shows it. */
export interface LiveMember {
  /** The worker's name as Apache prints it (`http://127.0.0.1:8080`, `http://h/app/`). */
  readonly name: string;
  readonly route: string;
  readonly redirect: string;
  /** The loadfactor ×100, as Apache stores it (the page shows it with two decimals). */
  readonly lbfactor: number;
  readonly lbset: number;
  /** The status words as printed: `Init Dis Ok`. */
  readonly statusText: string;
  /** Bitmask of STATUS_BITS read from the status words. */
  readonly status: number;
  /** The page says `Ok`: initialised and none of the flags that keep it out. */
  readonly isUsable: boolean;
  /** Requests the member was chosen for since the shared memory was made. */
  readonly elected: number;
  readonly busy: number;
  /** lbstatus, the byrequests counter. */
  readonly load: number;
  /** Bytes to and from the member, as the page prints them (`1.0K`). */
  readonly sent: string;
  readonly received: string;
}

/** One balancer as the running server shows it. */
export interface LiveBalancer {
  /** `balancer://name`, lower case as Apache stores it. */
  readonly name: string;
  readonly lbmethod: string;
  /** The stickysession names, or undefined when none. */
  readonly stickysession: string | undefined;
  readonly members: readonly LiveMember[];
}

/** What a balancer-manager page says. */
export interface ManagerPage {
  readonly form: 'html' | 'xml';
  /** `Apache/2.4.71 (Debian)`, when the page says. */
  readonly serverVersion: string | undefined;
  /** BalancerPersist as the page says (`Balancer changes will [NOT] be persisted on restart`); undefined in the XML form. */
  readonly persist: boolean | undefined;
  readonly balancers: readonly LiveBalancer[];
}

/** A page read, or why it cannot be. */
export type PageResult = { readonly page: ManagerPage } | { readonly error: string };

/** The status words of ap_proxy_parse_wstatus (proxy_wstat_tbl), by the bit each stands for. */
const STATUS_WORDS: Readonly<Record<string, number>> = {
  Init: STATUS_BITS.O,
  Ign: STATUS_BITS.I,
  Drn: STATUS_BITS.N,
  Gen: STATUS_BITS.G,
  Shut: STATUS_BITS.U,
  Dis: STATUS_BITS.D,
  Stop: STATUS_BITS.S,
  Err: STATUS_BITS.E,
  Stby: STATUS_BITS.H,
  Spar: STATUS_BITS.R,
  Free: STATUS_BITS.F,
  HcFl: STATUS_BITS.C,
};

/** The status word Apache prints for a status letter (`D` → `Dis`). */
export function statusWord(bit: number): string {
  return Object.keys(STATUS_WORDS).find((word) => STATUS_WORDS[word] === bit) ?? '?';
}

/** Reads a balancer-manager page, HTML or XML; anything else is an error saying what it is. */
export function parseManagerPage(text: string): PageResult {
  const start = text.slice(0, 512).trimStart();
  if (start.startsWith('<?xml') || text.includes('<httpd:manager')) return parseXml(text);
  const heading = text.indexOf('Load Balancer Manager for');
  if (heading < 0) return { error: `not a balancer-manager page (${describeText(text)})` };
  const balancers: LiveBalancer[] = [];
  const marker = '<h3>LoadBalancer Status for ';
  const starts: number[] = [];
  for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + marker.length)) starts.push(at);
  for (const [index, at] of starts.entries()) {
    const section = text.slice(at + marker.length, starts[index + 1] ?? text.length);
    const balancer = htmlBalancer(section);
    if ('error' in balancer) return balancer;
    balancers.push(balancer);
  }
  const version = /<dt>Server Version: ([^<]{1,200})<\/dt>/.exec(text.slice(heading, heading + 4096))?.[1];
  const persisted = /Balancer changes will (NOT )?be persisted on restart/.exec(text.slice(heading, heading + 4096));
  return {
    page: { form: 'html', serverVersion: version?.trim(), persist: persisted ? persisted[1] === undefined : undefined, balancers },
  };
}

/** What a text that is not a balancer-manager page looks like, in a few words. */
function describeText(text: string): string {
  if (text.trim() === '') return 'the answer is empty';
  const title = /<title[^>]{0,100}>([^<]{0,200})<\/title>/i.exec(text.slice(0, 65536))?.[1];
  if (title !== undefined) return `its title is ${JSON.stringify(decodeEntities(title.trim()).slice(0, 80))}`;
  return /<html/i.test(text.slice(0, 65536)) ? 'an HTML page without its heading' : 'not HTML';
}

function htmlBalancer(section: string): LiveBalancer | { error: string } {
  const closeLink = section.indexOf('</a>');
  const name = decodeEntities(stripTags(section.slice(0, closeLink < 0 ? section.indexOf('</h3>') : closeLink))).trim();
  if (!name.startsWith('balancer://'))
    return { error: `a "LoadBalancer Status" heading names no balancer:// (${JSON.stringify(name.slice(0, 80))})` };
  const tables = tablesOf(section);
  const settings = tables.find((table) => table.header.includes('Method'));
  const workers = tables.find((table) => table.header.includes('Worker URL'));
  if (!settings || !workers) return { error: `${name}: the page has no settings or member table where Apache puts them` };
  const setting = (column: string): string | undefined => {
    const at = settings.header.indexOf(column);
    return at < 0 ? undefined : settings.rows[0]?.[at];
  };
  const sticky = setting('StickySession')?.trim();
  const members: LiveMember[] = [];
  for (const row of workers.rows) {
    const cell = (column: string): string => {
      const at = workers.header.indexOf(column);
      return at < 0 ? '' : (row[at] ?? '');
    };
    const member = liveMember(name, {
      name: cell('Worker URL'),
      route: cell('Route'),
      redirect: cell('RouteRedir'),
      factor: cell('Factor'),
      lbset: cell('Set'),
      status: cell('Status'),
      elected: cell('Elected'),
      busy: cell('Busy'),
      load: cell('Load'),
      sent: cell('To'),
      received: cell('From'),
    });
    if ('error' in member) return member;
    members.push(member);
  }
  return {
    name: name.toLowerCase(),
    lbmethod: setting('Method')?.trim() ?? '',
    stickysession: sticky === undefined || sticky === '(None)' || sticky === '' ? undefined : sticky,
    members,
  };
}

/** The cells of one member, as text. */
interface MemberCells {
  readonly name: string;
  readonly route: string;
  readonly redirect: string;
  readonly factor: string;
  readonly lbset: string;
  readonly status: string;
  readonly elected: string;
  readonly busy: string;
  readonly load: string;
  readonly sent: string;
  readonly received: string;
}

function liveMember(balancer: string, cells: MemberCells): LiveMember | { error: string } {
  const name = cells.name.trim();
  const wrong = (what: string, value: string): { error: string } => ({
    error: `${balancer}: member ${JSON.stringify(name.slice(0, 120))} has ${what} ${JSON.stringify(value.trim().slice(0, 40))}`,
  });
  if (name === '') return { error: `${balancer}: a member row has no worker URL` };
  if (!/^\d{1,3}\.\d\d$/.test(cells.factor.trim())) return wrong('the factor', cells.factor);
  for (const [what, value] of [
    ['the set', cells.lbset],
    ['the elected count', cells.elected],
    ['the busy count', cells.busy],
  ] as const)
    if (!/^\d{1,20}$/.test(value.trim())) return wrong(what, value);
  if (!/^-?\d{1,20}$/.test(cells.load.trim())) return wrong('the load', cells.load);
  let status = 0;
  let isUsable = false;
  for (const word of cells.status.trim().split(/\s+/)) {
    if (word === 'Ok') isUsable = true;
    else if (STATUS_WORDS[word] !== undefined) status |= STATUS_WORDS[word];
    else if (word !== '???' && word !== '') return wrong('the status', cells.status);
  }
  return {
    name,
    route: cells.route.trim(),
    redirect: cells.redirect.trim(),
    lbfactor: Math.round(Number(cells.factor.trim()) * 100),
    lbset: Number(cells.lbset.trim()),
    statusText: cells.status.trim(),
    status,
    isUsable,
    elected: Number(cells.elected.trim()),
    busy: Number(cells.busy.trim()),
    load: Number(cells.load.trim()),
    sent: cells.sent.trim(),
    received: cells.received.trim(),
  };
}

/** A table's header cells and its data rows, each cell as text. */
interface Table {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** The top-level tables of a section: each `<tr>` split at `<th>`/`<td>`, each cell's tags dropped and entities decoded. */
function tablesOf(section: string): Table[] {
  const tables: Table[] = [];
  let at = section.indexOf('<table');
  while (at >= 0) {
    const end = section.indexOf('</table>', at);
    const body = section.slice(at, end < 0 ? section.length : end);
    const rows = body
      .split('<tr>')
      .slice(1)
      .map((row) => cellsOf(row));
    const [header = [], ...data] = rows;
    tables.push({ header, rows: data });
    if (end < 0) break;
    at = section.indexOf('<table', end);
  }
  return tables;
}

function cellsOf(row: string): string[] {
  const cells: string[] = [];
  const pieces = row.split(/<t[dh]>/);
  for (const piece of pieces.slice(1)) {
    const close = piece.search(/<\/t[dh]>|<\/tr>/);
    cells.push(decodeEntities(stripTags(close < 0 ? piece : piece.slice(0, close))));
  }
  return cells;
}

/** The text of some HTML: every `<…>` dropped. */
function stripTags(html: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = html.indexOf('<', at);
    if (open < 0) return out + html.slice(at);
    out += html.slice(at, open);
    const close = html.indexOf('>', open);
    if (close < 0) return out;
    at = close + 1;
  }
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and numeric references, as ap_escape_html writes them. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The XML form: `<httpd:balancer>` elements with their `<httpd:worker>`s. */
function parseXml(text: string): PageResult {
  if (!text.includes('<httpd:manager')) return { error: 'an XML document, but not a balancer-manager one (no <httpd:manager>)' };
  const balancers: LiveBalancer[] = [];
  for (const section of elements(text, 'httpd:balancer')) {
    const name = (field(section, 'httpd:name') ?? '').trim();
    if (!name.startsWith('balancer://'))
      return { error: `an <httpd:balancer> names no balancer:// (${JSON.stringify(name.slice(0, 80))})` };
    const members: LiveMember[] = [];
    for (const worker of elements(section, 'httpd:worker')) {
      const get = (tag: string): string => field(worker, `httpd:${tag}`) ?? '';
      const member = liveMember(name, {
        name: get('name'),
        route: get('route'),
        redirect: get('redirect'),
        factor: get('loadfactor'),
        lbset: get('lbset'),
        status: get('status'),
        elected: get('elected'),
        busy: get('busy'),
        load: get('lbstatus'),
        sent: get('transferred'),
        received: get('read'),
      });
      if ('error' in member) return member;
      members.push(member);
    }
    balancers.push({
      name: name.toLowerCase(),
      lbmethod: (field(section, 'httpd:lbmethod') ?? '').trim(),
      stickysession: field(section, 'httpd:stickysession')?.trim(),
      members,
    });
  }
  return { page: { form: 'xml', serverVersion: undefined, persist: undefined, balancers } };
}

/** The bodies of each `<tag>…</tag>`, in order. */
function elements(text: string, tag: string): string[] {
  const found: string[] = [];
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  for (let at = text.indexOf(open); at >= 0;) {
    const end = text.indexOf(close, at + open.length);
    if (end < 0) break;
    found.push(text.slice(at + open.length, end));
    at = text.indexOf(open, end + close.length);
  }
  return found;
}

/** The text of the first `<tag>…</tag>` that is not inside a nested element of the same name (`httpd:name` of a balancer comes before its workers). */
function field(text: string, tag: string): string | undefined {
  const [body] = elements(text, tag);
  return body === undefined ? undefined : decodeEntities(body);
}
