// The card catalog as the review of detected cards uses it: looked up by normalized name, so
// "cano cristales" finds "Caño Cristales".
import { useMemo } from 'react';
import { normalizeName } from '../../../common/text';
import { useCards } from '../../components/api/list-cards';

export interface CatalogCard {
  code: string;
  name: string;
}

/** The catalog by normalized name (first code of a shared name), and its entries for suggestions. */
export function useCatalog() {
  const { data, isLoading } = useCards();
  return useMemo(() => {
    const byKey = new Map<string, CatalogCard>();
    for (const card of data ?? []) {
      const key = normalizeName(card.Name);
      if (!byKey.has(key)) byKey.set(key, { code: card.Code, name: card.Name });
    }
    return { byKey, cards: [...byKey.entries()], isLoading };
  }, [data, isLoading]);
}
