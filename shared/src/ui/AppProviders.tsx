/** The providers every module renders at its root (shell, and each remote standalone). */
import { ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { tableeStore } from '../session/session';

dayjs.locale('fr');

/** antd's help texts and placeholders (45 % and 25 % black) fail WCAG AA contrast (axe 'color-contrast'); 56 % passes. */
const READABLE_SECONDARY_TEXT = { colorTextDescription: 'rgba(0, 0, 0, 0.56)', colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)' };

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={tableeStore}>
      <ConfigProvider locale={frFR} theme={{ token: { colorPrimary: '#b5441b', colorLink: '#a33d17', colorError: '#cf1322', borderRadius: 6, ...READABLE_SECONDARY_TEXT } }}>
        {children}
      </ConfigProvider>
    </Provider>
  );
}
