import { z } from 'zod';
import { errorBody } from '@vigil/contracts';

/** The error answers every signed-in route may give, documented once for OpenAPI. */
export const errorResponses = {
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
} as const;

/** `{ data: null }`: the answer of calls with nothing to return (logout, delete). */
export const emptyData = z.object({ data: z.null() });
