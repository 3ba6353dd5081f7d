import type { HttpMethod } from '@vigil/contracts';
import { type Write, useWrite } from './api.ts';
import type { ResourceDialog } from './dialog.tsx';

type Props = {
  title: string;
  dialog: ResourceDialog;
  method: Write['method'];
  /** The call's path, and the permission pair the server checks for it. */
  path: string;
  permission: { method: HttpMethod; route: string };
  /** Resources whose cached lists the call changes. */
  touches: string[];
  onClose: () => void;
};

/** A one-off form bound to a call that is not plain CRUD (reset a password, change a state, bind a device). */
export function ActionDialog({ title, dialog, method, path, permission, touches, onClose }: Props) {
  const write = useWrite<unknown>((body) => ({ method, path, body }), touches);
  return dialog.render({ title, permission, onClose, submit: (body) => write.mutateAsync(body) });
}
