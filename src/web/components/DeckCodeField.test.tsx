import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MESSAGES } from '../../common/messages';
import { MAX_DECK_CODE_LENGTH } from '../../common/limits';
import { DeckCodeField, deckCodeError } from './DeckCodeField';

describe('deckCodeError', () => {
  it('takes letters and digits, or nothing; refuses anything else, as the server does', () => {
    expect(deckCodeError('')).toBeNull();
    expect(deckCodeError('UH42XD')).toBeNull();
    expect(deckCodeError(' UH42XD ')).toBeNull();
    expect(deckCodeError('UH-42XD')).toBe(MESSAGES.upload.deckCodeCharacters);
    expect(deckCodeError('A'.repeat(MAX_DECK_CODE_LENGTH + 1))).toBe(
      MESSAGES.upload.deckCodeTooLong(MAX_DECK_CODE_LENGTH),
    );
  });
});

function Field({ error }: { error?: string }) {
  const [code, setCode] = useState('');
  return <DeckCodeField id="code" value={code} onChange={setCode} error={error} />;
}

describe('DeckCodeField', () => {
  it('is labelled, described by its hint, and takes the code in capitals as the game prints it', async () => {
    render(<Field />);
    const input = screen.getByLabelText(MESSAGES.upload.deckCodeLabel);
    expect(input).toHaveAccessibleDescription(MESSAGES.upload.deckCodeHint);
    await userEvent.type(input, 'uh42xd');
    expect(input).toHaveValue('UH42XD');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows its error as an alert and marks the field invalid', () => {
    render(<Field error={MESSAGES.upload.deckCodeCharacters} />);
    const input = screen.getByLabelText(MESSAGES.upload.deckCodeLabel);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.upload.deckCodeCharacters);
    expect(input).toHaveAccessibleDescription(`${MESSAGES.upload.deckCodeHint} ${MESSAGES.upload.deckCodeCharacters}`);
  });
});
