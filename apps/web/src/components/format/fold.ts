/** Lowercase, without Vietnamese marks, so that 'ha noi' finds 'Hà Nội' (search boxes, the menu's search). */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();
}
