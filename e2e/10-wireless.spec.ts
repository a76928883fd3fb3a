import { startSimulator } from '@it4u/unifi-sim';
import { png } from '../apps/server/src/test/png.ts';
import { adminToken } from './support/api.ts';
import { accessible } from './support/axe.ts';
import { fitsScreen, LoginPage, openDialog, Shell } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

/**
 * Settings → Wireless Networks as a technician would use it on the demo controller: add a site, add a wifi group,
 * create a network with a schedule of two windows on a day, edit it, and turn the hotspot on with a password portal.
 */
test('wireless networks: add a site and a group, create and edit a network with a schedule, set a password hotspot', async ({
  page,
}) => {
  await new LoginPage(page).signInAsAdmin();
  await page.goto('/config');
  await expect(page.getByRole('tab', { name: 'Wireless Networks', selected: true })).toBeVisible();

  // a new site: in the site select at once, and chosen
  await page.getByRole('button', { name: 'Add site' }).click();
  let dialog = await openDialog(page);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Please input your site name!')).toBeVisible();
  await dialog.getByLabel('Site name').fill('Homestay E2E');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Homestay E2E/).first()).toBeVisible();

  // a new group, chosen
  await page.getByRole('button', { name: 'Add group' }).click();
  dialog = await openDialog(page);
  await dialog.getByLabel('Group name').fill('Tầng trệt');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Tầng trệt', { exact: true })).toBeVisible();
  await expect(page.getByText('This wifi group has no wireless network.')).toBeVisible();

  // a network open on Monday 08:00-18:00 and twice on Tuesday
  await page.getByRole('button', { name: 'Create wireless network' }).click();
  dialog = await openDialog(page);
  await dialog.getByLabel('Name (SSID)').fill('Homestay-Khach');
  await dialog.getByLabel('Passphrase (8 to 63 characters)').fill('short');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('The WPA passphrase must be 8 to 63 characters.')).toBeVisible();
  await dialog.getByLabel('Passphrase (8 to 63 characters)').fill('homestay-2026');
  await dialog.getByRole('switch', { name: 'On a schedule' }).click();
  await dialog.getByRole('switch', { name: 'Monday' }).click();
  await dialog.getByRole('switch', { name: 'Tuesday' }).click();
  await dialog.getByRole('button', { name: 'Add a window' }).last().click();
  await expect(dialog.getByText('08:00–18:00')).toHaveCount(2);
  await expect(dialog.getByText('19:00–21:00')).toBeVisible();
  await accessible(page);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Homestay-Khach/ });
  await expect(row).toContainText('WPA Personal');

  // edit: a VLAN, the passphrase kept
  await page.getByRole('button', { name: 'Edit Homestay-Khach' }).click();
  dialog = await openDialog(page);
  await expect(dialog.getByText('19:00–21:00')).toBeVisible();
  await dialog.getByRole('switch', { name: 'Use a VLAN' }).click();
  await dialog.getByLabel('VLAN', { exact: true }).fill('30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('30');

  // the hotspot: on, with a password portal (the password is asked for)
  const hotspot = page.getByRole('switch', { name: 'Wifi marketing (hotspot)' });
  if (await hotspot.isChecked()) {
    await hotspot.click();
    await expect(hotspot).not.toBeChecked();
  }
  await hotspot.click();
  dialog = await openDialog(page);
  await expect(dialog).toContainText(
    /this site's guests to the console's login page: http:\/\/203\.0\.113\.10\/guest\/s\/\w+\//,
  );
  await dialog.getByLabel('Portal name').fill('Homestay WiFi');
  await dialog.getByLabel('Authentication').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Password' }).click();
  await dialog.getByLabel('Password guests type').fill('chao-ban');
  await dialog.getByLabel('Promotional URL').fill('https://homestay.example/khuyen-mai');
  await accessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(hotspot).toBeChecked();
  await page.getByRole('button', { name: 'Edit hotspot' }).click();
  dialog = await openDialog(page);
  await expect(dialog).toContainText(
    "The controller sends this site's guests to the console's login page: http://203.0.113.10/guest/s/",
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Save: the group onto the site's access points (the new site has none yet)
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/^Saved: the group is on 0 access points\.$/)).toBeVisible();
});

