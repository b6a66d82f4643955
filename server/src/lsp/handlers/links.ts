/** textDocument/documentLink: each Include's file, next to the including file. */
import type { DocumentLink, DocumentLinkParams } from 'vscode-languageserver/node';
import { includeLinks } from '../../core/features/links';
import { encodePath } from '../../core/requests/uri';
import type { Open } from '../context';

/** Links for the includes that name one file. */
export function documentLinks({ document, state }: Open, _params: DocumentLinkParams): DocumentLink[] {
  return includeLinks(state.analysis).flatMap((link) => {
    const range = state.rangeOf(link.span);
    const target = resolveInclude(document.uri, link.path);
    return range && target ? [{ range, target }] : [];
  });
}

/** A file URI for an include path: absolute as written, else next to the including file; wildcards are not links. */
function resolveInclude(uri: string, path: string): string | undefined {
  if (/[*?[]/.test(path) || !uri.startsWith('file://')) return undefined;
  if (path.startsWith('/')) return `file://${encodePath(path)}`;
  return new URL(encodePath(path), uri).toString();
}
