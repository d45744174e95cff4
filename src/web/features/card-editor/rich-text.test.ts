import { insertAt, parseRichText, toggleBold, visibleText } from './rich-text';

describe('ability text markup', () => {
  it('parses bold runs and icon tokens', () => {
    expect(parseRichText('Give **+2** {power} now')).toEqual([
      { kind: 'text', text: 'Give ', bold: false },
      { kind: 'text', text: '+2', bold: true },
      { kind: 'text', text: ' ', bold: false },
      { kind: 'icon', icon: 'power', bold: false },
      { kind: 'text', text: ' now', bold: false },
    ]);
  });

  it('leaves unknown tokens as text and treats an unclosed ** as bold to the end', () => {
    expect(parseRichText('{fly} **x')).toEqual([
      { kind: 'text', text: '{fly} ', bold: false },
      { kind: 'text', text: 'x', bold: true },
    ]);
  });

  it('measures icons as two characters and drops markup', () => {
    expect(visibleText('**a**{ept}b')).toBe('aMMb');
  });

  it('inserts at the caret and wraps a selection in bold', () => {
    expect(insertAt('ab', 1, 1, '{lock}')).toEqual({ text: 'a{lock}b', caret: 7 });
    expect(toggleBold('one two', 4, 7)).toEqual({ text: 'one **two**', selectionStart: 6, selectionEnd: 9 });
  });
});
