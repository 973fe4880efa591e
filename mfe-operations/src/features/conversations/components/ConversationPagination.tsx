import { Button } from 'antd';
import { paginationItems } from '../pagination';

/** Précédent, the window of page numbers (first, last, ellipses), Suivant. */
export function ConversationPagination({ page, totalPages, onChange }: { page: number; totalPages: number; onChange: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination des conversations" style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center', justifyContent: 'center' }}>
      <Button disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Précédent
      </Button>
      {paginationItems(page, totalPages).map((item) =>
        typeof item === 'number' ? (
          <Button key={item} type={item === page ? 'primary' : 'default'} aria-current={item === page ? 'page' : undefined} aria-label={`Page ${item}`} onClick={() => onChange(item)}>
            {item}
          </Button>
        ) : (
          <span key={item} aria-hidden="true" style={{ padding: '0 4px' }}>
            …
          </span>
        ),
      )}
      <Button disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        Suivant
      </Button>
    </nav>
  );
}
