import { describe, expect, it } from 'vitest';
import { deviceClassOf } from './device-class.ts';

describe('device class from the user agent', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'phone'],
    ['Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36', 'phone'],
    ['Mozilla/5.0 (Linux; Android 14; SM-X210) AppleWebKit/537.36 Chrome/131.0 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36', 'desktop'],
    ['', 'desktop'],
  ] as const)('%s → %s', (agent, device) => {
    expect(deviceClassOf(agent)).toBe(device);
  });

  it('reads a missing header as desktop', () => {
    expect(deviceClassOf(undefined)).toBe('desktop');
  });
});
