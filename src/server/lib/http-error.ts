/** An error that becomes an HTTP response `{message, errors?}` with the given status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, what);
export const forbidden = (message: string) => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);
export const badRequest = (message: string, errors?: { path: string; message: string }[]) =>
  new HttpError(400, message, errors);
