/** Rows of a list that one composer post became, in the order their first item was listed. */
export interface RowGroup<T> {
  /** The composer group's id, or the item's own id when it stands alone. */
  key: string;
  items: T[];
}

/** Folds a page of items into rows: items of one composer group share a row. */
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
