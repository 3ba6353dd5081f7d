/** Vigil's own two-tone chime (synthesised by make-chime.mjs), served from the web root. */
export const CHIME_URL = '/sounds/alert-chime.wav';
/** How often an unacknowledged critical alert repeats its chime. */
export const CRITICAL_REPEAT_MS = 6000;

/** Several triggers in one moment (count rose and a critical arrived) make one chime. */
const MIN_GAP_MS = 800;

let audio: HTMLAudioElement | null = null;
let lastPlayed = 0;

/**
 * Plays the chime once. Browsers block audio until the page has had a user gesture, and a device
 * may have no output: SPEC §8 says such a failure is only logged, never shown.
 */
export function playChime(): void {
  const now = Date.now();
  if (now - lastPlayed < MIN_GAP_MS) return;
  lastPlayed = now;
  try {
    audio ??= new Audio(CHIME_URL);
    audio.currentTime = 0;
    const played = audio.play();
    if (played && typeof played.catch === 'function') {
      played.catch((err: unknown) => console.warn('alert chime could not play', err));
    }
  } catch (err) {
    console.warn('alert chime could not play', err);
  }
}
