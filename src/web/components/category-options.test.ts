import {
  ALBUM_OPTIONS,
  COLLECTION_OPTIONS,
  MULTI_SELECT_MAX_HEIGHT_PX,
  NEUTRAL_COLOR,
  TAG_OPTIONS,
  cardOptions,
  filterOptions,
  multiSelectMaxHeight,
  readableTextColor,
  selectedOptions,
} from './category-options';

test('the picker is capped at 110px from 5 selected values on', () => {
  expect(MULTI_SELECT_MAX_HEIGHT_PX).toBe(110);
  expect(multiSelectMaxHeight(0)).toBeUndefined();
  expect(multiSelectMaxHeight(4)).toBeUndefined();
  expect(multiSelectMaxHeight(5)).toBe(110);
  expect(multiSelectMaxHeight(12)).toBe(110);
});

test('albums carry their fixed colours; collections the colour of their album', () => {
  expect(ALBUM_OPTIONS).toHaveLength(7);
  expect(ALBUM_OPTIONS.find((o) => o.value === 'Space')?.color).toBe('#a764fd');
  expect(COLLECTION_OPTIONS.find((o) => o.value === 'ACAL')).toEqual({
    value: 'ACAL',
    label: 'Arthurian Legends',
    color: '#f792e4',
  });
  expect(TAG_OPTIONS.find((o) => o.value === 'Budget')?.color).toBe('#b3ee4c');
});

test('cards are named once and coloured by the album of their code', () => {
  const options = cardOptions([
    { Name: 'Moon', Code: 'SST001' },
    { Name: 'Moon', Code: 'ACAL002' },
    { Name: 'Mystery', Code: 'ZZZ001' },
  ]);
  expect(options).toEqual([
    { value: 'Moon', label: 'Moon', color: '#a764fd', searchKey: 'moon' },
    { value: 'Mystery', label: 'Mystery', color: NEUTRAL_COLOR, searchKey: 'mystery' },
  ]);
});

test('selected values keep their order and unknown ones still show', () => {
  expect(selectedOptions(['Science', 'Nope'], ALBUM_OPTIONS)).toEqual([
    { value: 'Science', label: 'Science', color: '#1dfdc5' },
    { value: 'Nope', label: 'Nope', color: NEUTRAL_COLOR },
  ]);
});

test('pill text is black on light colours and white on dark ones', () => {
  expect(readableTextColor('#fbe22b')).toBe('#000000');
  expect(readableTextColor('#1dfdc5')).toBe('#000000');
  expect(readableTextColor('#8B4000')).toBe('#ffffff');
  expect(readableTextColor('not a colour')).toBe('#000000');
});

test('the card menu lists names starting with the text first, at most the limit', () => {
  const options = ['Alpha Moon', 'Moonstone', 'Moon', 'Sun'].map((n) => ({ value: n, label: n, color: NEUTRAL_COLOR }));
  expect(filterOptions(options, 'moon', 10).map((o) => o.value)).toEqual(['Moonstone', 'Moon', 'Alpha Moon']);
  expect(filterOptions(options, '', 2)).toHaveLength(2);
});

test('the card menu folds accents, case and brackets, as the server looks cards up', () => {
  const options = cardOptions([
    { Name: 'Caño Cristales', Code: 'LLR001' },
    { Name: 'The Fool (XXII)', Code: 'ACT001' },
    { Name: "Schrödinger's Cat", Code: 'SCQ001' },
  ]);
  expect(filterOptions(options, 'cano cristales', 10).map((o) => o.value)).toEqual(['Caño Cristales']);
  expect(filterOptions(options, 'the fool xxii', 10).map((o) => o.value)).toEqual(['The Fool (XXII)']);
  expect(filterOptions(options, 'FOOL (xx', 10).map((o) => o.value)).toEqual(['The Fool (XXII)']);
  expect(filterOptions(options, 'schrodingers', 10).map((o) => o.value)).toEqual(["Schrödinger's Cat"]);
});
