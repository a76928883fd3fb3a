import type { GuestAuth } from '../../integrations/unifi/unifi.map.ts';

/** The guest login page as HTML: no script, small, in Vietnamese or English. */
export type PortalLanguage = 'vi' | 'en';

const TEXTS = {
  vi: {
    title: 'Đăng nhập wifi',
    welcome: 'Chào mừng đến với {venue}',
    code: 'Mã voucher',
    password: 'Mật khẩu wifi',
    accept: 'Tôi đồng ý với điều khoản sử dụng wifi',
    connect: 'Kết nối',
    other: 'English',
    wrongCode: 'Mã voucher không đúng. Vui lòng kiểm tra lại.',
    wrongPassword: 'Mật khẩu không đúng. Vui lòng thử lại.',
    mustAccept: 'Vui lòng đồng ý với điều khoản sử dụng.',
    usedUp: 'Voucher này đã được dùng hết hoặc đã hết hạn.',
    wait: 'Bạn đã nhập sai quá nhiều lần. Vui lòng thử lại sau {minutes} phút.',
    failed: 'Chưa kết nối được. Vui lòng thử lại sau giây lát.',
    connected: 'Bạn đã được kết nối. Chúc bạn lướt web vui vẻ!',
    noDevice: 'Hãy mở trang này từ mạng wifi của địa điểm.',
    unknown: 'Không tìm thấy trang đăng nhập này.',
    closed: 'Wifi của địa điểm này hiện chưa mở đăng nhập tại đây. Vui lòng hỏi nhân viên.',
    expired: 'Voucher này đã hết hạn.',
    unavailable: 'Hiện chưa đăng nhập wifi được. Vui lòng thử lại sau ít phút.',
    badForm: 'Thông tin bạn nhập chưa đúng. Vui lòng kiểm tra và thử lại.',
    foreign: 'Yêu cầu này không đến từ trang đăng nhập wifi. Vui lòng đăng nhập ngay trên trang này.',
    wanted: 'Trang bạn muốn mở:',
  },
  en: {
    title: 'Wifi login',
    welcome: 'Welcome to {venue}',
    code: 'Voucher code',
    password: 'Wifi password',
    accept: 'I accept the terms of use of this wifi',
    connect: 'Connect',
    other: 'Tiếng Việt',
    wrongCode: 'This voucher code is not valid. Please check it.',
    wrongPassword: 'The password is not correct. Please try again.',
    mustAccept: 'Please accept the terms of use.',
    usedUp: 'This voucher has been used up or has expired.',
    wait: 'Too many wrong tries. Please try again in {minutes} minutes.',
    failed: 'The connection did not go through. Please try again in a moment.',
    connected: 'You are connected. Enjoy the internet!',
    noDevice: "Please open this page from the venue's wifi.",
    unknown: 'This login page does not exist.',
    closed: "This venue's wifi login is not open here at the moment. Please ask the staff.",
    expired: 'This voucher has expired.',
    unavailable: 'The wifi login is not available right now. Please try again in a few minutes.',
    badForm: 'What you entered could not be read. Please check it and try again.',
    foreign: 'This request did not come from the wifi login page. Please log in on this page.',
    wanted: 'The page you asked for:',
  },
} as const;

export type PortalMessage = Exclude<
  keyof (typeof TEXTS)['vi'],
  'title' | 'welcome' | 'code' | 'password' | 'accept' | 'connect' | 'other' | 'wanted'
>;

export const portalText = (
  lang: PortalLanguage,
  key: keyof (typeof TEXTS)['vi'],
  vars: Record<string, string | number> = {},
) => TEXTS[lang][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));

const html = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export type PortalView = {
  lang: PortalLanguage;
  /** the venue's name ('' when it could not be read: the page is titled 'Wifi login') */
  venue: string;
  auth: GuestAuth | null;
  /** the splash images' addresses */
  images: { desktop?: string; mobile?: string };
  /** what the guest's phone came with, carried through the form */
  carry: Record<string, string>;
  message?: { key: PortalMessage; vars?: Record<string, string | number>; kind: 'error' | 'done' };
  /** let in: the address the guest wanted (http or https), shown as a plain link under the message */
  wanted?: string;
  /** the page's own address (the form posts here; the language link adds lang) */
  action: string;
};

/** A page's fixed text around the two places that carry what the guest's phone came with (no form: no hidden fields). */
export type PageShell = { beforeHidden: string; beforeLink: string; rest: string };

/** The address of a site's page: the form posts there, the language link adds lang. */
export const portalAction = (site: string) => `/guest/s/${encodeURIComponent(site)}/`;

/**
 * The page: the splash image for the device's shape, the venue, the form its hotspot asks for, or a message. A site's
 * view keeps its shells (made once per view and language); a guest's page only adds what the phone came with.
 */
