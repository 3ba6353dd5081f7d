import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { playChime, resetChimeForTests, soundBlocked } from '../sound/player.ts';
import { SoundBanner } from './SoundBanner.tsx';

/** An Audio stand-in whose play() the browser refuses until `allowed` is set, as autoplay rules do. */
function stubAudio() {
  const state = { allowed: false, plays: 0 };
  class FakeAudio {
    currentTime = 0;
    play() {
      state.plays += 1;
      return state.allowed ? Promise.resolve() : Promise.reject(new DOMException('blocked', 'NotAllowedError'));
    }
  }
  vi.stubGlobal('Audio', FakeAudio);
  return state;
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetChimeForTests();
  soundBlocked.set(false);
});

describe('sound banner', () => {
  it('appears when the browser blocks the chime, and one click plays it and clears the banner', async () => {
    const audio = stubAudio();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderWithProviders(<SoundBanner />);
    expect(screen.queryByTestId('sound-blocked')).toBeNull();

    await act(async () => playChime());
    const banner = await screen.findByTestId('sound-blocked');
    expect(banner.textContent).toContain('Sound is off — click to enable');

    audio.allowed = true;
    await act(async () => fireEvent.click(banner));
    expect(audio.plays).toBe(2);
    expect(screen.queryByTestId('sound-blocked')).toBeNull();
  });
});
