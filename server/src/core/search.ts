/** Binary search, for the sorted lists the core keeps (offsets, nodes in reading order, names). */

/** The index of the first item that passes `test`, which fails for a prefix of `items` and passes after (`items.length` when none does). */
export function firstPassing<T>(items: readonly T[], test: (item: T) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (test(items[middle]!)) high = middle;
    else low = middle + 1;
  }
  return low;
}
