import type { Voucher } from '@it4u/shared';
import QRCode from 'qrcode';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const WORDS = {
  en: {
    title: 'Wifi vouchers',
    duration: 'Duration',
    down: 'Download',
    up: 'Upload',
    quota: 'Data',
    unlimited: 'unlimited',
    code: 'Code',
    uses: 'Uses',
  },
  vi: {
    title: 'Voucher wifi',
    duration: 'Thời hạn',
    down: 'Tải xuống',
    up: 'Tải lên',
    quota: 'Dung lượng',
    unlimited: 'không giới hạn',
    code: 'Mã',
    uses: 'Số lần dùng',
  },
};

function duration(minutes: number, lang: 'en' | 'vi'): string {
  if (minutes % 1440 === 0)
    return lang === 'vi' ? `${minutes / 1440} ngày` : `${minutes / 1440} day${minutes === 1440 ? '' : 's'}`;
  if (minutes % 60 === 0)
    return lang === 'vi' ? `${minutes / 60} giờ` : `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return lang === 'vi' ? `${minutes} phút` : `${minutes} min`;
}

const rate = (kbps: number | null, w: (typeof WORDS)['en']) =>
  kbps === null ? w.unlimited : kbps >= 1024 ? `${(kbps / 1024).toFixed(1)} Mbps` : `${kbps} Kbps`;

/** A printable A4 page of voucher cards (code, duration, limits, site, a QR code of the code). */
export async function voucherSheet(vouchers: Voucher[], siteName: string, lang: 'en' | 'vi'): Promise<string> {
  const w = WORDS[lang];
  const cards = await Promise.all(
    vouchers.map(async (v) => {
      const qr = await QRCode.toString(v.code.replace('-', ''), { type: 'svg', margin: 0, width: 96 });
      return `<div class="card"><div class="qr">${qr}</div><div class="text">
        <div class="site">${esc(siteName)}</div>
        <div class="code">${esc(v.code)}</div>
        <div>${w.duration}: ${esc(duration(v.duration, lang))}</div>
        <div>${w.down}: ${esc(rate(v.down, w))} · ${w.up}: ${esc(rate(v.up, w))}</div>
        <div>${w.quota}: ${v.byteQuota === null ? w.unlimited : `${v.byteQuota} MB`} · ${w.uses}: ${v.quota === 0 ? '∞' : v.quota}</div>
      </div></div>`;
    }),
  );
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${w.title} – ${esc(siteName)}</title>
<style>
  @page { size: A4; margin: 10mm; }
  body { font-family: system-ui, sans-serif; margin: 0; }
  .sheet { display: grid; grid-template-columns: repeat(2, 1fr); gap: 4mm; }
  .card { display: flex; gap: 4mm; border: 1px dashed #888; border-radius: 2mm; padding: 4mm; break-inside: avoid; font-size: 10pt; }
  .qr svg { width: 26mm; height: 26mm; }
  .site { font-weight: 600; }
  .code { font-size: 16pt; font-family: ui-monospace, monospace; letter-spacing: 1px; margin: 1mm 0; }
</style></head><body><div class="sheet">${cards.join('')}</div></body></html>`;
}
