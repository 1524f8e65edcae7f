import { act, render, screen, waitFor } from '@testing-library/react';

import { MESSAGES } from '../../config/messages';
import { tellFailure, useSubmit, type SubmitOptions } from '../use-submit';

function Probe(props: SubmitOptions<string, unknown>) {
  const { submit, busy, sent, failure } = useSubmit(props);
  return (
    <>
      <button type="button" onClick={() => void submit('body')}>
        Send
      </button>
      <p data-testid="state">{`${busy ? 'busy' : 'idle'} ${sent ? 'sent' : ''}`}</p>
      {failure ? <p role="alert">{failure.first.text}</p> : null}
    </>
  );
}

const state = () => screen.getByTestId('state').textContent?.trim();

describe('useSubmit', () => {
  it('sends once while in flight, tells the failure and forgets it on the next submit', async () => {
    let fail: (reason: unknown) => void = () => undefined;
    const send = jest.fn(() => new Promise((_resolve, reject) => (fail = reject)));
    render(<Probe send={send} describe={{ anonymous: true }} />);
    const button = screen.getByRole('button', { name: 'Send' });
    // Both clicks before React re-renders: only the in-flight guard can stop the second.
    act(() => {
      button.click();
      button.click();
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(state()).toBe('busy');
    act(() => fail({ status: 401, data: { error: 'Invalid email or password' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(state()).toBe('idle');

    act(() => button.click());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('stays busy after a success when asked, and runs onSent after its delay', async () => {
    jest.useFakeTimers();
    try {
      const onSent = jest.fn();
      render(
        <Probe
          send={() => Promise.resolve('reply')}
          busyAfterSuccess
          onSentDelayMs={1000}
          onSent={onSent}
        />,
      );
      act(() => screen.getByRole('button', { name: 'Send' }).click());
      await waitFor(() => expect(state()).toBe('busy sent'));
      act(() => jest.advanceTimersByTime(999));
      expect(onSent).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(onSent).toHaveBeenCalledWith('reply', 'body');
      expect(state()).toBe('busy sent');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('tellFailure', () => {
  const failure = {
    status: 400,
    data: { error: 'No.', email: ['Taken.'], logo: ['Too big.'] },
  };

  it("tells each named field's first error, in the order asked", () => {
    expect(tellFailure(failure, { serverFields: ['logo', 'email'] })).toEqual({
      first: { text: 'Too big.', field: 'logo' },
      fields: [
        { text: 'Too big.', field: 'logo' },
        { text: 'Taken.', field: 'email' },
      ],
    });
    expect(
      tellFailure(failure, { serverFields: ['logo', 'email'], firstOnly: true }).fields,
    ).toEqual([{ text: 'Too big.', field: 'logo' }]);
  });

  it("tells the call's own text when no field is named", () => {
    expect(tellFailure({ status: 'FETCH_ERROR', error: 'down' }, {})).toEqual({
      first: { text: MESSAGES.noInternet },
      fields: [],
    });
  });
});
