import { countLines, estimateWidth, fitFontSize, type MeasureText } from './fit-text';

const STEPS = [16, 14, 12, 10, 8];
/** A monospace measurer: every character is half the font size wide. */
const mono: MeasureText = (text, size) => text.length * size * 0.5;

describe('countLines', () => {
  it('wraps words greedily', () => {
    // 10 px per char at size 20 → 10 chars per 100 px line
    expect(countLines('aaaa bbbb cccc', 100, 20, mono)).toBe(2);
    expect(countLines('aaaa bbbb', 100, 20, mono)).toBe(1);
  });

  it('breaks on explicit newlines and splits words longer than a line', () => {
    expect(countLines('a\nb\nc', 100, 20, mono)).toBe(3);
    expect(countLines('x'.repeat(35), 100, 20, mono)).toBe(4);
  });

  it('counts an empty text as one line', () => {
    expect(countLines('', 100, 20, mono)).toBe(1);
  });
});

describe('fitFontSize', () => {
  const box = { width: 200, height: 60 };

  it('keeps the largest size for short text', () => {
    expect(fitFontSize('Short', box, STEPS, { measure: mono })).toBe(16);
  });

  it('steps down as the text grows, never up', () => {
    let previous = Infinity;
    for (let n = 1; n <= 60; n += 1) {
      const size = fitFontSize('word '.repeat(n).trim(), box, STEPS, { measure: mono });
      expect(STEPS).toContain(size);
      expect(size).toBeLessThanOrEqual(previous);
      previous = size;
    }
    expect(previous).toBe(8);
  });

  it('returns a size at which the text really fits, whenever one exists', () => {
    const text = 'Give every card in your hand +2 power this turn and draw a card.';
    const size = fitFontSize(text, box, STEPS, { measure: mono, lineHeight: 1.2 });
    expect(countLines(text, box.width, size, mono) * size * 1.2).toBeLessThanOrEqual(box.height);
    const bigger = STEPS.filter((s) => s > size);
    for (const s of bigger) expect(countLines(text, box.width, s, mono) * s * 1.2).toBeGreaterThan(box.height);
  });

  it('falls back to the smallest step when nothing fits, and accepts unsorted steps', () => {
    expect(fitFontSize('z'.repeat(5000), box, [8, 16, 12], { measure: mono })).toBe(8);
  });

  it('works with the built-in estimate', () => {
    expect(estimateWidth('abcd', 10)).toBeGreaterThan(0);
    expect(fitFontSize('Card Name', { width: 176, height: 30 }, [20, 18, 16])).toBe(20);
  });

  it('rejects an empty list of steps', () => {
    expect(() => fitFontSize('x', box, [])).toThrow();
  });
});
