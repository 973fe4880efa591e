import type { UserEvent } from '@testing-library/user-event';

/**
 * Enters `text` in a field as one paste (one input event), where `user.type` sends a key event per
 * character and each one re-renders the whole antd form in jsdom. At the end of what the field holds,
 * as typing after a click would; `replace` clears the field first. What only key-by-key typing shows
 * is checked in Chromium (e2e).
 */
export async function paste(user: UserEvent, field: HTMLElement, text: string, { replace = false } = {}): Promise<void> {
  if (replace) await user.clear(field);
  else await user.click(field);
  await user.paste(text);
}
