/** The kernel's constants: the toast's time on screen (spec §2), the locale, the theme's colours. */
export const TOAST_AUTO_CLOSE_MS = 4000;

export const LOCALE = 'fr-FR';

/**
 * Tablée's colours, the one home of the theme (antd's tokens in AppProviders, the antd-free entry pages'
 * CSS, the few styles written by hand). Hover and press darken rather than lighten: white text on every
 * state of a primary button, and link text on white, stay above AA's 4.5:1 (the lighter hover antd
 * derives, #c2653d, is 4.0:1).
 */
export const BRAND_COLOURS = {
  primary: '#b5441b',
  primaryHover: '#9c3a17',
  primaryActive: '#8f3012',
  link: '#a33d17',
  linkHover: '#8f3012',
  linkActive: '#7a2910',
  /** The name 'Tablée' and the selected menu entry. */
  title: '#8a3414',
} as const;
