import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiGetOrNullOn401,
  apiGetWithHeaders,
  apiRequest,
  apiSendText,
  readApiErrorBody,
} from './api';

function stubFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(body || null, { status, statusText }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends credentials and a JSON body only when there is one', async () => {
    const fetchMock = stubFetch(200, '{"ok":true}');
    await apiRequest('POST', '/api/x', { a: 1 });
    await apiRequest('POST', '/api/y');
    const [, withBody] = fetchMock.mock.calls[0]!;
    const [, withoutBody] = fetchMock.mock.calls[1]!;
    expect(withBody?.credentials).toBe('include');
    expect(withBody?.body).toBe('{"a":1}');
    expect(withBody?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(withoutBody?.body).toBeUndefined();
    expect(withoutBody?.headers).not.toHaveProperty('Content-Type');
  });

  it('turns a non-OK response into "status: body" (spec §7)', async () => {
    stubFetch(404, '{"message":"Invalid invite code"}');
    await expect(apiRequest('POST', '/api/syndicates/join', {})).rejects.toThrow(
      '404: {"message":"Invalid invite code"}',
    );
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(500, '', 'Internal Server Error');
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('500: Internal Server Error');
  });

  it('answers undefined for 204', async () => {
    stubFetch(204, '');
    await expect(apiRequest('POST', '/api/logout')).resolves.toBeUndefined();
  });

  it('reads 401 as signed out where asked', async () => {
    stubFetch(401, '{"message":"Unauthorized"}');
    await expect(apiGetOrNullOn401('/api/auth/user')).resolves.toBeNull();
  });
});

describe('apiGetWithHeaders', () => {
  it('answers the JSON body with the response headers, sending the cookies', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response('[1,2]', { status: 200, headers: { Link: '</api/bets?before=2>; rel="next"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { data, headers } = await apiGetWithHeaders<number[]>('/api/bets?limit=2');
    expect(data).toEqual([1, 2]);
    expect(headers.get('link')).toBe('</api/bets?before=2>; rel="next"');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('fails like apiGet on a non-OK answer', async () => {
    stubFetch(400, '{"message":"Limit must be between 1 and 200"}');
    await expect(apiGetWithHeaders('/api/bets?limit=0')).rejects.toThrow(ApiError);
  });
});

describe('apiSendText', () => {
  it('sends the text as is with its content type and the cookies', async () => {
    const fetchMock = stubFetch(200, '{"rows":1}');
    await expect(
      apiSendText('POST', '/api/import/bets?dryRun=true', 'date\r\n', 'text/csv'),
    ).resolves.toEqual({
      rows: 1,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/import/bets?dryRun=true');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('date\r\n');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'text/csv', Accept: 'application/json' });
  });

  it('fails as apiRequest does, keeping the body', async () => {
    stubFetch(413, '{"message":"The file is larger than 5 MB"}');
    const error = await apiSendText('POST', '/api/import/bets', 'x', 'text/csv').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect(readApiErrorBody(error)?.message).toBe('The file is larger than 5 MB');
  });
});

describe('readApiErrorBody', () => {
  it('reads the server JSON from an ApiError or a plain "status: body" error', () => {
    const body = '{"message":"Bad input","errors":[{"path":"name","message":"Too long"}]}';
    expect(readApiErrorBody(new ApiError(400, 'Bad Request', body))?.errors?.[0]?.path).toBe('name');
    expect(readApiErrorBody(new Error(`409: {"message":"Taken"}`))?.message).toBe('Taken');
  });

  it('answers null for anything else', () => {
    expect(readApiErrorBody(new ApiError(500, 'Server Error', 'oops'))).toBeNull();
    expect(readApiErrorBody(new Error('network down'))).toBeNull();
    expect(readApiErrorBody('nope')).toBeNull();
  });
});
