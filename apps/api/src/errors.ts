// Errors carry a stable id and the user-facing message; one middleware renders them.
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly id: string,
    message: string,
  ) {
    super(message);
  }
}

export const validationError = (message: string) => new AppError(400, 'validation_error', message);
export const authenticationRequired = (message = 'Authentication required') =>
  new AppError(401, 'authentication_required', message);
export const invalidCredentials = () =>
  new AppError(401, 'invalid_credentials', 'Invalid email/phone or password');
export const adminRequired = () => new AppError(403, 'admin_required', 'Admin access required');
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (id: string, message: string) => new AppError(409, id, message);
export const payloadTooLarge = (message = 'The request is too large') =>
  new AppError(413, 'payload_too_large', message);
export const unsupportedMediaType = (message: string) => new AppError(415, 'unsupported_media_type', message);
export const tooManyRequests = (message: string) => new AppError(429, 'rate_limited', message);
export const serviceUnavailable = (message = 'The server is busy. Please try again in a moment.') =>
  new AppError(503, 'service_unavailable', message);
