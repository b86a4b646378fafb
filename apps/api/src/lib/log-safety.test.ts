import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { loggableError, redactedPath, requestIdFrom } from './log-safety';

/** Shaped like drizzle's DrizzleQueryError: the query and its parameters, in fields and message. */
class QueryError extends Error {
  constructor(
    readonly query: string,
    readonly params: unknown[],
    cause: unknown,
  ) {
    super(`Failed query: ${query}\nparams: ${params.join(',')}`, { cause });
  }
}

/** Shaped like a PostgreSQL error report as pg and PGlite hand it over. */
function databaseError(message: string, fields: Record<string, string>) {
  return Object.assign(new Error(message), { name: 'error', severity: 'ERROR', ...fields });
}

describe('loggableError', () => {
  it('keeps the kind, SQLSTATE, schema names and frames of a failed query, none of its values', () => {
    const cause = databaseError(
      'duplicate key value violates unique constraint "users_email_key"',
      {
        code: '23505',
        detail: 'Key (email)=(ana@example.com) already exists.',
        where: 'SQL statement "insert into users values (\'ana@example.com\')"',
        table: 'users',
        constraint: 'users_email_key',
        routine: '_bt_check_unique',
      },
    );
    const error = new QueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['ana@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'],
      cause,
    );
    const logged = loggableError(error);
    expect(logged).toMatchObject({
      type: 'QueryError',
      code: '23505',
      message: 'QueryError',
      cause: {
        message: 'DatabaseError 23505',
        type: 'DatabaseError',
        code: '23505',
        table: 'users',
        constraint: 'users_email_key',
        routine: '_bt_check_unique',
      },
    });
    expect(logged.stack).toMatch(/^at /);
    const text = JSON.stringify(logged);
    for (const secret of ['ana@example.com', '$argon2', 'insert into', 'Key (email)', 'params']) {
      expect(text).not.toContain(secret);
    }
  });

  it('cuts a message that runs over lines, even one that looks like a frame', () => {
    const error = new Error('Failed query: update users\nparams: x\n    at ana@example.com (evil)');
    const logged = loggableError(error);
    expect(logged.stack).toMatch(/^at /);
    expect(JSON.stringify(logged)).not.toContain('ana@example.com');
  });

  it('drops the stack when the message changed after it was taken', () => {
    const error = new Error('first');
    error.message = 'second with ana@example.com';
    error.stack = 'Error: first with ana@example.com\n    at somewhere (file.ts:1:1)';
    expect(loggableError(error).stack).toBe('');
  });

  it('keeps the message of our own AppError, and codes of system errors', () => {
    const unavailable = new AppError('unavailable', 'Payments are unavailable right now');
    expect(loggableError(unavailable)).toMatchObject({
      type: 'AppError',
      message: 'Payments are unavailable right now',
    });
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), {
      code: 'ECONNREFUSED',
      address: '10.0.0.5',
    });
    expect(loggableError(refused)).toEqual({
      type: 'Error',
      code: 'ECONNREFUSED',
      message: 'Error ECONNREFUSED',
      stack: expect.stringMatching(/^at /),
    });
  });

  it('logs only the type of what is not an error', () => {
    expect(loggableError('550 <ana@example.com> unknown')).toEqual({
      type: 'string',
      message: '(a thrown string)',
      stack: '',
    });
    expect(loggableError({ params: ['x'] })).toMatchObject({ type: 'object' });
    expect(loggableError(null)).toMatchObject({ type: 'null' });
  });

  it('keeps a cause chain short', () => {
    let error: Error = new Error('root');
    for (let i = 0; i < 10; i += 1) error = new Error(`level ${i}`, { cause: error });
    let depth = 0;
    for (let logged = loggableError(error); logged.cause; logged = logged.cause) depth += 1;
    expect(depth).toBe(3);
  });
});

describe('requestIdFrom', () => {
  it('keeps a proxy’s plain request id and replaces anything else with a new one', () => {
    expect(requestIdFrom('0b5e0d3c-2f4e-4a8e-9c1d-5a6b7c8d9e0f')).toBe(
      '0b5e0d3c-2f4e-4a8e-9c1d-5a6b7c8d9e0f',
    );
    expect(requestIdFrom('trace:abc.123_x')).toBe('trace:abc.123_x');
    for (const given of ['ana@example.com', 'a b', '', 'x'.repeat(129), undefined, ['a', 'b']]) {
      expect(requestIdFrom(given)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('redactedPath', () => {
  it('drops the query and every segment that could be a token or an id', () => {
    expect(redactedPath('/reset-password/3q2-7wEXAMPLEtoken_abc?x=1')).toBe(
      '/reset-password/:value',
    );
    expect(redactedPath('/verify/:0b5e0d3c-2f4e-4a8e-9c1d-5a6b7c8d9e0f/abcdef0123')).toBe(
      '/verify/:value/:value',
    );
    expect(redactedPath('/order/0b5e0d3c-2f4e-4a8e-9c1d-5a6b7c8d9e0f?token=secret')).toBe(
      '/order/:value',
    );
    expect(redactedPath('/search/ana%40example.com')).toBe('/search/:value');
    expect(redactedPath('/successfulorder?session_id=cs_test_123')).toBe('/successfulorder');
  });

  it('keeps plain words, so the log still says which page was asked for', () => {
    expect(redactedPath('/')).toBe('/');
    expect(redactedPath('/favicon.ico')).toBe('/favicon.ico');
    expect(redactedPath('/api/nothing-here/')).toBe('/api/nothing-here/');
  });
});
