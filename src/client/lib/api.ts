/**
 * The one way the client talks to the server (spec §7): cookies always sent, a JSON body only when
 * there is one, and any non-OK response becomes an Error whose message is `${status}: ${body || statusText}`.
 */
import { SYNDICATE_HEADER } from '@shared/syndicate-header';
import {
  isBrowserOffline,
  OFFLINE_MESSAGE,
  reportRequestAnswered,
  reportRequestFailed,
} from './connectivity';
import { shownSyndicate } from './shown-syndicate';

export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
  }
}

/**
 * A write that could not reach the server (offline, or the request got no answer). Its body reads
 * like a server error, so every form's `readApiErrorBody(error)?.message` shows OFFLINE_MESSAGE.
 */
export class OfflineError extends ApiError {
  constructor() {
    super(0, 'Offline', JSON.stringify({ message: OFFLINE_MESSAGE }));
    this.name = 'OfflineError';
    this.message = OFFLINE_MESSAGE;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The server's error body: `{message, errors?: [{path, message}]}`. */
export interface ApiErrorBody {
  message: string;
  errors?: { path: string; message: string }[];
}

export async function apiRequest<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...extraHeaders },
  };
  if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return send<T>(url, init);
}

/**
 * A request whose body is raw text with its own content type (a CSV file for the import). Like
 * `apiRequest` it is a same-origin fetch with the cookies, so the browser adds the Origin header the
 * server's CSRF rule checks; the answer and errors are read exactly as `apiRequest` reads them.
 */
export function apiSendText<T>(
  method: Exclude<HttpMethod, 'GET'>,
  url: string,
  text: string,
  contentType: string,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  return send<T>(url, {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...extraHeaders, 'Content-Type': contentType },
    body: text,
  });
}

/** How a request reaches the server: the browser's fetch, or (drawing a page on the server) the app itself. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * Where requests go from now on. Only the server's first paint (src/server/first-paint.ts) calls
 * it: there the page's own reads are answered by the app's routes, as the caller.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** Sends the request; a non-OK answer becomes an ApiError, 204 or an empty body undefined, else JSON. */
async function send<T>(url: string, init: RequestInit): Promise<T> {
  return (await sendReadingHeaders<T>(url, init)).data;
}

async function sendReadingHeaders<T>(url: string, init: RequestInit): Promise<{ data: T; headers: Headers }> {
  const write = init.method !== undefined && init.method !== 'GET';
  // Offline a write is refused at once with a clear message, instead of failing as a bare TypeError.
  if (write && isBrowserOffline()) throw new OfflineError();
  const syndicate = shownSyndicate();
  if (write && syndicate !== null) init.headers = { ...init.headers, [SYNDICATE_HEADER]: String(syndicate) };
  let res: Response;
  try {
    res = await transport(url, init);
  } catch (error) {
    if (error instanceof TypeError) {
      reportRequestFailed();
      if (write) throw new OfflineError();
    }
    throw error;
  }
  reportRequestAnswered();
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, res.statusText, text);
  }
  if (res.status === 204) return { data: undefined as T, headers: res.headers };
  const text = await res.text();
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}

export const apiGet = <T>(url: string): Promise<T> => apiRequest<T>('GET', url);

/** GET like `apiGet`, also answering the response headers (a keyset page's `Link`, for one). */
export const apiGetWithHeaders = <T>(url: string): Promise<{ data: T; headers: Headers }> =>
  sendReadingHeaders<T>(url, {
    method: 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });

/** GET that answers null on 401 instead of failing: the signed-out state, not an error. */
export async function apiGetOrNullOn401<T>(url: string): Promise<T | null> {
  try {
    return await apiGet<T>(url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'message' in value &&
    typeof (value as { message: unknown }).message === 'string'
  );
}

/**
 * Read the server's JSON error body from an error thrown by `apiRequest`, for toasts and forms.
 * Falls back to parsing the text after "status: " in the message. Null when there is none.
 */
export function readApiErrorBody(error: unknown): ApiErrorBody | null {
  let text: string | undefined;
  if (error instanceof ApiError) text = error.bodyText;
  else if (error instanceof Error) text = /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1];
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isErrorBody(parsed) && parsed.message.trim() ? parsed : null;
  } catch {
    return null;
  }
}

/** The HTTP status of an error thrown by `apiRequest`, if any. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}
