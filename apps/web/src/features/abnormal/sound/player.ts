/** Vigil's own two-tone chime (synthesised by make-chime.mjs), served from the web root. */
export const CHIME_URL = '/sounds/alert-chime.wav';
/** How often an unacknowledged critical alert repeats its chime. */
export const CRITICAL_REPEAT_MS = 6000;

let audio: HTMLAudioElement | null = null;

/**
 * Plays the chime once. Browsers block audio until the page has had a user gesture, and a device
 * may have no output: SPEC §8 says such a failure is only logged, never shown.
 */
export function playChime(): void {
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