export function portalPage(v: PortalView, shell: PageShell = pageShell(v)): string {
  const other: PortalLanguage = v.lang === 'vi' ? 'en' : 'vi';
  const otherLink = `${v.action}?${new URLSearchParams({ ...v.carry, lang: other }).toString()}`;
  const hidden =
    shell.beforeHidden === ''
      ? ''
      : Object.entries(v.carry)
          .map(([name, value]) => `<input type="hidden" name="${html(name)}" value="${html(value)}">`)
          .join('');
  return `${shell.beforeHidden}${hidden}${shell.beforeLink}${html(otherLink)}${shell.rest}`;
}

/** The fixed text of a page (what a guest's phone came with aside). */
export function pageShell(v: Omit<PortalView, 'carry'>): PageShell {
  const t = (key: keyof (typeof TEXTS)['vi'], vars?: Record<string, string | number>) =>
    html(portalText(v.lang, key, vars));
  const other: PortalLanguage = v.lang === 'vi' ? 'en' : 'vi';
  const field =
    v.auth === 'hotspot'
      ? `<label for="code">${t('code')}</label><input id="code" name="code" inputmode="numeric" autocomplete="off" maxlength="20" required>`
      : v.auth === 'password'
        ? `<label for="password">${t('password')}</label><input id="password" name="password" type="password" maxlength="64" required>`
        : `<label class="check"><input type="checkbox" name="accept" value="on" required> ${t('accept')}</label>`;
  const withForm = !(v.auth === null || v.message?.kind === 'done');
  const message = v.message
    ? `<p class="${v.message.kind}" role="${v.message.kind === 'error' ? 'alert' : 'status'}">${t(v.message.key, v.message.vars)}</p>`
    : '';
  // never followed by itself: the guest sees where it goes and chooses
  const wanted =
    v.message?.kind === 'done' && v.wanted && /^https?:\/\//i.test(v.wanted)
      ? `<p>${t('wanted')} <a href="${html(v.wanted)}" rel="noreferrer" class="wanted">${html(v.wanted)}</a></p>`
      : '';
  const picture =
    v.images.desktop || v.images.mobile
      ? `<picture>${v.images.mobile ? `<source media="(orientation: portrait)" srcset="${html(v.images.mobile)}">` : ''}<img src="${html(v.images.desktop ?? v.images.mobile ?? '')}" alt=""></picture>`
      : '';
  // The console's Referrer-Policy (no-referrer) would make the browser send the form's post with `Origin: null`,
  // which the post refuses as another page's; same-origin keeps the page's own origin on its post and still sends
  // nothing to other sites (the wanted address, the promotion).
  const top = `<!doctype html>
<html lang="${v.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${t('title')}${v.venue ? ` · ${html(v.venue)}` : ''}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f5f5;color:#1f1f1f}
picture img{position:fixed;inset:0;width:100%;height:100%;object-fit:cover;z-index:-1}
main{box-sizing:border-box;width:calc(100% - 32px);max-width:400px;margin:12vh auto 0;background:rgba(255,255,255,.95);border-radius:12px;padding:24px;box-shadow:0 4px 24px rgba(0,0,0,.15)}
h1{font-size:1.25rem;margin:0 0 16px}
label{display:block;margin:12px 0 4px;font-weight:600}
label.check{font-weight:400}
input[name=code],input[name=password]{box-sizing:border-box;width:100%;padding:12px;font-size:1rem;border:1px solid #8c8c8c;border-radius:8px}
button{margin-top:16px;width:100%;padding:12px;font-size:1rem;color:#fff;background:#0958d9;border:0;border-radius:8px}
.error{color:#a8071a;background:#fff1f0;padding:8px 12px;border-radius:8px}
.done{color:#135200;background:#f6ffed;padding:8px 12px;border-radius:8px}
a.wanted{overflow-wrap:anywhere}
nav{text-align:right;margin-top:16px}a{color:#0958d9}
</style></head>
<body>${picture}<main><h1>${v.venue ? t('welcome', { venue: v.venue }) : t('title')}</h1>${message}${wanted}`;
  const link = `<nav><a href="`;
  const end = `" lang="${other}">${t('other')}</a></nav></main></body></html>`;
  return withForm
    ? {
        beforeHidden: `${top}<form method="post" action="${html(v.action)}">`,
        beforeLink: `<input type="hidden" name="lang" value="${v.lang}">${field}<button type="submit">${t('connect')}</button></form>${link}`,
        rest: end,
      }
    : // no form: nothing carried in hidden fields, only in the language link
      { beforeHidden: '', beforeLink: `${top}${link}`, rest: end };
}
