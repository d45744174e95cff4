import { dropDoubleReads, fixZeros, parseDeckCode } from './deck-code';

describe('parseDeckCode', () => {
  it.each([
    ['DECK CODE: UH42XD', 'UH42XD'],
    ['Referral Code: XPP-CTY-BU5\nDECK CODE: UH42XD\n', 'UH42XD'],
    ['DECK C0DE; uh42xd', 'UH42XD'],
    ['DECKCODE UH42XD', 'UH42XD'],
  ])('reads %j', (text, code) => expect(parseDeckCode(text)).toBe(code));

  it('finds nothing without the label', () => {
    expect(parseDeckCode('Referral Code: XPP-CTY-BU5')).toBeNull();
    expect(parseDeckCode('')).toBeNull();
  });
});

describe('fixZeros', () => {
  const box = (text: string, x0: number, width: number, confidence = 90) => ({ text, confidence, x0, x1: x0 + width, y0: 0, y1: 30 });
  it('tells O from 0 by width', () => {
    const symbols = [box('K', 0, 25), box('0', 30, 30), box('O', 70, 23), box('X', 100, 26)];
    expect(fixZeros('K0OX', symbols)).toBe('KO0X');
  });
  it('leaves the code alone when the symbols do not line up with it', () => {
    expect(fixZeros('K0OX', [box('K', 0, 25)])).toBe('K0OX');
  });
});

describe('dropDoubleReads', () => {
  const box = (text: string, x0: number, width: number, confidence: number) => ({ text, confidence, x0, x1: x0 + width, y0: 0, y1: 30 });
  it('keeps the surer of two characters read from one glyph', () => {
    const symbols = [box('W', 0, 30, 95), box('A', 34, 22, 40), box('4', 36, 22, 88), box('G', 62, 24, 93)];
    expect(dropDoubleReads('WA4G', symbols).code).toBe('W4G');
  });
  it('leaves separate characters alone', () => {
    const symbols = [box('A', 0, 22, 90), box('4', 26, 22, 90)];
    expect(dropDoubleReads('A4', symbols).code).toBe('A4');
  });
});
