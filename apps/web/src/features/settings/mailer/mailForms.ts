/** What the mailer's forms share: their width. */
export const FORM_STYLE = { maxWidth: 720 };
