/** The providers every module renders at its root (shell, and each remote standalone). */
import { ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { tableeStore } from '../session/session';

dayjs.locale('fr');

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={tableeStore}>
      <ConfigProvider locale={frFR} theme={{ token: { colorPrimary: '#b5441b', colorLink: '#a33d17', colorError: '#cf1322', borderRadius: 6 } }}>
        {children}
      </ConfigProvider>
    </Provider>
  );
}
