import { FormDialog } from '../../../components/form/FormDialog.tsx';
import type { HttpMethod } from '@vigil/contracts';
import { useWrite } from './api.ts';
import type { DialogConfig } from './form-config.ts';

type Props = {
  title: string;
  config: DialogConfig;
  method: Exclude<HttpMethod, 'GET'>;
  /** The call's path, and the permission pair the server checks for it (shared/action-permissions). */
  path: string;
  permission: { method: HttpMethod; route: string };
  touches: string[];
  onClose: () => void;
};

/** A one-off form bound to a non-CRUD call (reset a password, change a medical state, bind a device). */
export function ActionDialog({ title, config, method, path, permission, touches, onClose }: Props) {
  const write = useWrite<unknown>((body) => ({ method, path, body }), touches);
  return (
    <FormDialog
      open
      title={title}
      schema={config.schema}
      defaultValues={config.defaultValues}
      fields={config.fields}
      permission={permission}
      onClose={onClose}
      onSubmit={(values) => write.mutateAsync(config.toBody ? config.toBody(values) : values)}
    />
  );
}
