/**
 * The "Show Schedule" picker's rows: each balancer of the file with where it is, how many members it
 * has and their shares in the outline's words, so the right one is picked without opening each.
 * No vscode import: the extension passes the outline's symbols in, and this is tested alone.
 */

/** What the picker reads of an outline symbol (vscode.DocumentSymbol has it). */
export interface OutlineSymbol {
  readonly name: string;
  readonly detail: string;
  /** 0-based line of the symbol's start. */
  readonly line: number;
  readonly children: readonly OutlineSymbol[];
}

/** One row: the balancer's name, then its file, line and member count, then the members' shares. */
export interface PickerRow {
  readonly label: string;
  readonly description: string;
  readonly detail: string;
  readonly balancer: string;
}

/** Members named on a row, at most; the rest are counted. */
const MEMBERS_SHOWN = 8;

/** The picker's rows for the balancers of an outline (nested under virtual hosts or not), each name once. */
export function pickerRows(symbols: readonly OutlineSymbol[], file: string): PickerRow[] {
  const rows: PickerRow[] = [];
  const visit = (symbol: OutlineSymbol): void => {
    const balancer = /^balancer:\/\/[^\s/"'>]+$/i.exec(symbol.name)?.[0];
    if (balancer) {
      if (rows.some((row) => row.balancer === balancer)) return;
      const members = symbol.children.slice(0, MEMBERS_SHOWN).map((member, index) => `${letter(index)} ${member.detail}`);
      if (symbol.children.length > MEMBERS_SHOWN) members.push(`… ${symbol.children.length - MEMBERS_SHOWN} more`);
      rows.push({ label: balancer, description: `${file}:${symbol.line + 1} · ${symbol.detail}`, detail: members.join(' · '), balancer });
      return;
    }
    symbol.children.forEach(visit);
  };
  symbols.forEach(visit);
  return rows;
}

/** a, b, … z, then aa, ab…: the letters the schedule uses. */
function letter(index: number): string {
  return index < 26 ? String.fromCharCode(97 + index) : letter(Math.floor(index / 26) - 1) + letter(index % 26);
}
