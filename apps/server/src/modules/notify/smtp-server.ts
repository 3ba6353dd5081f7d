import type { SmtpServerDetail, SmtpServerUpdate } from '@vigil/contracts';

/** nodemailer's defaults when an SMTP URL names no port: 465 for smtps, 587 otherwise. */
const defaultPort = (secure: boolean) => (secure ? 465 : 587);

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * The SMTP server named by an SMTP URL (`smtps://user:password@host:port`), as the operator's
 * settings page shows it: the password only as whether one is set.
 */
export function smtpServerOf(url: string | undefined): SmtpServerDetail | null {
  const u = url ? parse(url) : null;
  if (!u || !u.hostname) return null;
  const secure = u.protocol === 'smtps:';
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : defaultPort(secure),
    secure,
    user: decodeURIComponent(u.username),
    password_set: u.password !== '',
  };
}

/**
 * The SMTP URL of the page's parts. The password is write-only: left out, the one in `current`
 * (the stored URL) is kept. Without a user there is no sign-in, so no password either.
 */
export function smtpUrlOf(server: SmtpServerUpdate, current: string | undefined): string {
  const kept = current ? parse(current) : null;
  const password = server.password ?? (kept ? decodeURIComponent(kept.password) : '');
  const credentials = server.user ? `${encodeURIComponent(server.user)}${password ? `:${encodeURIComponent(password)}` : ''}@` : '';
  return `${server.secure ? 'smtps' : 'smtp'}://${credentials}${server.host}:${server.port}`;
}
