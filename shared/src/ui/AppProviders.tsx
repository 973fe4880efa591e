/** The providers every module renders at its root (shell, and each remote standalone). */
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
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

/** Cache keys of a component's styles and of its CSS variables (@ant-design/cssinjs's prefixes). */
const COMPONENT_STYLE_KEY = /^(style|cssVar)%/;

/**
 * antd computes a component's styles on its first mount and by default forgets them when its last
 * instance unmounts, so going back to a screen seen before computed them all again (bench (c):
 * about half of the list's and the Informations tab's time to data). This cache keeps them: an
 * entry depends only on its key (component, token hash), and a remount inserts its style again.
 */
function createKeptStyleCache() {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (key, valueFn) =>
    update(key, (previous) => {
      const next = valueFn(previous);
      // Last instance gone (null): keep the computed value, with no instance.
      return next === null && previous && COMPONENT_STYLE_KEY.test(key) ? [0, previous[1]] : next;
    });
  return cache;
}

const styleCache = createKeptStyleCache();

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={tableeStore}>
      <QueryClientProvider client={queryClient}>
        <StyleProvider cache={styleCache}>
          <ConfigProvider locale={frFR} wave={{ disabled: true }} theme={{ token: { colorPrimary: '#b5441b', colorLink: '#a33d17', borderRadius: 6, ...READABLE_COLOURS } }}>
            {children}
          </ConfigProvider>
        </StyleProvider>
      </QueryClientProvider>
    </Provider>
  );
}
