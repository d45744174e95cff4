import { screen } from '@testing-library/react';
import { DECK_SIZE } from '../../../common/game';
import { renderWithProviders } from '../../test/render';
import { DetectedCardList } from './DetectedCardList';
import { reviewCardsOf } from './deck-form';

const cards = (count: number, confidence: number) =>
  reviewCardsOf(
    Array.from({ length: count }, (_, i) => ({ code: `C${i}`, name: `Card ${i}`, confidence, alternatives: [] })),
  );

describe('DetectedCardList', () => {
  it("says what a card's percentage measures, and flags a doubtful reading", () => {
    renderWithProviders(<DetectedCardList cards={[...cards(1, 1), ...cards(1, 0.61)]} onChange={() => {}} />);
    expect(screen.getByText('Reader: 100% sure')).toBeInTheDocument();
    expect(screen.getByText('Reader: 61% sure – please check')).toBeInTheDocument();
  });

  it('says why no card can be added to a full list', () => {
    renderWithProviders(<DetectedCardList cards={cards(DECK_SIZE, 1)} onChange={() => {}} />);
    expect(
      screen.getByText(`The list is full: a deck has ${DECK_SIZE} cards. Remove one to add another.`),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a card')).not.toBeInTheDocument();
  });
});
