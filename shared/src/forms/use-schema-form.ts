import { typeboxResolver } from '@hookform/resolvers/typebox';
import { useRef, useState, type FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { Static, TObject } from 'typebox';

import {
  describeError,
  type ApiError,
  type DescribeOptions,
  type ErrorDescription,
} from '../api/describe-error';
import { useSubmit, type SubmitOptions, type ToldFailure } from './use-submit';

/** A problem the schema cannot see (two passwords differ, a box not ticked), on its field. */
export interface FieldProblem<V extends FieldValues> {
  field: Path<V>;
  text: string;
}

/** What the form sends: the body, and the values it was made from. */
type Sent<V extends FieldValues, S extends TObject> = { body: Static<S>; values: V };

/** The submit's options (busy, hold, delay, server fields: useSubmit's), and the form's own. */
export interface SchemaFormOptions<V extends FieldValues, S extends TObject, R> extends Omit<
  SubmitOptions<Sent<V, S>, R>,
  'send' | 'onSent' | 'onFailed'
> {
  /** The body's schema, from @panel/shared/contract: what the API checks too. */
  schema: S;
  defaultValues: DefaultValues<V>;
  /** The body the form sends, made from its values (trimmed…); the schema checks this. */
  toBody: (values: V) => Static<S>;
  /**
   * The form's own text when the schema refuses a body field, by body field.
   * Without one, the sentence describeError gives the API's schema answer
   * for that field, so the user reads what the server would have said.
   */
  messages?: Partial<Record<keyof Static<S> & string, string | ((body: Static<S>) => string)>>;
  /** The form field that shows a body field's error, where the names differ ('form': under the form). */
  fieldOf?: Partial<Record<string, Path<V> | 'form'>>;
  /** Checks beyond the schema, run when it passes (two passwords the same). */
  check?: (values: V) => FieldProblem<V> | null;
  /** Checks run before the schema (a box to tick, a field the schema lets be empty). */
  checkFirst?: (values: V) => FieldProblem<V> | null;
  /** Focus the first field with an error. */
  focusError?: boolean;
  /** One problem at a time (the body's field order), as a form that checks one field at a time. */
  firstOnly?: boolean;
  /** Makes the call; a throw is a failed call (RTK Query's unwrap() error). */
  send: (body: Static<S>, values: V) => Promise<R>;
  onSent?: (result: R, values: V) => void;
  /** After a failure is on the form, e.g. for a toast or what else its answer says. */
  onFailed?: (described: ErrorDescription, failure: ApiError) => void;
}

export interface SchemaForm<V extends FieldValues> extends UseFormReturn<V> {
  /** The form's onSubmit: a second submit while one is in flight is ignored. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A call is in flight (or held after it, as asked). */
  busy: boolean;
  /** The last call succeeded. */
  sent: boolean;
  /** An input's props, with its error; typing in it takes that error away. */
  field: (name: Path<V>) => UseFormRegisterReturn<Path<V>> & { error?: string };
  /** A failure no field owns (no internet, a plain `error`). */
  formError: string | undefined;
}

/** The sentence the user reads when the API refuses a body field by its schema. */
function schemaRefusal(field: string, options: Omit<DescribeOptions, 'fields'> = {}): string {
  const answer = { status: 400, data: { error: `Invalid request: body/${field}` } };
  return describeError(answer, { ...options, anonymous: true }).text;
}

const SERVER_ERROR = 'root.server';

/**
 * react-hook-form checking a form's body against its contract schema with
 * typeboxResolver, and the one place a failed call becomes errors on the
 * form's fields (describeError with the fields' lists) or under the form.
 * Texts stay the form's: the schema decides what is refused, `messages` (or
 * the API's own sentence) what is said.
 */
export function useSchemaForm<V extends FieldValues, S extends TObject, R = unknown>(
  options: SchemaFormOptions<V, S, R>,
): SchemaForm<V> {
  const latest = useRef(options);
  latest.current = options;
  const [resolver] = useState(() => bodyResolver<V, S, R>(latest));
  const form = useForm<V>({
    defaultValues: options.defaultValues,
    resolver,
    // Errors come and go on submit; typing in a field only takes its own away.
    reValidateMode: 'onSubmit',
    shouldFocusError: options.focusError ?? false,
  });
  const { submit, inFlight, busy, sent } = useSubmit<Sent<V, S>, R>({
    ...options,
    send: ({ body, values }) => latest.current.send(body, values),
    onSent: (result, { values }) => latest.current.onSent?.(result, values),
    onFailed: (told, failure) => {
      showFailure(form, latest.current, told);
      latest.current.onFailed?.(told.first, failure);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight()) return;
    form.clearErrors(SERVER_ERROR);
    void form.handleSubmit((values) => submit({ body: latest.current.toBody(values), values }))(
      event,
    );
  };

  const field = (name: Path<V>) => ({
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
    error: (form.formState.errors[name] as FieldError | undefined)?.message,
  });

  return {
    ...form,
    onSubmit,
    busy,
    sent,
    field,
    formError: form.formState.errors.root?.server?.message,
  };
}

/** The resolver: the body made from the values, checked by typeboxResolver, told in the form's words. */
function bodyResolver<V extends FieldValues, S extends TObject, R>(latest: {
  current: SchemaFormOptions<V, S, R>;
}): Resolver<V> {
  let checked: { schema: S; resolve: ReturnType<typeof typeboxResolver<S, unknown>> } | null = null;
  return async (values, context, resolverOptions) => {
    const { schema, toBody, messages, fieldOf, check, checkFirst, firstOnly, describe } =
      latest.current;
    const early = checkFirst?.(values);
    if (early)
      return {
        values: {},
        errors: { [early.field]: { type: 'check', message: early.text } } as FieldErrors<V>,
      };
    if (checked?.schema !== schema) checked = { schema, resolve: typeboxResolver(schema) };
    const body = toBody(values);
    const result = await checked.resolve(body, context, {
      ...resolverOptions,
      fields: {},
      names: undefined,
      shouldUseNativeValidation: false,
    } as unknown as Parameters<typeof checked.resolve>[2]);
    const problems: FieldProblem<V>[] = [];
    for (const bodyField of Object.keys(schema.properties)) {
      if (!(bodyField in result.errors)) continue;
      const message = (
        messages as Record<string, string | ((body: Static<S>) => string)> | undefined
      )?.[bodyField];
      const text =
        typeof message === 'function'
          ? message(body)
          : (message ?? schemaRefusal(bodyField, describe));
      problems.push({ field: (fieldOf?.[bodyField] ?? bodyField) as Path<V>, text });
    }
    if (problems.length === 0) {
      const problem = check?.(values);
      if (problem) problems.push(problem);
    }
    if (problems.length === 0) return { values, errors: {} };
    const errors: Record<string, FieldError | Record<string, FieldError>> = {};
    for (const { field, text } of firstOnly ? problems.slice(0, 1) : problems) {
      const error = { type: 'schema', message: text };
      // A body field no input shows (a token from the address): told under the form.
      if (field !== 'form' && field in values) errors[field] ??= error;
      else errors.root ??= { server: error };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

/** A failed call onto the form: each named field's server error, else one under the form. */
function showFailure<V extends FieldValues, S extends TObject, R>(
  form: UseFormReturn<V>,
  { fieldOf }: SchemaFormOptions<V, S, R>,
  { first, fields }: ToldFailure,
): void {
  for (const told of fields) {
    const field = fieldOf?.[told.field as string] ?? (told.field as Path<V>);
    form.setError(field === 'form' ? SERVER_ERROR : field, { type: 'server', message: told.text });
  }
  if (fields.length === 0) form.setError(SERVER_ERROR, { type: 'server', message: first.text });
}
