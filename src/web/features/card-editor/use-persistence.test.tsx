import { render } from '@testing-library/react';
import { useDebouncedSave, useObjectUrlCleanup } from './use-persistence';

function Saver({ value, save }: { value: string; save: (v: string) => void }) {
  useDebouncedSave(value, save, 200);
  return null;
}

function ImageUser({ src }: { src?: string }) {
  useObjectUrlCleanup(src);
  return null;
}

describe('useDebouncedSave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once after changes settle, and flushes pending changes on unmount and pagehide', () => {
    const save = vi.fn();
    const { rerender, unmount } = render(<Saver value="a" save={save} />);
    rerender(<Saver value="ab" save={save} />);
    rerender(<Saver value="abc" save={save} />);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenLastCalledWith('abc');

    rerender(<Saver value="abcd" save={save} />);
    window.dispatchEvent(new Event('pagehide'));
    expect(save).toHaveBeenLastCalledWith('abcd');

    rerender(<Saver value="abcde" save={save} />);
    unmount();
    expect(save).toHaveBeenLastCalledWith('abcde');
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(3);
  });
});

describe('useObjectUrlCleanup', () => {
  beforeEach(() => vi.useFakeTimers());
  const original = URL.revokeObjectURL;
  afterEach(() => {
    vi.useRealTimers();
    URL.revokeObjectURL = original;
  });

  it('revokes replaced blob URLs and the last one on unmount, never data URLs', () => {
    const revoke = vi.fn();
    URL.revokeObjectURL = revoke;
    const { rerender, unmount } = render(<ImageUser src="blob:one" />);
    rerender(<ImageUser src="blob:two" />);
    expect(revoke).toHaveBeenCalledWith('blob:one');
    rerender(<ImageUser src="data:image/png;base64,AA" />);
    expect(revoke).toHaveBeenCalledWith('blob:two');
    rerender(<ImageUser src="blob:three" />);
    unmount();
    vi.runAllTimers();
    expect(revoke).toHaveBeenLastCalledWith('blob:three');
    expect(revoke).toHaveBeenCalledTimes(3);
  });
});
