import { EXPORT_FILE_NAME, exportScale } from './export-scale';

describe('exportScale', () => {
  it.each([
    [1920, 2],
    [1280, 2],
    [1025, 2],
    [1024, 4],
    [900, 4],
    [769, 4],
    [768, 7],
    [600, 7],
    [320, 7],
  ])('window width %i → scale %i', (width, scale) => {
    expect(exportScale(width)).toBe(scale);
  });

  it('saves as template-image.png', () => {
    expect(EXPORT_FILE_NAME).toBe('template-image.png');
  });
});
