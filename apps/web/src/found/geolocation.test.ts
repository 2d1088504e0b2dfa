import { afterEach, describe, expect, it, vi } from 'vitest';
import { locateOnce } from './geolocation';

type Success = PositionCallback;
type Failure = PositionErrorCallback | null | undefined;

const fakeGeolocation = (impl: (ok: Success, fail: Failure, options?: PositionOptions) => void) =>
  ({ getCurrentPosition: vi.fn(impl) }) as unknown as Geolocation & {
    getCurrentPosition: ReturnType<typeof vi.fn>;
  };

afterEach(() => {
  vi.useRealTimers();
});

describe('locateOnce', () => {
  it('asks once, with a timeout, and gives the position', async () => {
    const geo = fakeGeolocation((ok) =>
      ok({ coords: { latitude: 48.8566, longitude: 2.3522 } } as GeolocationPosition),
    );
    await expect(locateOnce(geo)).resolves.toEqual({ latitude: 48.8566, longitude: 2.3522 });
    expect(geo.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(geo.getCurrentPosition.mock.calls[0]![2]).toMatchObject({ timeout: 8000 });
  });

  it('gives null when refused, failing or missing', async () => {
    const refused = fakeGeolocation((_ok, fail) => fail?.({ code: 1 } as GeolocationPositionError));
    await expect(locateOnce(refused)).resolves.toBeNull();
    const throwing = fakeGeolocation(() => {
      throw new Error('insecure context');
    });
    await expect(locateOnce(throwing)).resolves.toBeNull();
    await expect(locateOnce(undefined)).resolves.toBeNull();
  });

  it('stops waiting when the prompt is never answered', async () => {
    vi.useFakeTimers();
    const silent = fakeGeolocation(() => {});
    const result = locateOnce(silent, { positionMs: 8000, overallMs: 20_000 });
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(result).resolves.toBeNull();
  });
});
