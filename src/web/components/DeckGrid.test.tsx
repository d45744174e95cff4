import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Deck } from '../../common/api/decks';
import { DeckGrid } from './DeckGrid';

const deck = (i: number, score: number): Deck => ({
  _id: i.toString(16).padStart(24, '0'),
  title: `Deck ${i}`,
  deckcode: 'null',
  user: 'StarGazer',
  image: `/upload/${i}.webp`,
  description: '',
  cards: [],
  albums: ['Space'],
  collections: [],
  tags: [],
  score,
  voters: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

test("each deck's upvote count is announced by its name (an image role carries the label; a bare <span> would not)", () => {
  render(
    <MemoryRouter>
      <DeckGrid decks={[deck(1, 1), deck(2, 3)]} />
    </MemoryRouter>,
  );
  expect(screen.getByRole('img', { name: '1 upvote' })).toHaveTextContent('1');
  expect(screen.getByRole('img', { name: '3 upvotes' })).toHaveTextContent('3');
});
