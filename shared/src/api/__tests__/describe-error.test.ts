import { MESSAGES, unknownErrorText } from '../../config/messages';
import { describeError, type ApiError } from '../describe-error';

const answer = (status: number, data?: unknown): ApiError => ({ status, data });

describe('describeError', () => {
  it('tells the user the API could not be reached when there was no answer', () => {
    expect(describeError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      text: MESSAGES.noInternet,
    });
    expect(describeError({ status: 'TIMEOUT_ERROR', error: 'AbortError' }).text).toBe(
      MESSAGES.noInternet,
    );
  });

  it("reads the shell proxy's 502/503/504 as no internet, whatever its body says", () => {
    for (const status of [502, 503, 504]) {
      const error = answer(status, { error: 'The API server is not reachable' });
      expect(describeError(error).text).toBe(MESSAGES.noInternet);
      expect(describeError(error, { anonymous: true }).text).toBe(MESSAGES.noInternet);
    }
  });

  it("within a session, 403 is 'Permission Denied' and 401 the expired-session text", () => {
    expect(describeError(answer(403, { error: 'Shop is inactive' })).text).toBe(
      MESSAGES.permissionDenied,
    );
    expect(describeError(answer(401, { error: 'Token revoked' })).text).toBe(
      MESSAGES.sessionExpired,
    );
  });

  it("without a session (login, reset), 401 and 403 show the server's text as-is", () => {
    expect(
      describeError(answer(401, { error: 'Wrong email or password' }), { anonymous: true }),
    ).toEqual({ text: 'Wrong email or password' });
    expect(
      describeError(answer(403, { error: 'Shop is not active' }), { anonymous: true }).text,
    ).toBe('Shop is not active');
  });

  it('shows the first error of the first field asked for, and says which field', () => {
    const error = answer(400, { logo: ['Not an image'], email: ['Already registered', 'x'] });
    expect(describeError(error, { fields: ['email', 'logo'], anonymous: true })).toEqual({
      text: 'Already registered',
      field: 'email',
    });
    expect(describeError(error, { fields: ['logo', 'email'] })).toEqual({
      text: 'Not an image',
      field: 'logo',
    });
    expect(describeError(answer(400, { logo: ['Not an image'] }), { fields: ['email'] }).text).toBe(
      unknownErrorText(400),
    );
  });

  it("otherwise shows the server's error field", () => {
    expect(describeError(answer(409, { error: 'Stock is short' }))).toEqual({
      text: 'Stock is short',
    });
  });

  it('never shows a schema path, a field key or a rule of the API (issue 34)', () => {
    const told = (error: string) => describeError(answer(400, { error })).text;
    expect(told('Invalid request: body/new_password must NOT have fewer than 8 characters')).toBe(
      MESSAGES.invalidField('password'),
    );
    expect(told('Invalid request: body/email must NOT have more than 254 characters')).toBe(
      MESSAGES.invalidField('e-mail address'),
    );
    expect(told("Invalid request: body must have required property 'email'")).toBe(
      MESSAGES.invalidRequest,
    );
    expect(told('Invalid request: querystring/page must be >= 1')).toBe(MESSAGES.invalidRequest);
    expect(told('Invalid request: params/id must be integer')).toBe(MESSAGES.invalidRequest);
    for (const text of [MESSAGES.invalidRequest, MESSAGES.invalidField('password')]) {
      expect(text).not.toMatch(/body|\/|_|must/);
    }
  });

  it("says '404 not found' for a bare 404 and the status code for any other bare failure", () => {
    expect(describeError(answer(404)).text).toBe(MESSAGES.notFound);
    expect(describeError(answer(500, '<html>')).text).toBe(unknownErrorText(500));
  });

  it('describes by the status code alone when the call asks for it (forgot password)', () => {
    expect(
      describeError(answer(400, { error: 'No shop with this e-mail' }), { byStatusCode: true }),
    ).toEqual({ text: unknownErrorText(400) });
    expect(describeError({ status: 'FETCH_ERROR', error: 'x' }, { byStatusCode: true }).text).toBe(
      MESSAGES.noInternet,
    );
  });

  it('falls back to the message of an error thrown in the client', () => {
    expect(describeError({ name: 'Error', message: 'Bad response' }).text).toBe('Bad response');
    expect(describeError(undefined).text).toBe(MESSAGES.noInternet);
  });
});
