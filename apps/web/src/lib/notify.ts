/**
 * Toast bridge: the http client and features report outcomes here; the shell connects a sink
 * (notistack) once it has loaded. The sign-in route has no sink, so it stays free of notistack and
 * shows its errors inline instead.
 */
export type Toast = { variant: 'success' | 'error' | 'info' | 'warning'; key: string; params?: Record<string, unknown> };
type Sink = (toast: Toast) => void;

let sink: Sink | null = null;

export function setToastSink(next: Sink | null): void {
  sink = next;
}

export function notify(toast: Toast): void {
  sink?.(toast);
}

export function notifySuccess(): void {
  notify({ variant: 'success', key: 'toast.success' });
}

export function notifyError(key: string): void {
  notify({ variant: 'error', key });
}
