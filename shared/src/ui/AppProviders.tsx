/** The providers every module renders at its root (shell, and each remote standalone). */
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { queryClient } from '../query/query-client';
import { tableeStore } from '../session/session';

dayjs.locale('fr');

/**
 * antd's default error red (#ff4d4f), help and secondary texts (45 % black) and placeholders (25 %)
 * fail WCAG AA contrast (axe 'color-contrast'): one theme with darker shades for every module.
 */
const READABLE_COLOURS = {
  colorError: '#c41d1f',
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
};

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={tableeStore}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={frFR} theme={{ token: { colorPrimary: '#b5441b', colorLink: '#a33d17', borderRadius: 6, ...READABLE_COLOURS } }}>
          {children}
        </ConfigProvider>
      </QueryClientProvider>
    </Provider>
  );
}
