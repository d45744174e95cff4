import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '../../../common/messages';
import { renderWithProviders } from '../../test/render';
import CardEditorPage from './CardEditorPage';
import { STORAGE_KEY } from './editor-state';

beforeEach(() => {
  localStorage.clear();
  // jsdom has no canvas; returning null makes the text fitting use its estimate quietly.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function abilityRows() {
  return screen.queryAllByTestId('ability-row');
}

describe('CardEditorPage', () => {
  it('renders the default Space / Basic / Rare template with labelled controls', () => {
    renderWithProviders(<CardEditorPage />);
    expect(screen.getByTestId('card-frame')).toHaveAttribute('data-template-id', 'space-rare');
    expect(screen.getByLabelText('Album')).toHaveValue('Space');
    expect(screen.getByLabelText('Edition')).toHaveValue('Basic');
    expect(screen.getByLabelText('Rarity')).toHaveValue('Rare');
    expect(screen.getByRole('button', { name: 'Save Image' })).toBeEnabled();
    for (const label of ['Card name', 'Energy', 'Power', 'Ability title', 'Ability text']) {
      expect(screen.getByRole('textbox', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('slider', { name: 'Zoom' })).toBeDisabled(); // until there is an image
  });

  it('adds an ability through the picker and removes it only after confirmation', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CardEditorPage />);

    await user.click(screen.getByRole('button', { name: 'Add ability' }));
    const picker = screen.getByRole('dialog', { name: 'Choose an ability' });
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Draw'),
        expect.stringContaining('Play'),
        expect.stringContaining('Start'),
        expect.stringContaining('Return'),
      ]),
    );
    await user.click(within(picker).getByRole('button', { name: /^Play/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add ability' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^Return/ }));
    expect(abilityRows().map((r) => r.dataset.abilityType)).toEqual(['Play', 'Return']);

    await user.type(screen.getByLabelText('When Played ability text'), 'Draw a card');
    expect(screen.getByTestId('card-ability')).toHaveTextContent('When Played: Draw a card');

    // Cancel keeps the row
    await user.click(screen.getByRole('button', { name: 'Remove When Played ability' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove ability?' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(abilityRows()).toHaveLength(2);

    // Escape also cancels
    await user.click(screen.getByRole('button', { name: 'Remove When Played ability' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(abilityRows()).toHaveLength(2);

    // Confirming removes exactly that row
    await user.click(screen.getByRole('button', { name: 'Remove When Played ability' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(abilityRows().map((r) => r.dataset.abilityType)).toEqual(['Return']);
    expect(screen.getByTestId('card-ability')).not.toHaveTextContent('When Played');
  });

  it("reports 'Invalid ability type.' for an unknown type instead of adding it", async () => {
    const user = userEvent.setup();
    renderWithProviders(<CardEditorPage />);
    await user.click(screen.getByRole('button', { name: 'Add ability' }));
    const play = within(screen.getByRole('dialog')).getByRole('button', { name: /^Play/ });
    play.setAttribute('value', 'Fly');
    await user.click(play);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.cardEditor.invalidAbility);
    expect(abilityRows()).toHaveLength(0);
  });

  it('traps focus in a dialog and returns it to the opener on Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CardEditorPage />);
    const help = screen.getByRole('button', { name: 'Help' });
    await user.click(help);
    const dialog = screen.getByRole('dialog', { name: 'How to use the card editor' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus(); // the only focusable element: Tab stays inside
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(help).toHaveFocus();
  });

  it('switches templates with the dropdowns and clears the collection icon for Mythic', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CardEditorPage />);
    await user.click(screen.getByRole('radio', { name: 'Gem collection' }));
    expect(screen.getByTestId('collection-icon')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Album'), 'Oceans');
    await user.selectOptions(screen.getByLabelText('Edition'), 'Limited');
    await user.selectOptions(screen.getByLabelText('Rarity'), 'Legendary');
    expect(screen.getByTestId('card-frame')).toHaveAttribute('data-template-id', 'oceans-limited-legendary');
    expect(screen.getByTestId('limited-ribbon')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Rarity')).getAllByRole('option')).toHaveLength(4);

    await user.selectOptions(screen.getByLabelText('Edition'), 'Basic');
    await user.selectOptions(screen.getByLabelText('Rarity'), 'Mythic');
    expect(screen.queryByTestId('collection-icon')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Gem collection' })).toBeDisabled();
  });

  it('renders bold text and inserted icons, and shrinks long text', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CardEditorPage />);
    const text = screen.getByLabelText('Ability text');
    await user.clear(text);
    await user.type(text, 'Gain **two**');
    await user.click(screen.getByRole('button', { name: 'Insert Burn icon' }));
    const ability = screen.getByTestId('card-ability');
    expect(within(ability).getByText('two').tagName).toBe('STRONG');
    expect(within(ability).getByRole('img', { name: 'Burn' })).toBeInTheDocument();
    const before = Number(ability.dataset.fontSize);
    fireEvent.change(text, { target: { value: 'A long ability text. '.repeat(20) } });
    expect(Number(screen.getByTestId('card-ability').dataset.fontSize)).toBeLessThan(before);
  });

  it('keeps its state across a remount (reload)', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<CardEditorPage />);
    await user.clear(screen.getByLabelText('Card name'));
    await user.type(screen.getByLabelText('Card name'), 'Halley');
    await user.selectOptions(screen.getByLabelText('Rarity'), 'Epic');
    await user.click(screen.getByRole('button', { name: 'Add ability' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^Start/ }));
    unmount(); // pending changes are flushed when the editor closes
    expect(localStorage.getItem(STORAGE_KEY)).toContain('Halley');

    renderWithProviders(<CardEditorPage />);
    expect(screen.getByLabelText('Card name')).toHaveValue('Halley');
    expect(screen.getByTestId('card-frame')).toHaveAttribute('data-template-id', 'space-epic');
    expect(abilityRows().map((r) => r.dataset.abilityType)).toEqual(['Start']);
  });

  it('chooses a foreground icon through its modal', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CardEditorPage />);
    await user.click(screen.getByRole('button', { name: 'Choose icon' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Choose a foreground icon' })).getByRole('button', { name: 'Rocket' }),
    );
    expect(screen.getByTestId('foreground-icon')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove icon' }));
    expect(screen.queryByTestId('foreground-icon')).not.toBeInTheDocument();
  });

  it('loads a background image from a file, without uploading it', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<CardEditorPage />);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'bg.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Choose an image from your device'), file);
    const img = await screen.findByTestId('background-image');
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(fetchSpy).not.toHaveBeenCalled();

    const slider = screen.getByLabelText('Zoom');
    fireEvent.change(slider, { target: { value: '3' } });
    expect(screen.getByTestId('zoom-value')).toHaveTextContent('3.00×');
    act(() => screen.getByTestId('art-window').focus());
    await user.keyboard('{ArrowRight}');
    expect(img.style.transform).toContain('translate(5px, 0px) scale(3)');
  });
});
