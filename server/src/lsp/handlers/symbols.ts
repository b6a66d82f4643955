/** textDocument/documentSymbol and textDocument/foldingRange: the outline and the sections that fold. */
import type { DocumentSymbol, DocumentSymbolParams, FoldingRange, FoldingRangeParams } from 'vscode-languageserver/node';
import { documentSymbols as coreSymbols, foldingRanges as coreFoldingRanges } from '../../core/features/symbols';
import type { Open } from '../context';
import { symbols } from '../convert';

/** The outline of the document. */
export function documentSymbols({ state }: Open, _params: DocumentSymbolParams): DocumentSymbol[] {
  return coreSymbols(state.analysis).flatMap((symbol) => symbols(state, symbol));
}

/** Sections spanning more than one line of this document. */
export function foldingRanges({ state }: Open, _params: FoldingRangeParams): FoldingRange[] {
  return coreFoldingRanges(state.analysis).flatMap((span) => {
    const range = state.rangeOf(span);
    return range && range.end.line > range.start.line ? [{ startLine: range.start.line, endLine: range.end.line }] : [];
  });
}
