/** The providers every module renders at its root (shell, and each remote standalone). */
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
// antd's components styled by its prebuilt stylesheet (theme zeroRuntime below), loaded with this code.
import 'antd/dist/antd.css';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { BRAND_COLOURS } from '../constants';
import { queryClient } from '../query/query-client';
import { tableeStore } from '@tablee/shared/supabase';

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

/**
 * zeroRuntime: antd's components take their styles from antd/dist/antd.css, written with CSS
 * variables, instead of computing and inserting them on each component's first mount — which is
 * about 40 % of the script time of a screen's first render (72 of 195 ms on the reservation list,
 * profiled). The theme's tokens still reach the page, as the CSS variables that stylesheet reads.
 */
const THEME = {
  zeroRuntime: true,
  token: {
    colorPrimary: BRAND_COLOURS.primary,
    colorPrimaryHover: BRAND_COLOURS.primaryHover,
    colorPrimaryActive: BRAND_COLOURS.primaryActive,
    colorLink: BRAND_COLOURS.link,
    colorLinkHover: BRAND_COLOURS.linkHover,
    colorLinkActive: BRAND_COLOURS.linkActive,
    borderRadius: 6,
    ...READABLE_COLOURS,
  },
};

/** A visitor who asks the system for less motion gets antd without its opening and closing animations. */
const REDUCED_MOTION_THEME = { ...THEME, token: { ...THEME.token, motion: false } };
const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={tableeStore}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={frFR} wave={{ disabled: true }} theme={prefersReducedMotion() ? REDUCED_MOTION_THEME : THEME}>
          {children}
        </ConfigProvider>
      </QueryClientProvider>
    </Provider>
  );
}
