import { createAutosave, InvalidValueError, type AutosaveStatus } from '../../src/lib/autosave';

/** A save whose every call the test resolves or rejects by hand, in any order. */
function controllableSave() {
  const calls: { value: string; resolve: () => void; reject: (e: Error) => void }[] = [];
  const stored: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const save = (value: string) =>
    new Promise<void>((resolve, reject) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      calls.push({
        value,
        resolve: () => {
          inFlight -= 1;
          stored.push(value);
          resolve();
        },
        reject: (e) => {
          inFlight -= 1;
          reject(e);
        },
      });
    });
  return { save, calls, stored, maxInFlight: () => maxInFlight };
}

/** Lets pending promise callbacks run (the scheduler awaits between saves). */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('autosave scheduler', () => {
  it('debounces: one save of the last value, debounceMs after the last change', async () => {
    const s = controllableSave();
    const statuses: AutosaveStatus[] = [];
    const autosave = createAutosave({ save: s.save, debounceMs: 500, onState: (st) => statuses.push(st.status) });
    autosave.schedule('L');
    jest.advanceTimersByTime(300);
    autosave.schedule('Le');
    jest.advanceTimersByTime(300);
    autosave.schedule('Le B');
    jest.advanceTimersByTime(499);
    expect(s.calls).toHaveLength(0);
    expect(autosave.getState().status).toBe('pending');
    jest.advanceTimersByTime(1);
    expect(s.calls.map((c) => c.value)).toEqual(['Le B']);
    expect(autosave.getState().status).toBe('saving');
    s.calls[0].resolve();
    await settle();
    expect(autosave.getState().status).toBe('saved');
    expect(s.stored).toEqual(['Le B']);
    expect(statuses).toEqual(['pending', 'pending', 'pending', 'saving', 'saved']);
  });

  it('uses each step its own delay (1000 ms for photos)', () => {
    const s = controllableSave();
    const photos = createAutosave({ save: s.save, debounceMs: 1000 });
    photos.schedule('photo');
    jest.advanceTimersByTime(999);
    expect(s.calls).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(s.calls).toHaveLength(1);
  });

  it('serialises: a change during a save waits for it, then the latest value is saved (never two in flight)', async () => {
    const s = controllableSave();
    const autosave = createAutosave({ save: s.save, debounceMs: 500 });
    autosave.schedule('a');
    jest.advanceTimersByTime(500);
    expect(s.calls).toHaveLength(1);
    autosave.schedule('ab');
    jest.advanceTimersByTime(500);
    autosave.schedule('abc');
    jest.advanceTimersByTime(500);
    // The first save is still running: no second save has started.
    expect(s.calls).toHaveLength(1);
    expect(autosave.hasUnsaved()).toBe(true);
    s.calls[0].resolve();
    await settle();
    // Only the latest value follows ('ab' is skipped).
    expect(s.calls.map((c) => c.value)).toEqual(['a', 'abc']);
    s.calls[1].resolve();
    await settle();
    expect(s.stored).toEqual(['a', 'abc']);
    expect(s.maxInFlight()).toBe(1);
    expect(autosave.hasUnsaved()).toBe(false);
    expect(autosave.getState().status).toBe('saved');
  });

  it('out-of-order completion cannot happen: the stored value is the last typed even if the first save is slow', async () => {
    const s = controllableSave();
    const autosave = createAutosave({ save: s.save, debounceMs: 500 });
    autosave.schedule('old');
    jest.advanceTimersByTime(500);
    autosave.schedule('new');
    const flushed = autosave.flush();
    await settle();
    // The newer save has not started while the older one is in flight…
    expect(s.calls.map((c) => c.value)).toEqual(['old']);
    // …so however late the older one completes, it completes first.
    jest.advanceTimersByTime(10_000);
    s.calls[0].resolve();
    await settle();
    expect(s.calls.map((c) => c.value)).toEqual(['old', 'new']);
    s.calls[1].resolve();
    await expect(flushed).resolves.toBe(true);
    expect(s.stored[s.stored.length - 1]).toBe('new');
  });

  it('flush saves a pending change at once (navigation) and resolves when it is stored', async () => {
    const s = controllableSave();
    const autosave = createAutosave({ save: s.save, debounceMs: 500 });
    autosave.schedule('typed');
    let done: boolean | undefined;
    void autosave.flush().then((ok) => (done = ok));
    await settle();
    expect(s.calls.map((c) => c.value)).toEqual(['typed']);
    expect(done).toBeUndefined();
    s.calls[0].resolve();
    await settle();
    expect(done).toBe(true);
    // The debounce timer was cancelled: no second save later.
    jest.advanceTimersByTime(5000);
    expect(s.calls).toHaveLength(1);
  });

  it('flush with nothing to save resolves true without saving', async () => {
    const s = controllableSave();
    const autosave = createAutosave({ save: s.save, debounceMs: 500 });
    await expect(autosave.flush()).resolves.toBe(true);
    expect(s.calls).toHaveLength(0);
  });

  it('retries a failed save with growing delays, reports the error, and keeps the value to save', async () => {
    const s = controllableSave();
    const errors: unknown[] = [];
    const autosave = createAutosave({
      save: s.save,
      debounceMs: 500,
      retryDelaysMs: [1000, 3000],
      onState: (st) => st.status === 'error' && errors.push(st.lastError),
    });
    autosave.schedule('value');
    jest.advanceTimersByTime(500);
    s.calls[0].reject(new Error('réseau'));
    await settle();
    expect(autosave.getState()).toMatchObject({ status: 'error', failures: 1 });
    expect(autosave.hasUnsaved()).toBe(true);
    jest.advanceTimersByTime(999);
    expect(s.calls).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(s.calls.map((c) => c.value)).toEqual(['value', 'value']);
    s.calls[1].reject(new Error('réseau'));
    await settle();
    expect(autosave.getState()).toMatchObject({ status: 'error', failures: 2 });
    jest.advanceTimersByTime(2999);
    expect(s.calls).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(s.calls).toHaveLength(3);
    s.calls[2].resolve();
    await settle();
    expect(autosave.getState()).toMatchObject({ status: 'saved', failures: 0 });
    expect(s.stored).toEqual(['value']);
    expect(errors.map((e) => (e as Error).message)).toEqual(['réseau', 'réseau']);
  });

  it('a change typed after a failure is what the retry saves (the failed older value is not sent again)', async () => {
    const s = controllableSave();
    const autosave = createAutosave({ save: s.save, debounceMs: 500, retryDelaysMs: [1000] });
    autosave.schedule('v1');
    jest.advanceTimersByTime(500);
    autosave.schedule('v2');
    s.calls[0].reject(new Error('boom'));
    await settle();
    expect(autosave.getState().status).toBe('error');
    jest.advanceTimersByTime(1000);
    expect(s.calls.map((c) => c.value)).toEqual(['v1', 'v2']);
    s.calls[1].resolve();
    await settle();
    expect(s.stored).toEqual(['v2']);
  });

  it('flush reports false when the save fails, and the unsaved value remains', async () => {
    const s = controllableSave();
    const autosave = createAutosave({ save: s.save, debounceMs: 500 });
    autosave.schedule('x');
    const flushed = autosave.flush();
    await settle();
    s.calls[0].reject(new Error('down'));
    await expect(flushed).resolves.toBe(false);
    expect(autosave.hasUnsaved()).toBe(true);
    const again = autosave.flush();
    await settle();
    expect(s.calls.map((c) => c.value)).toEqual(['x', 'x']);
    s.calls[1].resolve();
    await expect(again).resolves.toBe(true);
  });

  it('a value refused as invalid is not retried nor reported saved; the next change is saved', async () => {
    const s = controllableSave();
    const autosave = createAutosave({ save: s.save, debounceMs: 500 });
    autosave.schedule('pas-un-email');
    jest.advanceTimersByTime(500);
    s.calls[0].reject(new InvalidValueError());
    await settle();
    expect(autosave.getState().status).toBe('invalid');
    expect(autosave.hasUnsaved()).toBe(true);
    jest.advanceTimersByTime(60_000);
    expect(s.calls).toHaveLength(1);
    autosave.schedule('a@b.fr');
    expect(autosave.getState().status).toBe('pending');
    jest.advanceTimersByTime(500);
    s.calls[1].resolve();
    await settle();
    expect(autosave.getState().status).toBe('saved');
    expect(s.stored).toEqual(['a@b.fr']);
  });

  it('with `same`: what is stored, or the value last given, told again is no change (no save, the debounce not restarted)', async () => {
    const s = controllableSave();
    const autosave = createAutosave({ save: s.save, debounceMs: 500, same: (a, b) => a === b, stored: 'Le Bouchon' });
    autosave.schedule('Le Bouchon');
    expect(autosave.hasUnsaved()).toBe(false);
    expect(autosave.getState().status).toBe('saved');
    autosave.schedule('Le Bouchon Lyonnais');
    jest.advanceTimersByTime(400);
    autosave.schedule('Le Bouchon Lyonnais');
    jest.advanceTimersByTime(100);
    expect(s.calls.map((c) => c.value)).toEqual(['Le Bouchon Lyonnais']);
    // Told again while its save runs (the form's watcher renders again when the stored value moves).
    autosave.schedule('Le Bouchon Lyonnais');
    s.calls[0].resolve();
    await settle();
    jest.advanceTimersByTime(5000);
    expect(s.calls).toHaveLength(1);
    expect(autosave.getState().status).toBe('saved');
    // Typed back to an older value: a change again.
    autosave.schedule('Le Bouchon');
    jest.advanceTimersByTime(500);
    expect(s.calls.map((c) => c.value)).toEqual(['Le Bouchon Lyonnais', 'Le Bouchon']);
  });

  it('dispose stops the timers', () => {
    const s = controllableSave();
    const autosave = createAutosave({ save: s.save, debounceMs: 500 });
    autosave.schedule('x');
    autosave.dispose();
    jest.advanceTimersByTime(5000);
    expect(s.calls).toHaveLength(0);
  });
});
