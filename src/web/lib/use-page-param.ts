// The page number of a paged list, kept in the URL as ?page= (absent for page 1).
import { useSearchParams } from 'react-router';

/** The current page (1 when missing or not a number) and a function to go to another, scrolled to the top. */
export function usePageParam(): [page: number, goToPage: (next: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const goToPage = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };
  return [page, goToPage];
}
