/** From a configuration's virtual text back to its files: which file an offset is in, and local spans. */
import { LineIndex } from './positions';
import type { Diagnostic, Fix, Related } from './rules/types';
import type { Span } from './span';
import type { SourceFile } from './syntax/tree';

/** The file holding a virtual-text offset (the last file starting at or before it). */
export function fileAt(files: readonly SourceFile[], offset: number): SourceFile {
  let lo = 0;
  let hi = files.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (files[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return files[lo] ?? { path: '', start: 0, length: 0 };
}

/** A file's own text, cut out of the virtual text. */
export function fileText(text: string, file: SourceFile): string {
  return text.slice(file.start, file.start + file.length);
}

/** A diagnostic with spans local to the file it starts in (related places in other files are dropped). */
export interface LocalDiagnostic {
  readonly file: SourceFile;
  readonly diagnostic: Diagnostic;
}

/**
 * Moves every diagnostic into its file's own offsets. One in the first file (which starts at 0) with
 * nothing to drop is already there: it is kept as it is, not copied (a keystroke's thousands of findings).
 */
export function localize(files: readonly SourceFile[], diagnostics: readonly Diagnostic[]): LocalDiagnostic[] {
  return diagnostics.map((diagnostic) => {
    const file = fileAt(files, diagnostic.span.start);
    const inFile = (span: Span): boolean => span.start >= file.start && span.end <= file.start + file.length;
    if (
      file.start === 0 &&
      (diagnostic.fixes ?? []).every((fix) => fix.edits.every((edit) => inFile(edit.span))) &&
      (diagnostic.related ?? []).every((entry) => inFile(entry.span))
    )
      return { file, diagnostic };
    const shift = (span: Span): Span => ({ start: span.start - file.start, end: span.end - file.start });
    const fixes = diagnostic.fixes
      ?.filter((fix) => fix.edits.every((edit) => inFile(edit.span)))
      .map((fix): Fix => ({ ...fix, edits: fix.edits.map((edit) => ({ ...edit, span: shift(edit.span) })) }));
    const related = diagnostic.related
      ?.filter((entry) => inFile(entry.span))
      .map((entry): Related => ({ ...entry, span: shift(entry.span) }));
    return {
      file,
      diagnostic: { ...diagnostic, span: shift(diagnostic.span), ...(fixes ? { fixes } : {}), ...(related ? { related } : {}) },
    };
  });
}

/** A file name and 1-based line for an offset of the virtual text. */
export type Locate = (offset: number) => { readonly file: string; readonly line: number };

/** Locates offsets in their files; `nameOf` decides how each file is shown. */
export function locator(text: string, files: readonly SourceFile[], nameOf: (file: SourceFile) => string): Locate {
  const indexes = new Map<SourceFile, LineIndex>();
  return (offset) => {
    const file = fileAt(files, offset);
    let index = indexes.get(file);
    if (!index) indexes.set(file, (index = new LineIndex(fileText(text, file))));
    return { file: nameOf(file), line: index.position(offset - file.start).line + 1 };
  };
}
