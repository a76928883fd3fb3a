import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { CreateVoucherModal, toCreateVoucherBody } from './CreateVoucherModal.tsx';

function input(label: string): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

function type(element: HTMLInputElement, value: string) {
  fireEvent.change(element, { target: { value } });
  fireEvent.blur(element);
}

async function chooseExpire(text: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Valid for' }));
  fireEvent.click(await screen.findByTitle(text));
}

describe('create vouchers dialog', () => {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(201, []));

  beforeEach(() => {
    setAccessToken('token');
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps each limit disabled until its box is ticked', async () => {
    renderWithProviders(<CreateVoucherModal site="default" onClose={() => {}} onCreated={() => {}} />);
    const boxes = screen.getAllByRole('checkbox', { name: 'Limited to' }) as HTMLInputElement[];
    expect(boxes).toHaveLength(3);
    for (const label of ['Download', 'Upload', 'Data quota']) expect(input(label).disabled).toBe(true);
    expect(input('Download').value).toBe('150');
    expect(input('Upload').value).toBe('150');
    expect(input('Data quota').value).toBe('2');

    fireEvent.click(boxes[0]);
    await waitFor(() => expect(input('Download').disabled).toBe(false));
    expect(input('Upload').disabled).toBe(true);
    fireEvent.click(boxes[2]);
    await waitFor(() => expect(input('Data quota').disabled).toBe(false));
    fireEvent.click(boxes[0]);
    await waitFor(() => expect(input('Download').disabled).toBe(true));
  });

  it('starts with 1 voucher of 1 use for 8 hours: with a note, submitting at once creates it', async () => {
    const onCreated = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<CreateVoucherModal site="default" onClose={onClose} onCreated={onCreated} />);
    expect(input('How many').value).toBe('1');
    expect(input('Uses per voucher').value).toBe('1');
    expect(screen.getByTitle('8 hours')).toBeTruthy();

    type(input('Note'), 'Front desk');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/it4u/default/createVoucher');
    expect(JSON.parse(String(init?.body))).toEqual({
      cmd: 'create-voucher',
      n: 1,
      quota: 1,
      expire: 480,
      note: 'Front desk',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onCreated).toHaveBeenCalledWith([]);
  });

  it('asks only for the note at first; an emptied count or uses is asked for too, and nothing is sent', async () => {
    renderWithProviders(<CreateVoucherModal site="default" onClose={() => {}} onCreated={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please input a note!')).toBeTruthy();
    expect(screen.queryByText('Please input how many vouchers to create!')).toBeNull();
    expect(screen.queryByText('Please input the number of uses per voucher!')).toBeNull();
    expect(screen.queryByText('Please choose how long the vouchers are valid!')).toBeNull();

    type(input('How many'), '');
    type(input('Uses per voucher'), '');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please input how many vouchers to create!')).toBeTruthy();
    expect(screen.getByText('Please input the number of uses per voucher!')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends only the ticked limits', async () => {
    const onCreated = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<CreateVoucherModal site="default" onClose={onClose} onCreated={onCreated} />);
    type(input('How many'), '5');
    type(input('Uses per voucher'), '0');
    await chooseExpire('24 hours');
    const boxes = screen.getAllByRole('checkbox', { name: 'Limited to' });
    fireEvent.click(boxes[1]);
    await waitFor(() => expect(input('Upload').disabled).toBe(false));
    type(input('Upload'), '512');
    type(input('Note'), 'Cafe table 4');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/it4u/default/createVoucher');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      cmd: 'create-voucher',
      n: 5,
      quota: 0,
      expire: 1440,
      up: 512,
      note: 'Cafe table 4',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onCreated).toHaveBeenCalledWith([]);
  });

  it("says under its field a limit the controller's official API does not take, and keeps the dialog and what was typed", async () => {
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse(400, {
        statusCode: 400,
        code: 'voucherOverControllerLimit',
        params: { min: 2, max: 100_000 },
        message: "This controller's official API takes a value from 2 to 100000 here: enter one within those bounds.",
        details: [
          {
            field: 'up',
            code: 'voucherOverControllerLimit',
            params: { min: 2, max: 100_000 },
            message:
              "This controller's official API takes a value from 2 to 100000 here: enter one within those bounds.",
          },
        ],
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(<CreateVoucherModal site="default" onClose={onClose} onCreated={() => {}} />);
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Limited to' })[1]);
    await waitFor(() => expect(input('Upload').disabled).toBe(false));
    type(input('Upload'), '200000');
    type(input('Note'), 'Hội nghị');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const said = await screen.findAllByText(/takes a value from 2 to 100,000 here/);
    expect(said.length).toBeGreaterThanOrEqual(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(input('Upload').value).toBe('200000');
    expect(input('Note').value).toBe('Hội nghị');
  });

  it('builds the body with every ticked limit', () => {
    expect(
      toCreateVoucherBody({
        n: 2,
        quota: 1,
        expire: 480,
        downLimited: true,
        down: 150,
        upLimited: false,
        up: 150,
        bytesLimited: true,
        bytes: 2,
        note: ' x ',
      }),
    ).toEqual({ cmd: 'create-voucher', n: 2, quota: 1, expire: 480, down: 150, bytes: 2, note: 'x' });
  });
});
