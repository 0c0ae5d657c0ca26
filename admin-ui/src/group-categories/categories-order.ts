/** moves the entry at `index` by `step` (−1 up, +1 down); at either end the list stays as it is */
export const moved = <T>(list: readonly T[], index: number, step: -1 | 1): T[] => {
  const target = index + step;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
};
