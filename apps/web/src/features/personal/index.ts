/** The personal feature's public surface: the account menu shows the signed-in user's picture; the shell mounts the enrolment gate and the step-up dialog. Its pages are lazy routes of the app. */
export { HeadshotAvatar } from './components/HeadshotAvatar.tsx';
export { SecondFactorGate } from './components/SecondFactorGate.tsx';
export { StepUpDialog } from './components/StepUpDialog.tsx';
/** Linking one's own LINE user by a one-time code: the personal page, and the organisation's LINE page for its admins. */
export { LineLink } from './components/DeviceAlertsSection.tsx';
