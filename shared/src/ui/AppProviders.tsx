/** The providers every module renders at its root (shell, and each remote standalone). */
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { BRAND_COLOURS } from '../constants';
import { queryClient } from '@tablee/shared/light';
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
 * antd's CSS-in-JS in its CSS-variables mode (antd 6's default): each component inserts its own rules
 * on its first mount, so a screen carries the CSS of the components it renders, not antd/dist/antd.css
 * (982 KB, 108 KB gzip: every component, on every first visit). The theme's tokens are CSS variables,
 * written once; the rules do not depend on them and are computed once per component.
 */
const THEME = {
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

/**
 * antd's French, with one word changed: a date field's clear button is « Rétablir » in fr_FR, which
 * reads as "restore"; it empties the field, as « Effacer » says (the other fields' clear buttons).
 */
const FRENCH = { ...frFR, DatePicker: { ...frFR.DatePicker!, lang: { ...frFR.DatePicker!.lang, clear: 'Effacer' } } };

/** A visitor who asks the system for less motion gets antd without its opening and closing animations. */
const REDUCED_MOTION_THEME = { ...THEME, token: { ...THEME.token, motion: false } };
const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={tableeStore}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={FRENCH} wave={{ disabled: true }} theme={prefersReducedMotion() ? REDUCED_MOTION_THEME : THEME}>
          {children}
        </ConfigProvider>
      </QueryClientProvider>
    </Provider>
  );
}
