import { PAGINATION_WINDOW } from '@tablee/operations-data';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * Page numbers to show: a window of at most `size` pages around the current one, plus the first and
 * last pages with an ellipsis where pages are skipped.
 */
export function paginationItems(current: number, totalPages: number, size: number = PAGINATION_WINDOW): PageItem[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  let start = Math.max(1, page - Math.floor(size / 2));
  const end = Math.min(totalPages, start + size - 1);
  start = Math.max(1, end - size + 1);
  const items: PageItem[] = [];
  if (start > 1) {
    items.push(1);
    if (start > 2) items.push('ellipsis-start');
  }
  for (let p = start; p <= end; p += 1) items.push(p);
  if (end < totalPages) {
    if (end < totalPages - 1) items.push('ellipsis-end');
    items.push(totalPages);
  }
  return items;
}

/** 'Affichage de 11 à 20 sur 42 conversations' */
export function rangeText(page: number, pageSize: number, total: number): string {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  return `Affichage de ${first} à ${Math.min(page * pageSize, total)} sur ${total} conversations`;
}
