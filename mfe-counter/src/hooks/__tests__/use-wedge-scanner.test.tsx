import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COUNTER } from '@panel/shared/page-ui';

import { useWedgeScanner } from '../use-wedge-scanner';

// jsdom stamps events with the real clock, which the fake timers do not move:
// here a key's time is the (fake) clock's when it is handled.
const handledAt = () => performance.now();

function Harness({
  onSubmit,
  keyTime = handledAt,
}: {
  onSubmit: () => void;
  keyTime?: (event: KeyboardEvent) => number;
}) {
  const [client, setClient] = useState('');
  const [scans, setScans] = useState<string[]>([]);
  useWedgeScanner((code) => setScans((all) => [...all, code]), { keyTime });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label>
        Client
        <input value={client} onChange={(event) => setClient(event.target.value)} />
      </label>
      <button type="submit">Lend</button>
      <ul aria-label="Scans">
        {scans.map((code, n) => (
          <li key={n}>{code}</li>
        ))}
      </ul>
    </form>
  );
}

function setup(delay: number) {
  const onSubmit = jest.fn();
  render(<Harness onSubmit={onSubmit} />);
  const user = userEvent.setup({ delay, advanceTimers: jest.advanceTimersByTime });
  return {
    user,
    onSubmit,
    scans: () => screen.queryAllByRole('listitem').map((li) => li.textContent),
  };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useWedgeScanner', () => {
  it('takes a code typed at 10 ms a character and ended by Enter, with no field focused', async () => {
    const { user, scans, onSubmit } = setup(10);
    await user.keyboard('QR-000123{Enter}');
    expect(scans()).toEqual(['QR-000123']);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps a scan out of the focused client field and its form', async () => {
    const { user, scans, onSubmit } = setup(10);
    const client = screen.getByLabelText('Client');
    await user.click(client);
    await user.keyboard('Ann');
    await act(() => jest.advanceTimersByTimeAsync(COUNTER.wedgeMaxPauseMs + 1));
    await user.keyboard('ABCD1234{Enter}');
    expect(scans()).toEqual(['ABCD1234']);
    expect(client).toHaveValue('Ann');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('recognises a scan every time in 100 tries', async () => {
    const { user, scans } = setup(10);
    for (let n = 0; n < 100; n += 1) {
      await user.keyboard(`C${String(n).padStart(5, '0')}{Enter}`);
      await act(() => jest.advanceTimersByTimeAsync(200));
    }
    expect(scans()).toHaveLength(100);
    expect(scans()[99]).toBe('C00099');
  });

  it('takes a scan whose keys a busy browser delivered unevenly', async () => {
    const { user, scans } = setup(10);
    await user.keyboard('AB12');
    await act(() => jest.advanceTimersByTimeAsync(80));
    await user.keyboard('CD34EF{Enter}');
    expect(scans()).toEqual(['AB12CD34EF']);
  });

  it('takes a scan whose keys a busy browser delivered long after they were pressed', async () => {
    // Pressed 10 ms apart from now on, each delivered 100 ms after the one before.
    const pressed = performance.now();
    let keys = 0;
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} keyTime={() => pressed + 10 * keys++} />);
    const user = userEvent.setup({ delay: 100, advanceTimers: jest.advanceTimersByTime });
    const client = screen.getByLabelText('Client');
    client.focus();
    await user.keyboard('QR-000777{Enter}');
    expect(screen.queryAllByRole('listitem').map((li) => li.textContent)).toEqual(['QR-000777']);
    expect(client).toHaveValue('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not take a person’s last key just before a scan into the code', async () => {
    const { user, scans } = setup(120);
    const client = screen.getByLabelText('Client');
    await user.click(client);
    await user.keyboard('Ann');
    const scanner = userEvent.setup({ delay: 10, advanceTimers: jest.advanceTimersByTime });
    await act(() => jest.advanceTimersByTimeAsync(90));
    await scanner.keyboard('VyYM8sisGSQN0Oiz{Enter}');
    expect(scans()).toEqual(['VyYM8sisGSQN0Oiz']);
    expect(client).toHaveValue('Ann');
  });

  it('leaves typing at a person’s speed in the field, and Enter submits the form', async () => {
    const { user, scans, onSubmit } = setup(120);
    const client = screen.getByLabelText('Client');
    await user.click(client);
    await user.keyboard('Maria Lopez{Enter}');
    expect(client).toHaveValue('Maria Lopez');
    expect(scans()).toEqual([]);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('gives back to the field a fast burst that ends without Enter', async () => {
    const { user, scans } = setup(10);
    const client = screen.getByLabelText('Client');
    await user.click(client);
    await user.keyboard('Jonathan');
    await act(() => jest.advanceTimersByTimeAsync(COUNTER.wedgeMaxPauseMs + 1));
    expect(client).toHaveValue('Jonathan');
    await user.keyboard('{Enter}');
    expect(scans()).toEqual([]);
  });

  it('gives a fast burst back to the field before a click acts', async () => {
    const { user } = setup(10);
    const client = screen.getByLabelText('Client');
    await user.click(client);
    await user.keyboard('Jonathan');
    await user.pointer({
      keys: '[MouseLeft>]',
      target: screen.getByRole('button', { name: 'Lend' }),
    });
    expect(client).toHaveValue('Jonathan');
  });

  it('does not take a fast word shorter than a code for a scan', async () => {
    const { user, scans, onSubmit } = setup(10);
    const client = screen.getByLabelText('Client');
    await user.click(client);
    await user.keyboard('Bob{Enter}');
    expect(scans()).toEqual([]);
    expect(client).toHaveValue('Bob');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
