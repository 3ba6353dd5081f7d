import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSecondFactor } from '../security-api.ts';

const ENROL_PATH = '/second-factor';

/**
 * An admin whose organisation requires a second factor (the operator level always does) and who has
 * none is sent to enrolment first, and back there from any other page until one is set up.
 */
export function SecondFactorGate() {
  const { data } = useSecondFactor();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mustEnrol = Boolean(data?.required && !data.totp && data.passkeys.length === 0);
  useEffect(() => {
    if (mustEnrol && pathname !== ENROL_PATH) navigate(ENROL_PATH, { replace: true });
  }, [mustEnrol, pathname, navigate]);
  return null;
}
