import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Resource, handleAbnormalRequest } from '@vigil/contracts';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { abnormalKeys, handleAbnormal } from '../api.ts';
import { abnormalFeed } from '../feed.ts';
import { removeAbnormal } from '../store.ts';

const handleForm = handleAbnormalRequest.omit({ abnormal_id: true }).required({ no_action: true });

type Props = { abnormalId: number | null; onClose: () => void };

/**
 * Records a handling (content, remark, whether it needed no action). The server then announces `abnoramlHandle` to every staff
 * member in scope, which removes the alert from their feeds; this console removes it at once.
 */
export function HandleDialog({ abnormalId, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const defaults = useMemo(() => ({ content: '', remark: '', no_action: false }), []);
  return (
    <FormDialog
      open={abnormalId !== null}
      title={t('abnormal.handle.title')}
      schema={handleForm}
      defaultValues={defaults}
      permission={{ method: 'POST', route: Resource.handleAbnormal }}
      submitLabel={t('abnormal.handle.submit')}
      fields={[
        { name: 'content', label: t('abnormal.handle.content'), required: true, multiline: true },
        { name: 'remark', label: t('abnormal.handle.remark'), multiline: true },
        // Counted on the alert-burden page: how many alerts needed nothing done.
        { name: 'no_action', label: t('abnormal.handle.noAction'), kind: 'checkbox' },
      ]}
      onClose={onClose}
      onSubmit={async (values) => {
        if (abnormalId === null) return;
        await handleAbnormal({ abnormal_id: abnormalId, content: values.content, remark: values.remark, no_action: values.no_action });
        abnormalFeed.set((s) => removeAbnormal(s, { id: abnormalId }));
        await queryClient.invalidateQueries({ queryKey: abnormalKeys.all });
        notifySuccess();
      }}
    />
  );
}
