import { act, render, renderHook, screen } from '@testing-library/react';
import { persistToast, readStoredToast, Toast, useToast } from '../../src/ui/toast';

const KEY = 'restaurant-notification';

describe('toast persistence (spec §2)', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.useRealTimers();
  });

  it('stores the toast under restaurant-notification with its time', () => {
    persistToast({ type: 'success', message: 'OK' }, 1000);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({ type: 'success', message: 'OK', timestamp: 1000 });
  });

  it('replays a toast younger than 5 s and drops an older one', () => {
    persistToast({ type: 'error', message: 'KO' }, 10_000);
    expect(readStoredToast(14_999)).toEqual({ type: 'error', message: 'KO' });
    expect(readStoredToast(15_000)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('drops an unreadable entry', () => {
    localStorage.setItem(KEY, '{not json');
    expect(readStoredToast()).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('shows the stored toast on load and closes it after 4 s', () => {
    jest.useFakeTimers();
    persistToast({ type: 'success', message: 'Les menus ont été enregistrés avec succès !' });
    const { result } = renderHook(() => useToast());
    expect(result.current.toast).toEqual({ type: 'success', message: 'Les menus ont été enregistrés avec succès !' });
    act(() => jest.advanceTimersByTime(3999));
    expect(result.current.toast).not.toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.toast).toBeNull();
  });

  it('showToast displays and persists; green for success, red for error', () => {
    const { result } = renderHook(() => useToast());
    act(() => result.current.showToast('error', 'Une erreur est survenue lors de la sauvegarde. Veuillez réessayer.'));
    expect(JSON.parse(localStorage.getItem(KEY)!).message).toBe('Une erreur est survenue lors de la sauvegarde. Veuillez réessayer.');
    const { rerender } = render(<Toast toast={result.current.toast} onClose={() => {}} />);
    expect(screen.getByRole('alert')).toHaveStyle({ background: '#a8071a' });
    rerender(<Toast toast={{ type: 'success', message: 'OK' }} onClose={() => {}} />);
    expect(screen.getByRole('status')).toHaveStyle({ background: '#237804', top: '16px', right: '16px' });
  });
});
