import { createStore } from '../../../lib/store.ts';

/** Vigil's own two-tone chime (synthesised by make-chime.mjs), served from the web root. */
export const CHIME_URL = '/sounds/alert-chime.wav';
/** How often an unacknowledged critical alert repeats its chime. */
export const CRITICAL_REPEAT_MS = 6000;

/** Several triggers in one moment (count rose and a critical arrived) make one chime. */
const MIN_GAP_MS = 800;

let audio: HTMLAudioElement | null = null;
let lastPlayed = 0;

/**
 * Whether the browser is keeping the chime silent: it blocks audio until the page has had a user
 * gesture, so a console reopened at night would stay quiet. The top bar shows a banner while this
 * is true; a click on it plays the chime, which is the gesture the browser waits for.
 */
export const soundBlocked = createStore<boolean>(
  typeof navigator !== 'undefined' && navigator.userActivation ? !navigator.userActivation.hasBeenActive : false,
);

// Any click or key press anywhere is the gesture browsers wait for; the banner can go then.
if (soundBlocked.get() && typeof window !== 'undefined') {
  const unblock = () => {
    soundBlocked.set(false);
    window.removeEventListener('pointerdown', unblock, true);
    window.removeEventListener('keydown', unblock, true);
  };
  window.addEventListener('pointerdown', unblock, true);
  window.addEventListener('keydown', unblock, true);
}

function play(): void {
  try {
    audio ??= new Audio(CHIME_URL);
    audio.currentTime = 0;
    const played = audio.play();
    if (played && typeof played.then === 'function') {
      played.then(
        () => soundBlocked.set(false),
        (err: unknown) => {
          // SPEC §8: a device without output only logs; a blocked autoplay is shown, it silences alerts.
          if (err instanceof DOMException && err.name === 'NotAllowedError') soundBlocked.set(true);
          console.warn('alert chime could not play', err);
        },
      );
    }
  } catch (err) {
    console.warn('alert chime could not play', err);
  }
}

/** Plays the chime once (several triggers within a moment make one chime). */
export function playChime(): void {
  const now = Date.now();
  if (now - lastPlayed < MIN_GAP_MS) return;
  lastPlayed = now;
  play();
}

/** From a click (the sound banner, the test button): plays now, which also unblocks audio. */
export function testChime(): void {
  lastPlayed = Date.now();
  play();
}

/** Test seam: forget the audio element and the gap between chimes. */
export function resetChimeForTests(): void {
  audio = null;
  lastPlayed = 0;
}
