import { alertBell } from '../../app/shell/AlertBellSlot.tsx';
import { startRealtimeConnection } from '../realtime/connection.ts';
import { AlertBell } from './components/AlertBell.tsx';

/**
 * Loaded with the signed-in shell: puts the bell in the top bar's slot and binds the staff
 * connection to the session, so the sign-in page carries none of this code.
 */
alertBell.component = AlertBell;
startRealtimeConnection();
