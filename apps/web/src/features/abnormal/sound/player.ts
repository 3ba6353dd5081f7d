import { createStore } from '../../../lib/store.ts';

/** Vigil's own two-tone chime (synthesised by make-chime.mjs), served from the web root. */
export const CHIME_URL = '/sounds/alert-chime.wav';
/** How often an unacknowledged critical alert repeats its chime. */
export const CRITICAL_REPEAT_MS = 6000;

/** Several triggers in one moment (count rose and a critical arrived) make one chime. */
const MIN_GAP_MS = 800;

/** Marks the sound banner, whose own press plays the confirming chime (see the gesture listener). */
export const SOUND_BANNER_ATTRIBUTE = 'data-sound-banner';

/**
 * Whether the alert chime can be heard:
 * - `on`: nothing stops it;
 * - `blocked`: the browser keeps it silent until the page has had a user gesture, so a console
 *   reopened at night would stay quiet. The top bar shows a banner; pressing it plays the chime,
 *   which is the gesture the browser waits for, and the banner goes once the chime has played;
 * - `failed`: the user pressed the banner and the chime still could not play (no output device,
 *   a file the browser cannot decode). The banner says so instead of going away silently.
 */
export type SoundState = 'on' | 'blocked' | 'failed';

export const soundState = createStore<SoundState>(
  typeof navigator !== 'undefined' && navigator.userActivation && !navigator.userActivation.hasBeenActive ? 'blocked' : 'on',
);

let audio: HTMLAudioElement | null = null;
let lastPlayed = 0;

/**
 * Any click or key press elsewhere on the page is the gesture browsers wait for, so the banner can
 * go then. A press on the banner itself is left to the banner: hiding it on pointer-down or
 * key-down would remove the button before its click, and the confirming chime would never play.
 * Armed whenever sound becomes blocked; disarms itself on the first gesture.
 */
let gestureArmed = false;
function armGestureListener(): void {
  if (gestureArmed || typeof window === 'undefined') return;
  gestureArmed = true;
  const unblock = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(`[${SOUND_BANNER_ATTRIBUTE}]`)) return;
    gestureArmed = false;
    window.removeEventListener('pointerdown', unblock, true);
    window.removeEventListener('keydown', unblock, true);
    if (soundState.get() === 'blocked') soundState.set('on');
  };
  window.addEventListener('pointerdown', unblock, true);
  window.addEventListener('keydown', unblock, true);
}
soundState.subscribe(() => {
  if (soundState.get() === 'blocked') armGestureListener();
});
if (soundState.get() === 'blocked') armGestureListener();

function play(pressed: boolean): Promise<void> {
  try {
    audio ??= new Audio(CHIME_URL);
    audio.currentTime = 0;
    return Promise.resolve(audio.play()).then(
      () => soundState.set('on'),
      (err: unknown) => {
        // SPEC §8: a device without output only logs; a blocked autoplay is shown, it silences
        // alerts. A press that still cannot play says so, or the user would believe sound works.
        if (err instanceof DOMException && err.name === 'NotAllowedError') soundState.set('blocked');
        else if (pressed) soundState.set('failed');
        console.warn('alert chime could not play', err);
      },
    );
  } catch (err) {
    if (pressed) soundState.set('failed');
    console.warn('alert chime could not play', err);
    return Promise.resolve();
  }
}

/** Plays the chime once (several triggers within a moment make one chime). */
export function playChime(): void {
  const now = Date.now();
  if (now - lastPlayed < MIN_GAP_MS) return;
  lastPlayed = now;
  void play(false);
}

/**
 * From a press (the sound banner, the test button): plays now, which also unblocks audio. The
 * promise settles once the chime has played or failed, and the state says which.
 */
export function testChime(): Promise<void> {
  lastPlayed = Date.now();
  return play(true);
}

/** Test seam: forget the audio element and the gap between chimes. */
export function resetChimeForTests(): void {
  audio = null;
  lastPlayed = 0;
}
