import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { playChime, resetChimeForTests, soundState } from '../sound/player.ts';
import { SoundBanner } from './SoundBanner.tsx';

/**
 * An Audio stand-in whose play() the browser refuses until `allowed` is set, as autoplay rules do;
 * `broken` refuses for another reason, as a device without audio output does.
 */
function stubAudio() {
  const state = { allowed: false, broken: false, plays: 0 };
  class FakeAudio {
    currentTime = 0;
    play() {
      state.plays += 1;
      if (state.broken) return Promise.reject(new DOMException('no output', 'NotSupportedError'));
      return state.allowed ? Promise.resolve() : Promise.reject(new DOMException('blocked', 'NotAllowedError'));
    }
  }
  vi.stubGlobal('Audio', FakeAudio);
  return state;
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetChimeForTests();
  soundState.set('on');
});

async function blockedBanner() {
  renderWithProviders(<SoundBanner />);
  expect(screen.queryByTestId('sound-blocked')).toBeNull();
  await act(async () => playChime());
  const banner = await screen.findByTestId('sound-blocked');
  expect(banner.textContent).toContain('Sound is off — click to enable');
  return banner;
}

describe('sound banner', () => {
  it('appears when the browser blocks the chime, and one press plays it and clears the banner', async () => {
    const audio = stubAudio();
    const banner = await blockedBanner();

    audio.allowed = true;
    // A real press: pointer-down first (which the page-wide gesture listener sees), then the click.
    fireEvent.pointerDown(banner);
    expect(screen.getByTestId('sound-blocked')).toBe(banner);
    await act(async () => fireEvent.click(banner));
    expect(audio.plays).toBe(2);
    expect(screen.queryByTestId('sound-blocked')).toBeNull();
  });

  it('a key press on the banner plays the chime too, instead of hiding the banner unplayed', async () => {
    const audio = stubAudio();
    const banner = await blockedBanner();

    audio.allowed = true;
    fireEvent.keyDown(banner, { key: 'Enter' });
    expect(screen.getByTestId('sound-blocked')).toBe(banner);
    await act(async () => fireEvent.click(banner));
    expect(audio.plays).toBe(2);
    expect(screen.queryByTestId('sound-blocked')).toBeNull();
  });

  it('a press anywhere else unblocks sound and the banner goes', async () => {
    stubAudio();
    await blockedBanner();
    await act(async () => fireEvent.pointerDown(document.body));
    expect(screen.queryByTestId('sound-blocked')).toBeNull();
    expect(soundState.get()).toBe('on');
  });

  it('says so when the pressed chime still cannot play, and stays', async () => {
    const audio = stubAudio();
    const banner = await blockedBanner();

    audio.broken = true;
    await act(async () => fireEvent.click(banner));
    const failed = screen.getByTestId('sound-blocked');
    expect(failed.getAttribute('data-state')).toBe('failed');
    expect(failed.textContent).toContain('Sound could not play');
  });
});
