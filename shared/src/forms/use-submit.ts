import { useEffect, useRef, useState } from 'react';

import {
  describeError,
  type ApiError,
  type DescribeOptions,
  type ErrorDescription,
} from '../api/describe-error';

/** What a failed call says, through describeError: one text, and each named field's own. */
export interface ToldFailure {
  /** What the user reads (the first named field's error, else the call's). */
  first: ErrorDescription;
  /** The server's error for each of serverFields it named, in that order. */
  fields: ErrorDescription[];
}

export interface SubmitOptions<I, R> {
  /** Makes the call; a throw is a failed call (RTK Query's unwrap() error). */
  send: (input: I) => Promise<R>;
  /** Body fields whose server-side error lists are told on their own. */
  serverFields?: readonly string[];
  /** One problem at a time: only the first named field's error. */
  firstOnly?: boolean;
  /** How describeError reads a failure (anonymous calls, by status code). */
  describe?: Omit<DescribeOptions, 'fields'>;
  onSent?: (result: R, input: I) => void;
  /** After a failure, e.g. to put it on the form's fields or in a toast. */
  onFailed?: (told: ToldFailure, failure: ApiError) => void;
  /** Stays busy this long after a failure (the register form's 3 s). */
  holdAfterFailureMs?: number;
  /** Stays busy after a success: the form is leaving the page. */
  busyAfterSuccess?: boolean;
  /** onSent runs this long after the success (the page says so first). */
  onSentDelayMs?: number;
}

export interface Submit<I> {
  /** Sends, unless a call is in flight: a second submit is ignored. */
  submit: (input: I) => Promise<void>;
  /** A call is in flight right now (a ref: true before React re-renders). */
  inFlight: () => boolean;
  /** A call is in flight (or held after it, as asked). */
  busy: boolean;
  /** The last call succeeded. */
  sent: boolean;
  /** What the last call's failure said, until the next submit. */
  failure: ToldFailure | null;
}

/** A failed call through describeError: the first text, and each of serverFields it names. */
export function tellFailure(
  failure: ApiError,
  {
    serverFields = [],
    firstOnly,
    describe,
  }: Pick<SubmitOptions<never, never>, 'serverFields' | 'firstOnly' | 'describe'>,
): ToldFailure {
  const first = describeError(failure, { ...describe, fields: serverFields });
  if (firstOnly) return { first, fields: first.field === undefined ? [] : [first] };
  const fields = serverFields
    .map((field) => describeError(failure, { ...describe, fields: [field] }))
    .filter((told) => told.field !== undefined);
  return { first, fields };
}

/**
 * The one submit of the panel's forms, with or without react-hook-form (the
 * login page draws its form without it, see login-form.tsx): a second submit
 * while one is in flight is ignored, the form is busy while it runs (and
 * after it, as asked), and a failure is told through describeError.
 */
export function useSubmit<I, R = unknown>(options: SubmitOptions<I, R>): Submit<I> {
  const latest = useRef(options);
  latest.current = options;
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<ToldFailure | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const release = () => {
    running.current = false;
    setBusy(false);
  };

  const submit = async (input: I) => {
    // A ref, not state: two quick submits both get here before React re-renders.
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setSent(false);
    setFailure(null);
    const current = latest.current;
    try {
      const result = await current.send(input);
      if (!current.busyAfterSuccess) release();
      setSent(true);
      if (current.onSentDelayMs === undefined) current.onSent?.(result, input);
      else timer.current = setTimeout(() => current.onSent?.(result, input), current.onSentDelayMs);
    } catch (error) {
      const told = tellFailure(error as ApiError, current);
      setFailure(told);
      if (current.holdAfterFailureMs)
        timer.current = setTimeout(release, current.holdAfterFailureMs);
      else release();
      current.onFailed?.(told, error as ApiError);
    }
  };

  return { submit, inFlight: () => running.current, busy, sent, failure };
}
