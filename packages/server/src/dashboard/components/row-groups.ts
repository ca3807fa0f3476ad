/** Items that share a key (a composer group, a network, a profile), in the order the first was listed. */
export interface RowGroup<T> {
  /** The shared key; for a composer row, the group's id or the item's own id when it stands alone. */
  key: string;
  items: T[];
}

/**
 * Folds a list into groups by key, keeping the list's order: a page of Scheduled or History into
 * rows (one per composer post), Analytics' posts into networks and profiles. An item without a
 * key stands alone under its own id.
 */
export function groupRows<T extends { id: string }>(
  items: readonly T[],
  groupOf: (item: T) => string | undefined,
): RowGroup<T>[] {
  const rows = new Map<string, RowGroup<T>>();
  for (const item of items) {
    const key = groupOf(item) ?? item.id;
    const row = rows.get(key);
    if (row) row.items.push(item);
    else rows.set(key, { key, items: [item] });
  }
  return [...rows.values()];
}
