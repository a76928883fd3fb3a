import { type Simulator, startSimulator } from '@it4u/unifi-sim';
import { adminToken } from './support/api.ts';
import { accessible } from './support/axe.ts';
import { FOUR_LOOKS, openParameterTab } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

/**
 * A UniFi OS console serving its own self-signed certificate, as consoles do out of the box: the administrator sees
 * it refused, named by its fingerprint, trusts it from the controller's state and sees the console signed in; in
 * both languages at 1440 px and at 390 px. On a console of its own: a configured controller takes the demo's
 * place, which the other specs count on.
 */
test.use({ consoleKind: 'certificates' });
// both tests trust the same controller's certificate, each from a refusal
test.describe.configure({ mode: 'serial' });

const START = Date.parse('2026-05-06T10:00:00+07:00');
const started = Date.now();
const clock = () => START + (Date.now() - started);

let sim: Simulator;
let id = 0;

const headersOf = async (request: Parameters<typeof adminToken>[0]) => ({
  authorization: `Bearer ${await adminToken(request, readState().adminNewPassword)}`,
});
const body = () => ({
  name: 'Tự ký',
  url: sim.url,
  flavor: 'unifios',
  signIn: 'account',
  username: sim.username,
  password: sim.password,
  verifyTls: true,
});

test.beforeAll(async ({ request }) => {
  sim = await startSimulator({ port: 0, flavor: 'unifios', seed: 41, now: clock, tls: true });
  const res = await request.post('/api/v1/it4u/controllers', { headers: await headersOf(request), data: body() });
  expect(res.status(), await res.text()).toBe(201);
  id = (await res.json()).controller.id;
});

test.beforeEach(async ({ request }) => {
  // untrusted again, and its state checked: the refusal is what the administrator meets
  const headers = await headersOf(request);
  const res = await request.put(`/api/v1/it4u/controllers/${id}`, { headers, data: { ...body(), tlsFingerprint: '' } });
  expect(res.ok(), await res.text()).toBe(true);
  expect((await request.post(`/api/v1/it4u/controllers/${id}/check`, { headers })).ok()).toBe(true);
});

test.afterAll(async ({ request }) => {
  await request.delete(`/api/v1/it4u/controllers/${id}`, { headers: await headersOf(request) });
  await sim?.close();
});

for (const size of FOUR_LOOKS) {
  test(`a self-signed certificate is refused by its fingerprint, then trusted, ${size.name}`, async ({ page }) => {
    const vi = size.lang === 'vi';
    const fingerprint = sim.certificate?.fingerprint256 ?? '';
    await openParameterTab(page, size);

    // the refusal names the certificate: the administrator compares it with the console's own
    const said = vi ? `Dấu vân tay SHA-256 của nó là ${fingerprint}` : `Its SHA-256 fingerprint is ${fingerprint}`;
    // (the parameters form below says the primary controller's refusal too, hidden until asked)
    const refusal = page.getByText(said, { exact: false }).filter({ visible: true });
    await expect(refusal).toHaveCount(1);
    await accessible(page, { fits: true });
    await page.getByRole('button', { name: vi ? 'Tin cậy chứng chỉ này…' : 'Trust this certificate…' }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByLabel(vi ? 'Chứng chỉ tin cậy (dấu vân tay SHA-256)' : 'Trusted certificate (SHA-256 fingerprint)'),
    ).toHaveValue(fingerprint);
    await accessible(page, { fits: true });
    await dialog.getByRole('button', { name: vi ? 'Lưu' : 'Save' }).click();

    // signed in: the stored password went to the trusted certificate only
    await expect(
      page.getByText(vi ? 'Đã lưu Tự ký: đăng nhập thành công' : 'Tự ký saved: signing in worked'),
    ).toBeVisible();
    await expect(page.getByText(vi ? 'Kết nối được' : 'Reachable', { exact: true }).first()).toBeVisible();
    await expect(refusal).toHaveCount(0);
    await accessible(page, { fits: true });
  });
}
