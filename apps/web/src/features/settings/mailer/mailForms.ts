/** What the mailer's forms share: the address pattern they check against and their width. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const FORM_STYLE = { maxWidth: 720 };
