import type { ItemDto, WallResponse } from '@cn/contracts';

export interface PendingMove {
  id: string;
  /** the target column's value; null: the unassigned box */
  value: string | null;
  insert_after_id: string | null;
}

const place = (items: readonly ItemDto[], card: ItemDto, after: string | null): ItemDto[] => {
  const rest = items.filter((item) => item.id !== card.id);
  if (after === null) return [card, ...rest];
  const at = rest.findIndex((item) => item.id === after);
  return at < 0 ? [...rest, card] : [...rest.slice(0, at + 1), card, ...rest.slice(at + 1)];
};

/** The wall as it will be once the move lands: the card shows in its new place at once (no waiting for the server). */
export const withPendingMove = (wall: WallResponse, move: PendingMove | null): WallResponse => {
  if (!move) return wall;
  const card = [...wall.columns.flatMap((column) => column.items), ...wall.unassigned].find((item) => item.id === move.id);
  if (!card) return wall;
  const without = (items: readonly ItemDto[]) => items.filter((item) => item.id !== move.id);
  return {
    ...wall,
    columns: wall.columns.map((column) => (column.value === move.value ? { ...column, items: place(column.items, card, move.insert_after_id) } : { ...column, items: without(column.items) })),
    unassigned: move.value === null ? place(wall.unassigned, card, move.insert_after_id) : without(wall.unassigned),
  };
};

/**
 * Where a card dropped on `target` goes: before it in the upper half, after it in the lower half; the
 * answer is the card it lands after (null: first), never the moved card itself.
 */
export const insertAfterFor = (items: readonly ItemDto[], movedId: string, targetId: string | null, lowerHalf: boolean): string | null => {
  const rest = items.filter((item) => item.id !== movedId);
  if (targetId === null) return rest.at(-1)?.id ?? null;
  const at = rest.findIndex((item) => item.id === targetId);
  if (at < 0) return rest.at(-1)?.id ?? null;
  if (lowerHalf) return rest[at].id;
  return at === 0 ? null : rest[at - 1].id;
};
