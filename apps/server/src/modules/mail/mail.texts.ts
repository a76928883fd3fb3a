import type { Language } from '@it4u/shared';

/** The words of the mails the console writes itself, in the reader's language. */
const TEXTS = {
  English: {
    locale: 'en-GB',
    reportTitle: 'Customer report',
    reportAt: 'As of {{time}} (Asia/Ho_Chi_Minh)',
    summary:
      '{{sites}} customer sites: {{down}} down, {{stale}} not updating, {{wans}} WAN links down, {{aps}} access points disconnected.',
    nothingWrong: 'Every customer site is up.',
    columns: ['Site', 'Customer', 'Service', 'State', 'Access points disconnected', 'WAN links down', 'Last update'],
    down: 'Down',
    stale: 'Not updating',
    never: 'never',
    attachment: 'customer-report',
    testSubject: 'Test mail from the IT4U console',
    testText: 'This test mail was sent by {{user}} from Settings → Mailer. The mail settings work.',
    resetSubject: 'Reset your IT4U console password',
    resetText:
      'Hello {{name}},\n\nSomeone (we hope you) asked to reset the password of the account {{username}}. Open this link within 30 minutes to choose a new password:\n\n{{link}}\n\nThe link works once. If you did not ask, ignore this mail: your password stays as it is.',
  },
  Vietnamese: {
    locale: 'vi-VN',
    reportTitle: 'Báo cáo khách hàng',
    reportAt: 'Tính đến {{time}} (giờ Việt Nam)',
    summary:
      '{{sites}} điểm khách hàng: {{down}} sự cố, {{stale}} không cập nhật, {{wans}} đường WAN mất kết nối, {{aps}} điểm phát mất kết nối.',
    nothingWrong: 'Mọi điểm khách hàng đều hoạt động.',
    columns: [
      'Điểm',
      'Khách hàng',
      'Dịch vụ',
      'Trạng thái',
      'Điểm phát mất kết nối',
      'Đường WAN mất kết nối',
      'Cập nhật lần cuối',
    ],
    down: 'Sự cố',
    stale: 'Không cập nhật',
    never: 'chưa bao giờ',
    attachment: 'bao-cao-khach-hang',
    testSubject: 'Thư thử từ IT4U console',
    testText: 'Thư thử này do {{user}} gửi từ Cài đặt → Mailer. Cấu hình thư hoạt động.',
    resetSubject: 'Đặt lại mật khẩu IT4U console',
    resetText:
      'Xin chào {{name}},\n\nCó người (hy vọng là bạn) đã yêu cầu đặt lại mật khẩu của tài khoản {{username}}. Mở liên kết này trong vòng 30 phút để chọn mật khẩu mới:\n\n{{link}}\n\nLiên kết chỉ dùng được một lần. Nếu bạn không yêu cầu, hãy bỏ qua thư này: mật khẩu của bạn vẫn giữ nguyên.',
  },
} as const;

export type MailTexts = (typeof TEXTS)[Language];

export const mailTexts = (language: Language): MailTexts => TEXTS[language] ?? TEXTS.English;
