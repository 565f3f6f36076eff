import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './ui/button';

/** Previous / "Page x of y" / Next under a paged list; nothing when everything fits on one page. */
export function Pagination({
  page,
  pageCount,
  onPrevious,
  onNext,
}: {
  page: number;
  pageCount: number;
  onPrevious(): void;
  onNext(): void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={onPrevious}>
        <ChevronLeft aria-hidden className="h-4 w-4" />
        Previous
      </Button>
      <span className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={onNext}>
        Next
        <ChevronRight aria-hidden className="h-4 w-4" />
      </Button>
    </nav>
  );
}
