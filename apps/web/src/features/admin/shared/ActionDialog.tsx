import { FormDialog } from '../../../components/form/FormDialog.tsx';
import type { HttpMethod } from '@vigil/contracts';
import { useWrite } from './api.ts';
import type { DialogConfig } from './form-config.ts';

type Props = {
  title: string;
  config: DialogConfig;
  method: Exclude<HttpMethod, 'GET'>;
  /** The call's path, and its permission route (`/staff/password/{id}`). */
  path: string;
  route: string;
  touches: string[];
  onClose: () => void;
};

/** A one-off form bound to a non-CRUD call (reset a password, change a medical state, bind a device). */
export function ActionDialog({ title, config, method, path, route, touches, onClose }: Props) {
  const write = useWrite<unknown>((body) => ({ method, path, body }), touches);
  return (
    <FormDialog
      open
      title={title}
      schema={config.schema}
      defaultValues={config.defaultValues}
      fields={config.fields}
      permission={{ method, route }}
      onClose={onClose}
      onSubmit={(values) => write.mutateAsync(config.toBody ? config.toBody(values) : values)}
    />
  );
}
