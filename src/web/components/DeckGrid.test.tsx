import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Deck } from '../../common/api/decks';
import { DeckGrid } from './DeckGrid';
import { testDeck } from '../test/decks';

const deck = (i: number, score: number): Deck => testDeck(i, { score });

test("each deck's upvote count is announced by its name (an image role carries the label; a bare <span> would not)", () => {
  render(
    <MemoryRouter>
      <DeckGrid decks={[deck(1, 1), deck(2, 3)]} />
    </MemoryRouter>,
  );
  expect(screen.getByRole('img', { name: '1 upvote' })).toHaveTextContent('1');
  expect(screen.getByRole('img', { name: '3 upvotes' })).toHaveTextContent('3');
});
