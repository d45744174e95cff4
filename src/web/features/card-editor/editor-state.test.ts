import {
  editorReducer,
  INITIAL_STATE,
  loadState,
  MAX_STORED_IMAGE_CHARS,
  restoreState,
  saveState,
  serializeState,
  STORAGE_KEY,
  type EditorState,
} from './editor-state';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('editor state', () => {
  it('starts on Space / Basic / Rare', () => {
    expect(INITIAL_STATE).toMatchObject({ album: 'Space', limited: 'Basic', rarity: 'Rare' });
  });

  it('clears the collection icon when a Mythic or Ultra Fusion template is chosen', () => {
    let state = editorReducer(INITIAL_STATE, { type: 'collection', icon: 'gem' });
    expect(state.collectionIcon).toBe('gem');
    state = editorReducer(state, { type: 'template', choice: { rarity: 'Ultra Fusion' } });
    expect(state.collectionIcon).toBeNull();
    state = editorReducer(state, { type: 'template', choice: { rarity: 'Epic' } });
    state = editorReducer(state, { type: 'collection', icon: 'star' });
    state = editorReducer(state, { type: 'template', choice: { rarity: 'Mythic' } });
    expect(state.collectionIcon).toBeNull();
    // and it cannot be set again while the template forbids it
    expect(editorReducer(state, { type: 'collection', icon: 'star' }).collectionIcon).toBeNull();
  });

  it('switching to Limited from a non-limited rarity lands on a real frame', () => {
    const mythic = editorReducer(INITIAL_STATE, { type: 'template', choice: { rarity: 'Mythic' } });
    expect(editorReducer(mythic, { type: 'template', choice: { limited: 'Limited' } })).toMatchObject({
      limited: 'Limited',
      rarity: 'Common',
    });
  });

  it('keeps stats to two digits and clamps the zoom', () => {
    expect(editorReducer(INITIAL_STATE, { type: 'field', field: 'power', value: '1a23' }).power).toBe('12');
    expect(editorReducer(INITIAL_STATE, { type: 'transform', transform: { zoom: 9 } }).transform.zoom).toBe(3);
    expect(editorReducer(INITIAL_STATE, { type: 'transform', transform: { zoom: 0.1 } }).transform.zoom).toBe(0.5);
  });

  it('adds, edits and removes ability rows', () => {
    let state = editorReducer(INITIAL_STATE, { type: 'addAbility', ability: 'Play', id: 'a' });
    state = editorReducer(state, { type: 'addAbility', ability: 'Draw', id: 'b' });
    state = editorReducer(state, { type: 'updateAbility', id: 'a', text: 'hi' });
    expect(state.abilities).toEqual([
      { id: 'a', type: 'Play', text: 'hi' },
      { id: 'b', type: 'Draw', text: '' },
    ]);
    expect(editorReducer(state, { type: 'removeAbility', id: 'a' }).abilities.map((a) => a.id)).toEqual(['b']);
  });

  it('round-trips through storage, including a small background', () => {
    const storage = memoryStorage();
    const state: EditorState = {
      ...INITIAL_STATE,
      name: 'Saturn',
      rarity: 'Epic',
      abilities: [{ id: 'x', type: 'Return', text: 'Back' }],
      background: { src: 'data:image/png;base64,AAAA', persistable: true },
      transform: { x: 10, y: -4, zoom: 2 },
      collectionIcon: 'comet',
      foregroundIcon: 'planet',
    };
    saveState(storage, state);
    expect(loadState(storage)).toEqual(state);
  });

  it('does not store session-only or oversized backgrounds', () => {
    const objectUrl = { ...INITIAL_STATE, background: { src: 'blob:http://x/1', persistable: false } };
    expect(JSON.parse(serializeState(objectUrl)).background).toBeNull();
    const huge = {
      ...INITIAL_STATE,
      background: { src: `data:image/png;base64,${'A'.repeat(MAX_STORED_IMAGE_CHARS)}`, persistable: true },
    };
    expect(JSON.parse(serializeState(huge)).background).toBeNull();
  });

  it('retries without the image when storage is full', () => {
    const writes: string[] = [];
    const storage = {
      setItem: (_k: string, v: string) => {
        if (v.includes('data:image')) throw new Error('QuotaExceededError');
        writes.push(v);
      },
    };
    saveState(storage, { ...INITIAL_STATE, background: { src: 'data:image/png;base64,AA', persistable: true } });
    expect(writes).toHaveLength(1);
  });

  it('survives corrupt or tampered storage', () => {
    expect(loadState({ getItem: () => '{not json' })).toEqual(INITIAL_STATE);
    expect(loadState({ getItem: () => null })).toEqual(INITIAL_STATE);
    const restored = restoreState({
      album: 'Mars',
      rarity: 'Mythic',
      collectionIcon: 'gem',
      abilities: [{ id: 'q', type: 'Fly', text: 'x' }, 'junk'],
      background: { src: 'javascript:void(globalThis.pwned = 1)' },
      transform: { zoom: 99 },
      energy: 'abc12',
    });
    expect(restored).toMatchObject({
      album: 'Space',
      rarity: 'Mythic',
      collectionIcon: null,
      abilities: [],
      background: null,
      energy: '12',
    });
    expect(STORAGE_KEY).toMatch(/cardEditor/);
  });
});
