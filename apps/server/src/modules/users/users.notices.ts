import { LANGUAGES, type Language } from '@it4u/shared';
import type { MailService } from '../mail/mail.service.ts';

/** A change of the sign-in details of an account, told to its address of before. */
export type LoginChange = {
  /** the account as it was before the change */
  before: { name: string; username: string; email: string; language: string };
  username?: { from: string; to: string };
  email?: { from: string; to: string };
};

/** The words of the notice, in the reader's language. */
const TEXTS = {
  English: {
    subject: 'The sign-in details of your IT4U console account were changed',
    text: 'Hello {{name}},\n\nThe sign-in details of the IT4U console account {{username}} were just changed, with its password:\n\n{{changes}}\n\nIf you made this change, nothing more is needed. If you did not, someone knows your password: ask an administrator of the console at once to block the account and set a new password.',
    email: '- e-mail address: {{from}} → {{to}} (this address gets no more mail of the console)',
    username: '- username: {{from}} → {{to}}',
  },
  Vietnamese: {
    subject: 'Thông tin đăng nhập tài khoản IT4U console của bạn đã thay đổi',
    text: 'Xin chào {{name}},\n\nThông tin đăng nhập của tài khoản IT4U console {{username}} vừa được thay đổi, bằng mật khẩu của tài khoản:\n\n{{changes}}\n\nNếu bạn đã thực hiện thay đổi này, bạn không cần làm gì thêm. Nếu không, có người đã biết mật khẩu của bạn: hãy báo ngay cho quản trị viên của console để khóa tài khoản và đặt mật khẩu mới.',
    email: '- địa chỉ e-mail: {{from}} → {{to}} (địa chỉ này sẽ không nhận thư của console nữa)',
    username: '- tên đăng nhập: {{from}} → {{to}}',
  },
} as const;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/**
 * The notice of a changed e-mail address or username, mailed to the address of before through the console's mail
 * transport (and its send log), in the user's language, else the mail settings' one. Without mail settings there is
 * nothing to send it with: the change stands, and the audit trail keeps it.
 */
export function createLoginNotices(mail: () => MailService) {
  return {
    async send(change: LoginChange): Promise<void> {
      const service = mail();
      if (!(await service.available())) return;
      const language = isLanguage(change.before.language) ? change.before.language : (await service.get()).languageMail;
      const t = TEXTS[language] ?? TEXTS.English;
      const changes = [
        change.email && fill(t.email, change.email),
        change.username && fill(t.username, change.username),
      ].filter(Boolean);
      const text = fill(t.text, {
        name: change.before.name || change.before.username,
        username: change.before.username,
        changes: changes.join('\n'),
      });
      await service.sendTo(change.before.email, t.subject, text, 'notice');
    },
  };
}
