/**
 * The kernel is a versioned contract (ARCHITECTURE.md, 'What is shared'): its exported surface is
 * recorded in shared/kernel-surface.json for its version, so a change a remote built against this
 * kernel would meet is seen here, before it ships, and needs `pnpm kernel:surface` with a new version.
 */
import { compareSurfaces, computeSurface, isBumped, kernelVersion, readRecordedSurface, requiredBump, type Surface } from '../../scripts/kernel-surface';

it('the recorded surface is the surface of this version of the kernel', () => {
  const recorded = readRecordedSurface();
  expect(recorded.version).toBe(kernelVersion());
  const current = computeSurface();
  const changes = compareSurfaces(recorded, current);
  // On failure: run `pnpm kernel:surface` after bumping shared/package.json's version as semver asks.
  expect(changes).toEqual({ removedOrChanged: [], added: [] });
}, 120_000);

it('the light entry pulls no heavy library: core exports no React component, client or query', () => {
  const core = readRecordedSurface().entries['./core'];
  expect(core).toBeDefined();
  expect(Object.keys(core)).toContain('KERNEL_VERSION');
  expect(Object.keys(core)).not.toContain('getSupabase');
  expect(Object.keys(core)).not.toContain('AppProviders');
  expect(Object.keys(core)).not.toContain('queryClient');
});

it('the kernel carries no domain: no database types, model, statuses, restaurant pages or dev harness', () => {
  const names = Object.values(readRecordedSurface().entries).flatMap((entry) => Object.keys(entry));
  for (const domain of ['Database', 'Json', 'Reservation', 'ReservationStatus', 'statusFromCode', 'RESTAURANT_TABS', 'restaurantPath', 'PHOTO_BUCKET', 'renderStandalone']) {
    expect(names).not.toContain(domain);
  }
});

describe('semver of the surface', () => {
  const surface = (names: Record<string, string>, version = '1.2.0'): Surface => ({ version, entries: { '.': names } });
  const before = surface({ formatDate: 'function (d: string) => string', Reservation: 'type { id: string }' });

  it('a removed or changed name asks for a major version', () => {
    const removed = compareSurfaces(before, surface({ Reservation: 'type { id: string }' }));
    expect(removed.removedOrChanged).toEqual(['. formatDate']);
    expect(requiredBump('1.2.0', removed)).toBe('major');
    const changed = compareSurfaces(before, surface({ formatDate: 'function (d: Date) => string', Reservation: 'type { id: string }' }));
    expect(requiredBump('1.2.0', changed)).toBe('major');
    expect(isBumped('1.2.0', '1.3.0', 'major')).toBe(false);
    expect(isBumped('1.2.0', '2.0.0', 'major')).toBe(true);
  });

  it('an added name asks for a minor version; nothing changed asks for none', () => {
    const added = compareSurfaces(before, surface({ ...before.entries['.'], formatTime: 'function (t: string) => string' }));
    expect(added).toEqual({ removedOrChanged: [], added: ['. formatTime'] });
    expect(requiredBump('1.2.0', added)).toBe('minor');
    expect(isBumped('1.2.0', '1.2.1', 'minor')).toBe(false);
    expect(isBumped('1.2.0', '1.3.0', 'minor')).toBe(true);
    expect(requiredBump('1.2.0', compareSurfaces(before, before))).toBeNull();
  });
});
