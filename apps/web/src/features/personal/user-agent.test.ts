import { describe, expect, it } from 'vitest';
import { describeDevice } from './user-agent.ts';

describe('describeDevice', () => {
  it('names the browser and system a person would recognise', () => {
    expect(describeDevice('Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36')).toBe('Chrome · Android');
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge · Windows');
    expect(describeDevice('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1')).toBe('Safari · iOS');
  });

  it('shows nothing to recognise as unknown, and an unusual client by its own words', () => {
    expect(describeDevice(null)).toBeNull();
    expect(describeDevice('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
