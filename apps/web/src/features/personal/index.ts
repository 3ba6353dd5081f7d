/** The personal feature's public surface: the account menu shows the signed-in user's picture; the shell mounts the enrolment gate and the step-up dialog. Its pages are lazy routes of the app. */
export { HeadshotAvatar } from './components/HeadshotAvatar.tsx';
export { SecondFactorGate } from './components/SecondFactorGate.tsx';
export { StepUpDialog } from './components/StepUpDialog.tsx';
