/** A Popconfirm's width: readable on a wide screen, within the screen on a phone (its text wraps, never runs off). */
export const CONFIRM_STYLES = { root: { maxWidth: 'min(440px, calc(100vw - 24px))' } };