test('upload: a splash image of the wrong shape is refused with its reason, the right one is kept and previewed on the guest page itself', async ({
  page,
}) => {
  await new LoginPage(page).signInAsAdmin();
  await page.goto('/config');
  await page.getByRole('tab', { name: 'Upload' }).click();

  const choose = async (button: string, name: string, buffer: Buffer) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: button }).click();
    await (await chooser).setFiles({ name, mimeType: 'image/png', buffer });
  };
  await choose('Upload the desktop image', 'wide.png', png(1600, 900));
  await expect(page.getByText('The image is 1600 × 900: it must be 16:10 (within 2 %).')).toBeVisible();
  await choose('Upload the desktop image', 'photo.png', Buffer.from('not a picture at all, just text'));
  await expect(page.getByText('The file is not a PNG image.')).toBeVisible();
  await choose('Upload the desktop image', 'desktop.png', png(1600, 1000));
  await expect(page.getByText('Current image: 1600 × 1000.')).toBeVisible();
  // the preview is the guest login page itself, in a frame, with the new image
  await expect(page.getByTitle(/^The guest login page of .+ on a desktop$/)).toBeVisible();
  const desktop = page.frameLocator('iframe[title$="on a desktop"]');
  await expect(desktop.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  await expect(desktop.locator('img')).toHaveAttribute('src', /^\/images\/[a-z0-9]+\/desktop\/1\.png$/);

  await choose('Upload the phone image', 'phone.png', png(900, 1600));
  await expect(page.getByText('Current image: 900 × 1600.')).toBeVisible();
  const phone = page.frameLocator('iframe[title$="on a phone"]');
  await expect(phone.locator('source')).toHaveAttribute('srcset', /\/mobile\/1\.png$/);
  // laid out as a phone (portrait): the page takes the phone image
  await expect
    .poll(() => phone.locator('img').evaluate((img) => (img as HTMLImageElement).currentSrc))
    .toMatch(/\/mobile\/1\.png$/);
  const url = (await phone.locator('source').getAttribute('srcset')) ?? '';
  const image = await page.request.get(url);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(image.headers().etag).toBeTruthy();
  // nothing can be sent from the preview
  expect(await page.getByTitle(/on a phone$/).getAttribute('sandbox')).toBe('allow-same-origin');
  await accessible(page);

  // on a phone's screen and a wide one, the preview fits the tab
  for (const [width, height, shape] of [
    [390, 844, 'phone'],
    [1440, 900, 'desktop'],
  ] as const) {
    await page.setViewportSize({ width, height });
    // (the narrow layout is another tree: the tab starts again on the desktop)
    await page.getByText(shape === 'desktop' ? 'Desktop' : 'Phone', { exact: true }).click();
    const framed = page.getByTitle(new RegExp(`on a ${shape}$`));
    await expect(framed).toBeVisible();
    const box = await framed.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, `${width}px`).toBe(true);
    await fitsScreen(page);
  }
});

/**
 * An administrator points the console at a controller of Network 6 and later (the simulator with AP groups): the tab
 * names its groups AP groups and says what that means, in English and Vietnamese, with nothing for axe-core to find.
 * The demo controller is put back at the end for the specs after this one.
 */
test('a controller of Network 6 and later: its AP groups, said on the tab in both languages', async ({
  page,
  request,
}) => {
  const sim = await startSimulator({
    port: 0,
    host: '127.0.0.1',
    flavor: 'classic',
    apGroups: true,
    username: 'net6',
    password: 'net6-password',
    seed: 6,
  });
  const token = await adminToken(request, readState().adminNewPassword);
  const parameters = (data: Record<string, unknown>) =>
    request.put('/api/v1/it4u/systemConfig', {
      headers: { authorization: `Bearer ${token}` },
      data: { tokenUcrm: 'ucrm-e2e', tokenDev: 'dev-e2e', verifyTls: true, ...data },
    });
  try {
    const saved = await parameters({ urlUbnt: sim.url, usernameUbnt: 'net6', pwUbnt: 'net6-password' });
    expect((await saved.json()).controller).toMatchObject({ ok: true });
    await new LoginPage(page).signInAsAdmin();
    await page.goto('/config');
    // the site every controller has (the others of the site names are the demo controller's)
    await page.getByLabel('Choose a site', { exact: true }).fill('default');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '(default)' }).click();
    await expect(page.getByLabel('AP group', { exact: true })).toBeVisible();
    await expect(page.getByText(/^This controller \(Network 6 or later\) has AP groups/)).toBeVisible();
    await accessible(page);
    await new Shell(page).chooseLanguage('Tiếng Việt');
    await expect(page.getByText(/^Bộ điều khiển này \(Network 6 trở lên\)/)).toBeVisible();
    await accessible(page);
    await new Shell(page).chooseLanguage('English');
  } finally {
    expect((await parameters({ urlUbnt: '', usernameUbnt: '', pwUbnt: '' })).ok()).toBe(true);
    await sim.close();
  }
});
