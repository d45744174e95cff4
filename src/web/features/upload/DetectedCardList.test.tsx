import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '../../../common/messages';
import type { ReviewCard } from './deck-form';
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

  it('shows a card the catalog lacks as not in the card list yet, its code and name to correct', async () => {
    let changed: ReviewCard[] = [];
    const list = reviewCardsOf([], [{ position: 0, code: 'EES09', name: 'New Spy Ring' }]);
    renderWithProviders(<DetectedCardList cards={list} onChange={(next) => (changed = next)} />);
    expect(screen.getByText(MESSAGES.upload.notInCardList)).toBeInTheDocument();
    expect(screen.getByText('EES09')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Correct the code and name of New Spy Ring' }));
    const code = screen.getByLabelText('Card code');
    await userEvent.clear(code);
    await userEvent.type(code, 'ees099');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(changed).toEqual([{ ...list[0], code: 'EES099', name: 'New Spy Ring' }]);
  });
});
